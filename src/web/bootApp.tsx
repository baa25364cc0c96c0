import { StrictMode } from "react";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes, preloadPagesAt } from "./router";

/**
 * The app that main.tsx renders or hydrates, a chunk of its own evaluated in a task after
 * react-dom's (decision 045).
 */
export const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

export { preloadPagesAt };
