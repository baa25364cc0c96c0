import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { AdminLoading } from "./AdminLoading";
import { ADMIN_LOGIN_PATH, useAdminToken } from "./AdminSession";

/** Spec §5: every /hallinta page but the login needs a signed-in admin. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const state = useAdminToken((s) =>
    s.matches("restoring") ? "restoring" : s.matches("signedOut") ? "signedOut" : "signedIn",
  );
  const { pathname } = useLocation();
  if (state === "restoring") return <AdminLoading />;
  if (state === "signedOut") return <Navigate to={ADMIN_LOGIN_PATH} replace state={{ from: pathname }} />;
  return <>{children}</>;
}
