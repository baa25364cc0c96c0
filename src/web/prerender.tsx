/*
 * The public pages' HTML at build time (decision 030): vite.prerender.ts builds this module for
 * Node and calls `renderPage` for each of `prerenderedPages`. The markup is the app's own first
 * render (the same route table, a static router at the page's path), so the browser paints the
 * page before any script runs and src/web/main.tsx hydrates it with the same React tree. What
 * only the browser knows (the site's settings, availability, the stored session and bookings, the
 * date) renders as its loading state here and during hydration, and is filled in after it
 * (useHydrated, getServerSnapshot).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router-dom";
import { DEFAULT_DESCRIPTION, documentTitle, type RouteMeta } from "./routeMeta";
import { AppRoutes, loadedRoutes } from "./router";

/**
 * The prerendered paths, each with its lazy page module (a key of the build's manifest, relative
 * to src/web), whose chunk and CSS the page's HTML names so they load with it. The server serves
 * `prerendered/<file>.html` for the exact path (src/server/webPages.ts); any other page address
 * gets the SPA shell.
 */
export const prerenderedPages: { path: string; file: string; module?: string }[] = [
  { path: "/", file: "index", module: "pages/HomePage.tsx" },
  { path: "/varauskalenteri", file: "varauskalenteri", module: "pages/booking/CalendarPage.tsx" },
  { path: "/ohjeet-tulijoille", file: "ohjeet-tulijoille", module: "pages/NewcomersPage.tsx" },
  { path: "/jasenyys", file: "jasenyys", module: "pages/membership/MembershipPage.tsx" },
  { path: "/oma-varaus", file: "oma-varaus", module: "pages/booking/MyReservationsPage.tsx" },
  { path: "/maksuehdot", file: "maksuehdot", module: "pages/PaymentTermsPage.tsx" },
  { path: "/tietosuojaseloste", file: "tietosuojaseloste", module: "pages/PrivacyPage.tsx" },
];

/**
 * Pages whose path carries data (a checkout's times): a shell of their own that names the page's
 * chunks and CSS, so the browser fetches them with the entry instead of after it, and paints the
 * page's first state from `markupAt` (a path of the same shape whose first render says nothing of
 * its data: the checkout's heading and "checking the time"). That markup is not hydrated: main.tsx
 * renders the page afresh over it (`data-shell`), in the same layout, so nothing moves. The server
 * serves `shells/<file>.html` for the prefix and every path under it.
 */
export const pageShells: { prefix: string; file: string; module: string; markupAt: string }[] = [
  {
    prefix: "/checkout",
    file: "checkout",
    module: "pages/booking/CheckoutPage.tsx",
    markupAt: "/checkout/2099-01-01T10:00:00+02:00/2099-01-01T10:30:00+02:00",
  },
];

/** Node has no web storage: the session, the stored bookings and a tab's checkout read as empty, as for a first visit. */
function emptyStorage(): Storage {
  return {
    length: 0,
    clear: () => {},
    getItem: () => null,
    key: () => null,
    removeItem: () => {},
    setItem: () => {},
  };
}

export type PrerenderedPage = { html: string; title: string; description: string };

/** The markup of the app at `path`, with the page's tab title and description for its <head>. */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  globalThis.localStorage ??= emptyStorage();
  globalThis.sessionStorage ??= emptyStorage();
  // Every lazy page loaded first, so no page suspends and the markup is the page, not a fallback.
  const routes = await loadedRoutes();
  const meta = Object.assign(
    {},
    ...(matchRoutes(routes, path) ?? []).map((m) => (m.route.handle as RouteMeta | undefined) ?? {}),
  ) as RouteMeta;
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    title: documentTitle(meta, "Koirapuisto"),
    description: meta.description ?? DEFAULT_DESCRIPTION,
  };
}
