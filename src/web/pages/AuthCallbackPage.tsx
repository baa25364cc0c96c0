import { useEffect } from "react";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { returnPathAfterLogin } from "../../client/returnAfterLogin";
import { useCustomerSession, useCustomerSessionActor } from "../session/CustomerSessionProvider";

export const MISSING_TOKEN_MESSAGE =
  "Kirjautumislinkki on puutteellinen. Avaa linkki sähköpostista kokonaisena tai pyydä uusi linkki.";

/**
 * /auth/callback, where the e-mailed link lands (no header). The e-mail links to this page and
 * not to the API, so a mail scanner that prefetches the link cannot use it up; only this page's
 * own script hands the token to the server.
 */
export function AuthCallbackPage() {
  const actor = useCustomerSessionActor();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const loggedIn = useCustomerSession((s) => s.matches("authenticated") && s.context.validatedLink === token);
  const refused = useCustomerSession((s) => s.matches("linkRefused"));
  const error = useCustomerSession((s) => s.context.error);

  useEffect(() => {
    // A link cut short in the mail program has no token: nothing to ask the server.
    if (token) actor.send({ type: "session.validateLink", token });
  }, [actor, token]);

  if (loggedIn) return <Navigate to={returnPathAfterLogin()} replace />;
  const message = token ? (refused ? error : null) : MISSING_TOKEN_MESSAGE;

  return (
    <div className="page">
      <div className="card">
        <h1>Kirjautuminen</h1>
        {message ? (
          <>
            <p className="error-message" role="alert">
              {message}
            </p>
            <p>
              <Link
                to="/login"
                className="button"
                onClick={() => refused && actor.send({ type: "session.restart" })}
              >
                Takaisin kirjautumiseen
              </Link>
            </p>
          </>
        ) : (
          <p className="muted" role="status">
            Tarkistetaan kirjautumislinkkiä…
          </p>
        )}
      </div>
    </div>
  );
}
