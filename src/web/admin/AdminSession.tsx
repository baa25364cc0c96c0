import { useActorRef, useSelector } from "@xstate/react";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { AdminTokenMachine } from "../../../machines/adminTokenMachine";
import { adminAuthPolicy } from "../../client/admin/adminAuthPolicy";
import type { AdminEnvironment } from "./adminEnvironment";

type TokenActor = ActorRefFrom<AdminTokenMachine>;
export type AdminTokenSnapshot = SnapshotFrom<AdminTokenMachine>;

const TokenContext = createContext<TokenActor | null>(null);
const EnvironmentContext = createContext<AdminEnvironment | null>(null);

export const ADMIN_LOGIN_PATH = "/hallinta/login";

/**
 * Runs the admin token actor for the admin area and puts its policy on the HTTP client (bearer
 * token; 401 refresh and retry once; 403 sign out), removed again when the admin area closes.
 */
export function AdminSession({
  environment,
  children,
}: {
  environment: AdminEnvironment;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    environment.tokenLogic.provide({
      actions: {
        // Replacing the entry: Back must not return to a page that needs the lost sign-in.
        goToLogin: () => void navigate(ADMIN_LOGIN_PATH, { replace: true }),
      },
    }),
  );
  const actor = useActorRef(logic);
  useEffect(() => environment.http.useAuth(adminAuthPolicy(actor, environment.now)), [environment, actor]);

  return (
    <EnvironmentContext.Provider value={environment}>
      <TokenContext.Provider value={actor}>{children}</TokenContext.Provider>
    </EnvironmentContext.Provider>
  );
}

export function useAdminTokenActor(): TokenActor {
  const actor = useContext(TokenContext);
  if (!actor) throw new Error("AdminSession puuttuu ylläpidon ympäriltä.");
  return actor;
}

export function useAdminToken<T>(selector: (snapshot: AdminTokenSnapshot) => T): T {
  return useSelector(useAdminTokenActor(), selector);
}

export function useAdminEnvironment(): AdminEnvironment {
  const environment = useContext(EnvironmentContext);
  if (!environment) throw new Error("AdminSession puuttuu ylläpidon ympäriltä.");
  return environment;
}
