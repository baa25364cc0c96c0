import { createContext, useContext } from "react";
import { membershipApi, type MembershipApi } from "../client/membership";

/**
 * What the membership views (/jasenyys, /subscription/*, the sections of /oma-tili and the shared
 * subscription) need from outside themselves: the API, the clock and the hand-over to the payment
 * page. The app uses the real ones; view tests put fakes here, so the views' own wiring of
 * machines, actors and actions still runs.
 */
export type MembershipEnvironment = {
  api: MembershipApi;
  now(): Date;
  /** Leaves the SPA for the payment page (server-rendered). */
  redirectToPayment(url: string): void;
};

export const browserMembershipEnvironment: MembershipEnvironment = {
  api: membershipApi,
  now: () => new Date(),
  redirectToPayment: (url) => window.location.assign(url),
};

export const MembershipEnvironmentContext = createContext<MembershipEnvironment>(
  browserMembershipEnvironment,
);

export const useMembershipEnvironment = () => useContext(MembershipEnvironmentContext);
