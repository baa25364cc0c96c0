import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes, preloadPagesAt } from "./router";
import "./tokens.css";
import "./styles.css";

/**
 * Gives the browser its turn between evaluating the modules and the first render, which would
 * otherwise be one long task that blocks input and that Lighthouse counts as blocking time beyond
 * 50 ms (decision 019). The page's own chunk is requested before the pause.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

async function start() {
  const root = document.getElementById("root")!;
  const loaded = preloadPagesAt(window.location.pathname);
  if (root.firstElementChild && !root.hasAttribute("data-shell")) {
    // A page prerendered at build time (decision 030): it is on screen already, so React takes it
    // over once the page's chunk is here (hydrating never suspends), in a transition, which React
    // does in slices that leave the main thread free in between.
    await loaded;
    startTransition(() => void hydrateRoot(root, app));
    return;
  }
  // A page shell's markup (a checkout's first state, decision 030) stays until the page's chunk is
  // here, and React's first render replaces it; an empty root shows nothing meanwhile anyway.
  if (root.hasAttribute("data-shell")) {
    await loaded;
    // Its first state is painted already: React renders in a transition's slices meanwhile.
    startTransition(() => createRoot(root).render(app));
    return;
  }
  await nextTask();
  createRoot(root).render(app);
}

void start();
