import "@testing-library/jest-dom/vitest";

// jsdom has no layout: its scrollTo only prints "Not implemented". Views scroll on navigation, so
// make it a quiet no-op; tests/web/shell.test.tsx replaces it with a spy to check the calls.
if (typeof window !== "undefined") window.scrollTo = () => {};

// A React update outside act(...) means a test asserted before the page settled, or left work
// running after it ended: React only prints a warning, so collect them and fail the test.
const actWarnings: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const message = args.map(String).join(" ");
  if (message.includes("not wrapped in act(")) actWarnings.push(message.split("\n")[0]!);
  consoleError(...args);
};
afterEach(() => {
  const warnings = actWarnings.splice(0);
  if (warnings.length > 0) expect.fail(`React updates outside act(...):\n${warnings.join("\n")}`);
});
