import { useEffect, useSyncExternalStore } from "react";
import { serverMessageOr } from "../../machines/remoteFailure";
import { http } from "../client/http";
import { parseAnswer } from "../client/parseAnswer";
import type { SiteInfo } from "../domain/site";

export type SiteInfoState =
  | { status: "loading"; site: null; error: null }
  | { status: "ready"; site: SiteInfo; error: null }
  | { status: "failed"; site: null; error: string };

/*
 * One copy of GET /api/v2/site for the whole SPA: the header, the footer and the public pages all
 * read it, and the park's details change rarely, so it is loaded once and kept. A failed load is
 * tried again the next time a component that needs it mounts.
 */
const loading: SiteInfoState = { status: "loading", site: null, error: null };
let state: SiteInfoState = loading;
let inFlight = false;
// Bumped by forgetSiteInfo so that an answer to an older request is ignored.
let generation = 0;
const listeners = new Set<() => void>();

function setState(next: SiteInfoState) {
  state = next;
  for (const listener of listeners) listener();
}

function load() {
  if (inFlight || state.status === "ready") return;
  if (state.status === "failed") setState(loading);
  inFlight = true;
  const mine = generation;
  const settle = (next: SiteInfoState) => {
    if (mine !== generation) return;
    inFlight = false;
    setState(next);
  };
  parseAnswer(import("../domain/site"), http.get("/api/v2/site"), (m, data) => m.siteInfoSchema.parse(data))
    .then((site) => settle({ status: "ready", site, error: null }))
    .catch((error: unknown) => {
      const message = serverMessageOr(error, "Sivuston tietoja ei saatu ladattua.");
      settle({ status: "failed", site: null, error: message });
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The park's public details (footer, opening hours, notice); loads them on first use. */
export function useSiteInfo(): SiteInfoState {
  // At build time and while a prerendered page hydrates, the details are still loading (decision 030).
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => loading,
  );
  useEffect(load, []);
  return current;
}

/**
 * Drops the kept copy and loads it again if something shows it, e.g. after an admin has edited the
 * park's details in hallintapaneeli (view tests also use it to start from a clean slate).
 */
export function reloadSiteInfo(): void {
  generation += 1;
  inFlight = false;
  setState(loading);
  if (listeners.size > 0) load();
}
