import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
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

async function start() {
  preloadPagesAt(window.location.pathname);
  await nextTask();
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
