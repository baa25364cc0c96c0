import { useEffect } from "react";
import { matchRoutes, Outlet, useLocation, type RouteObject } from "react-router-dom";
import { DEFAULT_DESCRIPTION, documentTitle, type RouteMeta } from "../routeMeta";
import { useSiteInfo } from "../useSiteInfo";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import { useHasActiveSubscription } from "./useHasActiveSubscription";

/**
 * The metadata of the routes matched in `routes` (the route table, given by the router module to
 * keep this file out of its imports), merged with the deepest route winning (spec §1: hide header
 * or footer).
 */
function useRouteMeta(routes: RouteObject[]): RouteMeta {
  const matches = matchRoutes(routes, useLocation()) ?? [];
  return Object.assign(
    {},
    ...matches.map((m) => (m.route.handle as RouteMeta | undefined) ?? {}),
  ) as RouteMeta;
}

/** The tab title and meta description of the route shown, with the park's name from the server. */
function useDocumentMeta(meta: RouteMeta) {
  const parkName = useSiteInfo().site?.park.name ?? "Koirapuisto";
  const title = documentTitle(meta, parkName);
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  useEffect(() => {
    document.title = title;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}

export function AppLayout({ routes }: { routes: RouteObject[] }) {
  const meta = useRouteMeta(routes);
  useDocumentMeta(meta);
  const hasActiveSubscription = useHasActiveSubscription();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Siirry sisältöön
      </a>
      {!meta.hideHeader && <Header hasActiveSubscription={hasActiveSubscription} />}
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {!meta.hideFooter && <Footer />}
      <ScrollToTop />
    </div>
  );
}
