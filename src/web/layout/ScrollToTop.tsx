import { ScrollRestoration } from "react-router-dom";

/**
 * Spec §1: the page scrolls to the top on navigation. React Router's ScrollRestoration does exactly
 * that for new navigations, restores the position on back/forward, and lets a view keep its place
 * on purpose with `navigate(to, { preventScrollReset: true })` (e.g. stepping days in a calendar).
 */
export function ScrollToTop() {
  return <ScrollRestoration />;
}
