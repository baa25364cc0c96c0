import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { createAppRouter } from "./router";
import "./styles.css";

/**
 * Gives the browser its turn between the steps of starting the app: evaluating the modules, creating
 * the router and the first render were one long task, which blocks input and which Lighthouse
 * counts as blocking time beyond 50 ms (decision 019). Three shorter tasks do the same work.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
