import { useEffect, useRef, useState, type FormEvent } from "react";
import { Navigate } from "react-router-dom";
import type { SessionNotice } from "../../../machines/customerSessionMachine";
import { returnPathAfterLogin } from "../../client/returnAfterLogin";
import { useCustomerSession, useCustomerSessionActor } from "../session/CustomerSessionProvider";

const noticeText: Record<SessionNotice, string> = {
  expired: "Istuntosi on päättynyt. Kirjaudu sisään uudelleen.",
  loggedOut: "Olet kirjautunut ulos.",
};

export const MISSING_EMAIL_MESSAGE = "Anna sähköpostiosoitteesi, niin lähetämme kirjautumislinkin siihen.";

/** /login: the customer asks for a login link by e-mail (spec §2). */
export function LoginPage() {
  const actor = useCustomerSessionActor();
  const view = useCustomerSession((s) =>
    s.matches("restoring")
      ? "loading"
      : s.matches("authenticated")
        ? "loggedIn"
        : s.matches({ anonymous: "sent" })
          ? "sent"
          : "form",
  );
  const sending = useCustomerSession((s) => s.matches({ anonymous: "sending" }));
  const canRequest = useCustomerSession((s) => s.can({ type: "session.requestLink", email: "" }));
  const email = useCustomerSession((s) => s.context.email);
  const error = useCustomerSession((s) => s.context.error);
  const notice = useCustomerSession((s) => s.context.notice);
  const sentMessage = useCustomerSession((s) => s.context.sentMessage);

  // An empty field is answered here; the address's format is the server's to judge (its message).
  const [missingEmail, setMissingEmail] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fieldError = missingEmail ? MISSING_EMAIL_MESSAGE : error;
  useEffect(() => {
    if (fieldError) input.current?.focus();
  }, [fieldError]);

  // Back to the errand that needed the login (e.g. the membership signup), else /oma-tili.
  if (view === "loggedIn") return <Navigate to={returnPathAfterLogin()} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = new FormData(event.currentTarget).get("email");
    const email = typeof address === "string" ? address.trim() : "";
    setMissingEmail(email === "");
    if (email === "") input.current?.focus();
    else actor.send({ type: "session.requestLink", email });
  };

  return (
    <div className="page">
      <div className="card">
        <h1>Kirjaudu sisään</h1>
        {view === "loading" ? (
          <p className="muted">Ladataan…</p>
        ) : view === "sent" ? (
          <section aria-labelledby="login-sent-heading">
            <h2 id="login-sent-heading">Tarkista sähköpostisi</h2>
            <p className="notice notice-success" role="status">
              {sentMessage}
            </p>
            <p>
              Lähetimme pyynnön osoitteelle <strong>{email}</strong>. Avaa sähköposti ja valitse viestin
              linkki: se kirjaa sinut sisään sillä laitteella, jolla avaat sen. Linkki toimii vain kerran.
            </p>
            <p className="muted">Jos viestiä ei kuulu muutamassa minuutissa, katso myös roskapostikansio.</p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actor.send({ type: "session.restart" })}
            >
              Pyydä uusi linkki
            </button>
          </section>
        ) : (
          <>
            <p className="lead">
              Kirjaudu omalle tilillesi sähköpostiin lähetettävällä linkillä. Salasanaa ei tarvita.
            </p>
            {notice && (
              <p className="notice" role="status">
                {noticeText[notice]}
              </p>
            )}
            <form onSubmit={submit} noValidate>
              <div className="form-field">
                <label htmlFor="login-email">Sähköpostiosoite</label>
                <input
                  ref={input}
                  id="login-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  defaultValue={email}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? "login-email-error" : undefined}
                />
                {fieldError && (
                  <p id="login-email-error" className="error-message" role="alert">
                    {fieldError}
                  </p>
                )}
              </div>
              <button type="submit" className="button" disabled={!canRequest}>
                {sending ? "Lähetetään…" : "Lähetä kirjautumislinkki"}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
