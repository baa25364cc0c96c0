import { Link, Navigate } from "react-router-dom";
import { useCustomerSession, useCustomerSessionActor } from "../session/CustomerSessionProvider";

/** /oma-tili: the customer's own page; without a valid stored session it sends to /login (spec §2). */
export function AccountPage() {
  const actor = useCustomerSessionActor();
  const view = useCustomerSession((s) =>
    s.matches("restoring")
      ? "loading"
      : s.matches("authenticated") || s.matches("loggingOut")
        ? "account"
        : "none",
  );
  const customer = useCustomerSession((s) => s.context.customer);
  const loggingOut = useCustomerSession((s) => s.matches("loggingOut"));
  const canLogOut = useCustomerSession((s) => s.can({ type: "session.logout" }));

  if (view === "none") return <Navigate to="/login" replace />;
  if (view === "loading" || !customer) {
    return (
      <div className="page">
        <h1>Oma tili</h1>
        <p className="muted">Ladataan…</p>
      </div>
    );
  }

  return (
    <div className="page">
      <h1>Oma tili</h1>
      <section className="card" aria-labelledby="account-details-heading">
        <h2 id="account-details-heading">Tietosi</h2>
        <dl>
          {customer.name && (
            <>
              <dt>Nimi</dt>
              <dd>{customer.name}</dd>
            </>
          )}
          <dt>Sähköposti</dt>
          <dd>{customer.email}</dd>
        </dl>
        <button
          type="button"
          className="button button-secondary"
          disabled={!canLogOut}
          onClick={() => actor.send({ type: "session.logout" })}
        >
          {loggingOut ? "Kirjaudutaan ulos…" : "Kirjaudu ulos"}
        </button>
      </section>
      <section className="card" aria-labelledby="account-coming-heading">
        <h2 id="account-coming-heading">Jäsenyys, laskut ja varaukset</h2>
        <p>
          Jäsenyytesi, laskusi ja jäsenvarauksesi tulevat näkyviin tälle sivulle myöhemmin: ne eivät vielä ole
          käytössä tässä versiossa. Kertavarauksesi löydät sivulta <Link to="/oma-varaus">Oma varaus</Link>.
        </p>
      </section>
    </div>
  );
}
