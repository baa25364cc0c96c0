import { useActorRef, useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import { Navigate } from "react-router-dom";
import type { AdminSignOutReason } from "../../../machines/adminTokenMachine";
import { useAdminEnvironment, useAdminToken, useAdminTokenActor } from "./AdminSession";

const noticeText: Record<AdminSignOutReason, string> = {
  forbidden: "Tällä tunnuksella ei ole ylläpidon käyttöoikeutta. Sinut kirjattiin ulos.",
  expired: "Kirjautumisesi on päättynyt. Kirjaudu uudelleen.",
  signedOut: "Olet kirjautunut ulos.",
};

/** /hallinta/login: the admin signs in with e-mail and password (no public header). */
export function AdminLoginPage() {
  const tokenActor = useAdminTokenActor();
  const { loginLogic } = useAdminEnvironment();
  const [logic] = useState(() =>
    loginLogic.provide({
      actions: { signedIn: (_, { token }) => tokenActor.send({ type: "admin.signedIn", token }) },
    }),
  );
  const login = useActorRef(logic);
  const tokenView = useAdminToken((s) =>
    s.matches("restoring") ? "restoring" : s.matches("signedIn") ? "signedIn" : "signedOut",
  );
  const notice = useAdminToken((s) => s.context.notice);
  const view = useSelector(login, (s) =>
    s.matches("checkingDomain")
      ? "checking"
      : s.matches("domainRefused")
        ? "refused"
        : s.matches("resetSent")
          ? "resetSent"
          : "form",
  );
  const busy = useSelector(login, (s) => s.matches("signingIn") || s.matches("sendingReset"));
  const signingIn = useSelector(login, (s) => s.matches("signingIn"));
  const error = useSelector(login, (s) => s.context.error);
  const email = useSelector(login, (s) => s.context.email);
  const resetMessage = useSelector(login, (s) => s.context.resetMessage);

  if (tokenView === "signedIn") return <Navigate to="/hallinta/varaukset" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    login.send({
      type: "login.submit",
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
    });
  };
  const requestReset = () => {
    const field = document.getElementById("admin-email") as HTMLInputElement | null;
    login.send({ type: "login.requestReset", email: field?.value ?? "" });
  };

  return (
    <main className="admin-login" id="main">
      <div className="card admin-login__card">
        <h1>Ylläpidon kirjautuminen</h1>
        {tokenView === "restoring" || view === "checking" ? (
          <p className="muted" role="status">
            Ladataan…
          </p>
        ) : view === "refused" ? (
          <p className="error-message" role="alert">
            {error}
          </p>
        ) : view === "resetSent" ? (
          <section aria-labelledby="reset-sent-heading">
            <h2 id="reset-sent-heading">Tarkista sähköpostisi</h2>
            <p className="notice notice-success" role="status">
              {resetMessage}
            </p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => login.send({ type: "login.back" })}
            >
              Takaisin kirjautumiseen
            </button>
          </section>
        ) : (
          <>
            {notice && !error && (
              <p className="notice" role="status">
                {noticeText[notice]}
              </p>
            )}
            {error && (
              <p className="error-message" role="alert">
                {error}
              </p>
            )}
            <form onSubmit={submit} aria-busy={busy}>
              <div className="form-field">
                <label htmlFor="admin-email">Sähköpostiosoite</label>
                <input
                  id="admin-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  defaultValue={email}
                />
              </div>
              <div className="form-field">
                <label htmlFor="admin-password">Salasana</label>
                <input
                  id="admin-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              </div>
              <div className="button-row">
                <button type="submit" className="button" disabled={busy}>
                  {signingIn ? "Kirjaudutaan…" : "Kirjaudu"}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={requestReset}
                >
                  Unohtuiko salasana?
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
