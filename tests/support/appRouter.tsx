import { useLayoutEffect, type ReactElement } from "react";
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type NavigateFunction,
  type RouteObject,
} from "react-router-dom";
import { loadedRoutes } from "../../src/web/router";

/**
 * View tests render the app as it ships: the declarative router (`useRoutes` over the route table,
 * as `AppRoutes` does inside main.tsx's BrowserRouter), in memory at a given path, with every lazy
 * page loaded first. `here()` and `navigate()` stand in for what a data router's state offered.
 */
export type TestApp = {
  element: ReactElement;
  /** The current path. */
  here(): string;
  /** The current query string ("" or "?a=b"). */
  search(): string;
  navigate(to: string): void;
};

export function memoryApp(routes: RouteObject[], path: string): TestApp {
  const [initialPath, initialQuery] = path.split("?");
  const seen: { pathname: string; search: string; navigate: NavigateFunction | null } = {
    pathname: initialPath!,
    search: initialQuery ? `?${initialQuery}` : "",
    navigate: null,
  };
  function Pages() {
    return useRoutes(routes);
  }
  function Probe() {
    const { pathname, search } = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      seen.pathname = pathname;
      seen.search = search;
      seen.navigate = navigate;
    });
    return null;
  }
  return {
    element: (
      <MemoryRouter initialEntries={[path]}>
        <Pages />
        <Probe />
      </MemoryRouter>
    ),
    here: () => seen.pathname,
    search: () => seen.search,
    navigate: (to) => void seen.navigate!(to),
  };
}

/** The app's own route table at `path`, its pages loaded. */
export const appAt = async (path: string) => memoryApp(await loadedRoutes(), path);
