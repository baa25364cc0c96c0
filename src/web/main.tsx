import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { z } from "zod";
import { fi } from "zod/locales";
import { createAppRouter } from "./router";
import "./styles.css";

z.config(fi());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
