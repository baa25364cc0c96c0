import type { ComponentType } from "react";
import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from "react-router-dom";
import { AppLayout } from "./layout/AppLayout";
import { ErrorScreen } from "./layout/ErrorScreen";
import { HomePage } from "./pages/HomePage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { pageMeta, type RouteMeta } from "./routeMeta";
import { CustomerSessionProvider } from "./session/CustomerSessionProvider";
import { SubscriptionProvider } from "./session/SubscriptionProvider";

const noHeader = (meta: RouteMeta): RouteMeta => ({ ...meta, hideHeader: true });

/**
 * A page that is a chunk of its own, loaded when its route is first matched (decision 019: the
 * first load of / stays small). The router waits for the chunk before it shows the page, so the
 * page being left stays on screen meanwhile and nothing below it jumps.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The route table of spec §2; each route's `handle` is its RouteMeta. */
export const routes: RouteObject[] = [
  {
    element: (
      <CustomerSessionProvider>
        <SubscriptionProvider>
          <AppLayout />
        </SubscriptionProvider>
      </CustomerSessionProvider>
    ),
    errorElement: <ErrorScreen />,
    children: [
      { path: "/", element: <HomePage />, handle: pageMeta.home },
      {
        path: "/varauskalenteri/:time?",
        lazy: page(
          () => import("./pages/booking/CalendarPage"),
          (m) => m.CalendarPage,
        ),
        handle: pageMeta.calendar,
      },
      {
        path: "/checkout/:start?/:end?",
        lazy: page(
          () => import("./pages/booking/CheckoutPage"),
          (m) => m.CheckoutPage,
        ),
        handle: pageMeta.checkout,
      },
      {
        path: "/ohjeet-tulijoille",
        lazy: page(
          () => import("./pages/NewcomersPage"),
          (m) => m.NewcomersPage,
        ),
        handle: pageMeta.newcomers,
      },
      {
        path: "/jasenyys",
        lazy: page(
          () => import("./pages/membership/MembershipPage"),
          (m) => m.MembershipPage,
        ),
        handle: pageMeta.membership,
      },
      {
        path: "/subscription/success",
        lazy: page(
          () => import("./pages/membership/SubscriptionSuccessPage"),
          (m) => m.SubscriptionSuccessPage,
        ),
        handle: noHeader(pageMeta.subscriptionSuccess),
      },
      {
        path: "/subscription/cancelled",
        lazy: page(
          () => import("./pages/membership/SubscriptionCancelledPage"),
          (m) => m.SubscriptionCancelledPage,
        ),
        handle: noHeader(pageMeta.subscriptionCancelled),
      },
      {
        path: "/maksuehdot",
        lazy: page(
          () => import("./pages/PaymentTermsPage"),
          (m) => m.PaymentTermsPage,
        ),
        handle: pageMeta.paymentTerms,
      },
      {
        path: "/tietosuojaseloste",
        lazy: page(
          () => import("./pages/PrivacyPage"),
          (m) => m.PrivacyPage,
        ),
        handle: pageMeta.privacy,
      },
      {
        path: "/avaa/:token",
        lazy: page(
          () => import("./pages/booking/DoorPage"),
          (m) => m.DoorPage,
        ),
        handle: noHeader(pageMeta.door),
      },
      {
        path: "/oma-varaus",
        lazy: page(
          () => import("./pages/booking/MyReservationsPage"),
          (m) => m.MyReservationsPage,
        ),
        handle: pageMeta.myReservation,
      },
      { path: "/omat-varaukset", element: <Navigate to="/oma-varaus" replace /> },
      { path: "/oma", element: <Navigate to="/oma-varaus" replace /> },
      {
        path: "/palaute",
        lazy: page(
          () => import("./pages/FeedbackPage"),
          (m) => m.FeedbackPage,
        ),
        handle: noHeader(pageMeta.feedback),
      },
      {
        path: "/login",
        lazy: page(
          () => import("./pages/LoginPage"),
          (m) => m.LoginPage,
        ),
        handle: pageMeta.login,
      },
      {
        path: "/auth/callback",
        lazy: page(
          () => import("./pages/AuthCallbackPage"),
          (m) => m.AuthCallbackPage,
        ),
        handle: noHeader(pageMeta.authCallback),
      },
      {
        path: "/oma-tili",
        lazy: page(
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
    lazy: page(
      () => import("./admin/AdminArea"),
      (m) => m.default,
    ),
    errorElement: <ErrorScreen />,
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * The route table with every lazy page already loaded in its place, so that a view test renders
 * and navigates without waiting for a chunk, as it did before the pages were split.
 */
export async function loadedRoutes(table: RouteObject[] = routes): Promise<RouteObject[]> {
  return Promise.all(
    table.map(
      async ({ lazy, children, ...route }) =>
        ({
          ...route,
          ...(typeof lazy === "function" ? await lazy() : {}),
          ...(children ? { children: await loadedRoutes(children) } : {}),
        }) as RouteObject,
    ),
  );
}

/** For view tests: the same route table in memory, its pages loaded. */
export const createTestRouter = async (initialPath: string) =>
  createMemoryRouter(await loadedRoutes(), { initialEntries: [initialPath] });
