import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from "react-router-dom";
import { AppLayout } from "./layout/AppLayout";
import { ErrorScreen } from "./layout/ErrorScreen";
import { AccountPage } from "./pages/AccountPage";
import { AuthCallbackPage } from "./pages/AuthCallbackPage";
import { CalendarPage } from "./pages/booking/CalendarPage";
import { CheckoutPage } from "./pages/booking/CheckoutPage";
import { DoorPage } from "./pages/booking/DoorPage";
import { MyReservationsPage } from "./pages/booking/MyReservationsPage";
import { FeedbackPage } from "./pages/FeedbackPage";
import { HomePage } from "./pages/HomePage";
import { LoginPage } from "./pages/LoginPage";
import { MembershipPage } from "./pages/membership/MembershipPage";
import { SubscriptionCancelledPage } from "./pages/membership/SubscriptionCancelledPage";
import { SubscriptionSuccessPage } from "./pages/membership/SubscriptionSuccessPage";
import { NewcomersPage } from "./pages/NewcomersPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { PaymentTermsPage } from "./pages/PaymentTermsPage";
import { PrivacyPage } from "./pages/PrivacyPage";
import type { RouteMeta } from "./routeMeta";
import { CustomerSessionProvider } from "./session/CustomerSessionProvider";
import { SubscriptionProvider } from "./session/SubscriptionProvider";

const noHeader: RouteMeta = { hideHeader: true };

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
      { path: "/", element: <HomePage /> },
      { path: "/varauskalenteri/:time?", element: <CalendarPage /> },
      { path: "/checkout/:start?/:end?", element: <CheckoutPage /> },
      { path: "/ohjeet-tulijoille", element: <NewcomersPage /> },
      { path: "/jasenyys", element: <MembershipPage /> },
      { path: "/subscription/success", element: <SubscriptionSuccessPage />, handle: noHeader },
      { path: "/subscription/cancelled", element: <SubscriptionCancelledPage />, handle: noHeader },
      { path: "/maksuehdot", element: <PaymentTermsPage /> },
      { path: "/tietosuojaseloste", element: <PrivacyPage /> },
      { path: "/avaa/:token", element: <DoorPage />, handle: noHeader },
      { path: "/oma-varaus", element: <MyReservationsPage /> },
      { path: "/omat-varaukset", element: <Navigate to="/oma-varaus" replace /> },
      { path: "/oma", element: <Navigate to="/oma-varaus" replace /> },
      { path: "/palaute", element: <FeedbackPage />, handle: noHeader },
      { path: "/login", element: <LoginPage /> },
      { path: "/auth/callback", element: <AuthCallbackPage />, handle: noHeader },
      { path: "/oma-tili", element: <AccountPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  {
    // The admin area has its own layout and is a chunk of its own, Firebase included: a visitor
    // never downloads it (issue 9). /hallinta/login is inside it.
    path: "/hallinta/*",
    lazy: async () => ({ Component: (await import("./admin/AdminArea")).default }),
    errorElement: <ErrorScreen />,
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
/** For view tests: the same route table in memory. */
export const createTestRouter = (initialPath: string) =>
  createMemoryRouter(routes, { initialEntries: [initialPath] });
