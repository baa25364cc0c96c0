import { serverMessageOr } from "../../machines/remoteFailure";
import type { SiteInfo } from "../domain/site";
import { http } from "./http";
import { parseAnswer } from "./parseAnswer";

export type SiteInfoState =
  | { status: "loading"; site: null; error: null }
  | { status: "ready"; site: SiteInfo; error: null }
  | { status: "failed"; site: null; error: string };

/*
 * The one copy of GET /api/v2/site in the SPA (issue 33): the header, the footer and the public
 * pages read it through useSiteInfo, the checkout and the member's bookings through siteInfo(). The
 * park's details change rarely, so they are loaded once and kept; a failed load is tried again by
 * the next reader.
 */
const loading: SiteInfoState = { status: "loading", site: null, error: null };
let state: SiteInfoState = loading;
let pending: Promise<SiteInfo> | null = null;
// Bumped by reloadSiteInfo so that an answer to an older request is ignored.
let generation = 0;
const listeners = new Set<() => void>();

function setState(next: SiteInfoState) {
  state = next;
  for (const listener of listeners) listener();
}

function request(): Promise<SiteInfo> {
  if (pending) return pending;
  if (state.status === "failed") setState(loading);
  const mine = generation;
  const settle = (next: SiteInfoState) => {
    if (mine !== generation) return;
    pending = null;
    setState(next);
  };
  const answer = parseAnswer(import("../domain/site"), http.get("/api/v2/site"), (m, data) =>
    m.siteInfoSchema.parse(data),
  );
  pending = answer;
  answer.then(
    (site) => settle({ status: "ready", site, error: null }),
    (error: unknown) =>
      settle({
        status: "failed",
        site: null,
        error: serverMessageOr(error, "Sivuston tietoja ei saatu ladattua."),
      }),
  );
  return answer;
}

/** The park's details, from the kept copy or loaded once for every reader asking meanwhile. */
export function siteInfo(): Promise<SiteInfo> {
  return state.status === "ready" ? Promise.resolve(state.site) : request();
}

/** Starts loading the details unless they are kept or on their way (a view's first render). */
export function loadSiteInfo(): void {
  if (state.status !== "ready") request().catch(() => undefined);
}

export const siteInfoState = (): SiteInfoState => state;
export const siteInfoLoading: SiteInfoState = loading;

export function subscribeSiteInfo(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Drops the kept copy and loads it again if something shows it, e.g. after an admin has edited the
 * park's details in hallintapaneeli (view tests also use it to start from a clean slate).
 */
export function reloadSiteInfo(): void {
  generation += 1;
  pending = null;
  setState(loading);
  if (listeners.size > 0) loadSiteInfo();
}
