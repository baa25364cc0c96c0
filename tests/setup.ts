import "@testing-library/jest-dom/vitest";

// jsdom has no layout: its scrollTo only prints "Not implemented". Views scroll on navigation, so
// make it a quiet no-op; tests/web/shell.test.tsx replaces it with a spy to check the calls.
if (typeof window !== "undefined") window.scrollTo = () => {};
