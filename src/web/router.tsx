import { createElement, type ComponentType, type ReactElement } from "react";
import { matchRoutes, Navigate, useRoutes, type RouteObject } from "react-router-dom";
import { validStoredSession } from "../client/customerSession";
import { AppLayout } from "./layout/AppLayout";
import { ErrorBoundary } from "./layout/ErrorBoundary";
import { lazyPage, preloadAll } from "./lazyPage";
import { AccountLoading } from "./pages/account/AccountLoading";
import { NotFoundPage } from "./pages/NotFoundPage";
import { pageMeta, type RouteMeta } from "./routeMeta";
import { accountView, CustomerSessionProvider, useCustomerSession } from "./session/CustomerSessionProvider";
import { SubscriptionProvider } from "./session/SubscriptionProvider";

const noHeader = (meta: RouteMeta): RouteMeta => ({ ...meta, hideHeader: true });

/** Every lazy page of the route table, for `loadedRoutes`. */
const lazyPages: (() => Promise<void>)[] = [];

/** A route's page as a chunk of its own (lazyPage.ts). */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  return createElement(lazyPage(load, pick, lazyPages));
}

const AccountPage = lazyPage(
  () => import("./pages/AccountPage"),
  (m) => m.AccountPage,
  lazyPages,
);

/**
 * /oma-tili. While the stored session is checked the page says "Ladataan…", and a visitor with no
 * session goes to /login, before the account page's chunk is downloaded (issue 37); once the page
 * is here it decides for itself (after the account is deleted it goes home, not to /login).
 */
function AccountRoute() {
  const view = useCustomerSession(accountView);
  if (AccountPage.loaded() || view === "account") return <AccountPage />;
  return view === "none" ? <Navigate to="/login" replace /> : <AccountLoading />;
}
/** On a first load of /oma-tili the page's chunk starts at once when a session is stored. */
AccountRoute.preload = () => (validStoredSession(Date.now()) ? AccountPage.preload() : Promise.resolve());

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
      { path: "/oma-tili", element: <AccountRoute />, handle: pageMeta.account },
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
  await preloadAll(lazyPages);
  return routes;
}
