import { createElement, use, type ComponentType, type ReactElement } from "react";
import { matchRoutes, Navigate, useRoutes, type RouteObject } from "react-router-dom";
import { AppLayout } from "./layout/AppLayout";
import { ErrorBoundary } from "./layout/ErrorBoundary";
import { NotFoundPage } from "./pages/NotFoundPage";
import { pageMeta, type RouteMeta } from "./routeMeta";
import { CustomerSessionProvider } from "./session/CustomerSessionProvider";
import { SubscriptionProvider } from "./session/SubscriptionProvider";

const noHeader = (meta: RouteMeta): RouteMeta => ({ ...meta, hideHeader: true });

/**
 * A page that is a chunk of its own, loaded when its route is first rendered (decision 019: the
 * first load of / stays small). Navigations run in a transition (react-router's BrowserRouter), so
 * while the chunk loads the page being left stays on screen and nothing below it jumps. A chunk
 * that fails to load is thrown to the error screen like any render error.
 */
const lazyPages: (() => Promise<void>)[] = [];

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      Loaded = pick(module);
    }));
  function LazyPage() {
    if (!Loaded) use(preload());
    return createElement(Loaded!);
  }
  lazyPages.push(preload);
  return createElement(Object.assign(LazyPage, { preload }));
}

/** The public pages' layout, which reads each page's RouteMeta from this table. */
const Layout = () => <AppLayout routes={routes} />;

/**
 * The route table of spec §2; each route's `handle` is its RouteMeta. The app renders it with
 * `useRoutes` inside a BrowserRouter (the declarative router, about half the data router's weight,
 * decision 023); the tests also give it to a memory router.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <ErrorBoundary>
        <CustomerSessionProvider>
          <SubscriptionProvider>
            <Layout />
          </SubscriptionProvider>
        </CustomerSessionProvider>
      </ErrorBoundary>
    ),
    children: [
      {
        path: "/",
        element: page(
          () => import("./pages/HomePage"),
          (m) => m.HomePage,
        ),
        handle: pageMeta.home,
      },
      {
        path: "/varauskalenteri/:time?",
        element: page(
          () => import("./pages/booking/CalendarPage"),
          (m) => m.CalendarPage,
        ),
        handle: pageMeta.calendar,
      },
      {
        path: "/varauskalenteri/jono/:start/:end",
        element: page(
          () => import("./pages/booking/WaitlistPage"),
          (m) => m.WaitlistPage,
        ),
        handle: pageMeta.waitlist,
      },
      {
        path: "/varauskalenteri/jono/:token",
        element: page(
          () => import("./pages/booking/WaitlistEntryPage"),
          (m) => m.WaitlistEntryPage,
        ),
        handle: pageMeta.waitlistEntry,
      },
      {
        path: "/checkout/:start?/:end?",
        element: page(
          () => import("./pages/booking/CheckoutPage"),
          (m) => m.CheckoutPage,
        ),
        handle: pageMeta.checkout,
      },
      {
        path: "/ohjeet-tulijoille",
        element: page(
          () => import("./pages/NewcomersPage"),
          (m) => m.NewcomersPage,
        ),
        handle: pageMeta.newcomers,
      },
      {
        path: "/jasenyys",
        element: page(
          () => import("./pages/membership/MembershipPage"),
          (m) => m.MembershipPage,
        ),
        handle: pageMeta.membership,
      },
      {
        path: "/subscription/success",
        element: page(
          () => import("./pages/membership/SubscriptionSuccessPage"),
          (m) => m.SubscriptionSuccessPage,
        ),
        handle: noHeader(pageMeta.subscriptionSuccess),
      },
      {
        path: "/subscription/cancelled",
        element: page(
          () => import("./pages/membership/SubscriptionCancelledPage"),
          (m) => m.SubscriptionCancelledPage,
        ),
        handle: noHeader(pageMeta.subscriptionCancelled),
      },
      {
        path: "/maksuehdot",
        element: page(
          () => import("./pages/PaymentTermsPage"),
          (m) => m.PaymentTermsPage,
        ),
        handle: pageMeta.paymentTerms,
      },
      {
        path: "/tietosuojaseloste",
        element: page(
          () => import("./pages/PrivacyPage"),
          (m) => m.PrivacyPage,
        ),
        handle: pageMeta.privacy,
      },
      {
        path: "/avaa/:token",
        element: page(
          () => import("./pages/booking/DoorPage"),
          (m) => m.DoorPage,
        ),
        handle: noHeader(pageMeta.door),
      },
      {
        path: "/oma-varaus",
        element: page(
          () => import("./pages/booking/MyReservationsPage"),
          (m) => m.MyReservationsPage,
        ),
        handle: pageMeta.myReservation,
      },
      { path: "/omat-varaukset", element: <Navigate to="/oma-varaus" replace /> },
      { path: "/oma", element: <Navigate to="/oma-varaus" replace /> },
      {
        path: "/palaute",
        element: page(
          () => import("./pages/FeedbackPage"),
          (m) => m.FeedbackPage,
        ),
        handle: noHeader(pageMeta.feedback),
      },
      {
        path: "/login",
        element: page(
          () => import("./pages/LoginPage"),
          (m) => m.LoginPage,
        ),
        handle: pageMeta.login,
      },
      {
        path: "/auth/callback",
        element: page(
          () => import("./pages/AuthCallbackPage"),
          (m) => m.AuthCallbackPage,
        ),
        handle: noHeader(pageMeta.authCallback),
      },
      {
        path: "/oma-tili",
        element: page(
          () => import("./pages/AccountPage"),
          (m) => m.AccountPage,
        ),
        handle: pageMeta.account,
      },
      { path: "*", element: <NotFoundPage />, handle: pageMeta.notFound },
    ],
  },
  {
    // The admin area has its own layout and is a chunk of its own, Firebase included: a visitor
    // never downloads it (issue 9). /hallinta/login is inside it.
    path: "/hallinta/*",
    element: (
      <ErrorBoundary>
        {page(
          () => import("./admin/AdminArea"),
          (m) => m.default,
        )}
      </ErrorBoundary>
    ),
  },
];

/** The app's pages for the router around it. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts loading the chunks of the pages `path` shows, so the first render does not wait for the
 * page's request to begin. Settles when they are loaded (or failed: a failure is shown when the
 * page renders), which a prerendered page waits for before it hydrates.
 */
export function preloadPagesAt(path: string): Promise<void> {
  type Element = { type?: { preload?: () => Promise<void> }; props?: { children?: unknown } } | null;
  const loads: Promise<void>[] = [];
  for (const { route } of matchRoutes(routes, path) ?? []) {
    // The page itself, or the page inside its error boundary (the admin area).
    for (const element of [route.element, (route.element as Element)?.props?.children] as Element[]) {
      const load = element?.type?.preload?.();
      if (load) loads.push(load.catch(() => {}));
    }
  }
  return Promise.all(loads).then(() => {});
}

/**
 * The route table with every lazy page already loaded, so that a view test renders and navigates
 * without waiting for a chunk, as it did before the pages were split.
 */
export async function loadedRoutes(): Promise<RouteObject[]> {
  await Promise.all(lazyPages.map((preload) => preload()));
  return routes;
}
