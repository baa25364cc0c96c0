import { startTransition } from "react";
import { requestEarly } from "../client/earlyRequests";
import { afterFirstPaint, nextTask, startDeferredPreloads } from "./afterFirstPaint";
import { storageKeys } from "../client/storage";
import { helsinkiDate, rangeOf } from "../domain/helsinkiClock";
import "./tokens.css";
import "./styles.css";

/**
 * What the page shows first from the API, asked for now, beside react-dom, instead of after the page
 * has rendered (decision 045): the park's settings on every public page and the calendar's first
 * week (its times are its largest paint). Each URL is the one the page's own first request builds
 * (no query: dog options off, the seven days from today), and the HTTP client takes the answer
 * instead of asking again. A signed-in customer's requests carry their token, so their pages ask for
 * themselves. (A checkout's price is not asked for: its first request carries what the visitor
 * entered before, when they come Back, so its URL cannot be known here.)
 */
function requestPageData() {
  const { pathname, search } = window.location;
  try {
    if (pathname.startsWith("/hallinta") || localStorage.getItem(storageKeys.customerSessionToken)) return;
  } catch {
    return; // storage the browser refuses: only ever a head start, so the page asks for itself
  }
  requestEarly("/api/v2/site");
  if (search !== "") return;
  if (pathname === "/varauskalenteri") {
    const today = helsinkiDate(Date.now());
    requestEarly(`/api/v2/availability?${new URLSearchParams(rangeOf(today, today)).toString()}`);
  }
}

async function start() {
  const root = document.getElementById("root")!;
  // A page painted from its HTML is on screen first; only then do its scripts and data compete for
  // the connection and the main thread (decision 046).
  await afterFirstPaint(root);
  // Each step in a task of its own (the preloads in several): together they took 10-40 ms of one
  // task on a desktop, four times that on Lighthouse's phone. The imports wait for the preloads,
  // which would otherwise be asked for twice (Vite's import helper preloads what is not yet there).
  const preloading = startDeferredPreloads();
  await nextTask();
  requestPageData();
  await preloading;
  await nextTask();
  // react-dom and the app are chunks of their own, both preloaded (by index.html's <head>, or by
  // the preloads just started): each is evaluated in a task of its own, with the browser's turn
  // between them (decision 045).
  const reactDom = import("./bootReact");
  const appModule = import("./bootApp");
  const { hydrateRoot, createRoot } = await reactDom;
  await nextTask();
  const { app, preloadPagesAt } = await appModule;
  const loaded = preloadPagesAt(window.location.pathname);
  if (root.firstElementChild && !root.hasAttribute("data-shell")) {
    // A page prerendered at build time (decision 030): it is on screen already, so React takes it
    // over once the page's chunk is here (hydrating never suspends), in a transition, which React
    // does in slices that leave the main thread free in between.
    await loaded;
    await nextTask();
    startTransition(() => void hydrateRoot(root, app));
    return;
  }
  // A page shell's markup (a checkout's first state, decision 030) stays until the page's chunk is
  // here, and React's first render replaces it; an empty root shows nothing meanwhile anyway.
  if (root.hasAttribute("data-shell")) {
    await loaded;
    await nextTask();
    // Its first state is painted already: React renders in a transition's slices meanwhile.
    startTransition(() => createRoot(root).render(app));
    return;
  }
  await nextTask();
  createRoot(root).render(app);
}

void start();
