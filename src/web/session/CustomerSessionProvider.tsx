import { useActorRef, useSelector } from "@xstate/react";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { CustomerSessionMachine } from "../../../machines/customerSessionMachine";
import { customerAuthPolicy } from "../../client/customerSession";
import { http as defaultHttp, type HttpClient } from "../../client/http";
import { storageKeys } from "../../client/storage";
import { createCustomerSessionLogic } from "./customerSessionLogic";

type SessionActor = ActorRefFrom<CustomerSessionMachine>;
export type CustomerSessionSnapshot = SnapshotFrom<CustomerSessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

/**
 * Runs the one customer-session actor for the app, puts the customer policy (bearer token, spec
 * §8 on 401) on the HTTP client, and follows logins and logouts made in other tabs. Lives inside
 * the router, since a lost session navigates to /login.
 */
export function CustomerSessionProvider(props: {
  children: ReactNode;
  /** Tests pass the machine with their own effects; the app uses the browser's. */
  logic?: CustomerSessionMachine;
  http?: HttpClient;
}) {
  const http = props.http ?? defaultHttp;
  const [logic] = useState(() => props.logic ?? createCustomerSessionLogic({ http }));
  const actor = useActorRef(logic);
  // The policy reads the router's current path and navigate through refs: it is put on the client
  // once, since a navigate that changes with the location would take it off and on at every
  // navigation, and a page's first request could go out in between without the token.
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const router = useRef({ pathname, navigate });
  useEffect(() => {
    router.current = { pathname, navigate };
  }, [pathname, navigate]);

  useEffect(
    () =>
      http.useAuth(
        customerAuthPolicy({
          currentPath: () => router.current.pathname,
          navigate: (to) => void router.current.navigate(to, { replace: true }),
          onSessionLost: () => actor.send({ type: "session.rejected" }),
        }),
      ),
    [http, actor],
  );

  useEffect(() => {
    // Only the token: customer_info is rewritten on every refresh, and reacting to it would make
    // two open tabs wake each other up forever.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === storageKeys.customerSessionToken) {
        actor.send({ type: "session.storageChanged" });
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [actor]);

  return <SessionContext.Provider value={actor}>{props.children}</SessionContext.Provider>;
}

export function useCustomerSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error("CustomerSessionProvider puuttuu sovelluksen ympäriltä.");
  return actor;
}

/** Reads one thing from the session; the component re-renders only when that thing changes. */
export function useCustomerSession<T>(selector: (snapshot: CustomerSessionSnapshot) => T): T {
  return useSelector(useCustomerSessionActor(), selector);
}

/**
 * What /oma-tili shows for the session: the account, "Ladataan…" while a stored session is
 * checked, or nothing (the visitor goes to /login). The router's gate and the account page share it.
 */
export function accountView(snapshot: CustomerSessionSnapshot): "account" | "loading" | "none" {
  if (snapshot.matches("restoring")) return "loading";
  return snapshot.matches("authenticated") || snapshot.matches("loggingOut") ? "account" : "none";
}
