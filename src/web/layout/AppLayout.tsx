import { Outlet, useMatches } from "react-router-dom";
import type { RouteMeta } from "../routeMeta";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import { useHasActiveSubscription } from "./useHasActiveSubscription";

/** The matched routes' metadata merged, the deepest route winning (spec §1: hide header or footer). */
function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  return Object.assign({}, ...matches.map((m) => (m.handle as RouteMeta | undefined) ?? {})) as RouteMeta;
}

export function AppLayout() {
  const meta = useRouteMeta();
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
