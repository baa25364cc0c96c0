/**
 * react-dom's client, a chunk of its own that main.tsx imports first (decision 045): evaluating it
 * is the longest part of a page's start, and on its own it is one task, not part of one long task
 * with the whole app.
 */
export { createRoot, hydrateRoot } from "react-dom/client";
