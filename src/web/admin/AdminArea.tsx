import { Suspense, use } from "react";
import { Link, Navigate, Route, Routes, useLocation } from "react-router-dom";
import { adminAuthConfigSchema } from "../../domain/admin/session";
import { http } from "../../client/http";
import { AdminLayout } from "./AdminLayout";
import { AdminLoading } from "./AdminLoading";
import { AdminLoginPage } from "./AdminLoginPage";
import { AdminSession } from "./AdminSession";
import { browserAdminEnvironment, type AdminEnvironment } from "./adminEnvironment";
import { RequireAdmin } from "./RequireAdmin";
import { adminSections, BankTransfersPage } from "./sections";
import "./admin.css";
import "../finnishValidation";

/** An admin path that is no section (spec §2: any other path is the not-found page), in the admin's frame. */
function AdminNotFound() {
  const { pathname } = useLocation();
  return (
    <section className="admin-section">
      <h1>Sivua ei löytynyt</h1>
      <p>
        Osoitteessa <code>{pathname}</code> ei ole ylläpidon sivua. Valitse osio valikosta.
      </p>
      <Link to="/hallinta/varaukset" className="button">
        Varauksiin
      </Link>
    </section>
  );
}

/**
 * Everything under /hallinta, loaded only when an admin path is opened (router.tsx imports this
 * file lazily), so visitors never download it or Firebase.
 */
export function AdminRoutes({ environment }: { environment: AdminEnvironment }) {
  return (
    <AdminSession environment={environment}>
      <Routes>
        <Route path="login" element={<AdminLoginPage />} />
        <Route
          element={
            <RequireAdmin>
              <AdminLayout />
            </RequireAdmin>
          }
        >
          <Route index element={<Navigate to="varaukset" replace />} />
          {adminSections.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {/* Jäsenyydet's bank statements and transfers (issue 36), under its own address. */}
          <Route path="v2/jasenydet/tilisiirrot" element={<BankTransfersPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </AdminSession>
  );
}

let environment: Promise<AdminEnvironment> | null = null;

/** The browser's environment, built once the server has told the Firebase configuration. */
function loadEnvironment(): Promise<AdminEnvironment> {
  environment ??= http
    .get("/api/v2/admin-auth/config")
    .then((data) => browserAdminEnvironment(adminAuthConfigSchema.parse(data)))
    .catch((error: unknown) => {
      environment = null; // the next visit asks again
      throw error;
    });
  return environment;
}

function BrowserAdminRoutes() {
  return <AdminRoutes environment={use(loadEnvironment())} />;
}

/** The route's component (router.tsx: `lazy`). */
export default function AdminArea() {
  return (
    <Suspense fallback={<AdminLoading />}>
      <BrowserAdminRoutes />
    </Suspense>
  );
}
