import { Link, useLocation } from "react-router-dom";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <h1>Sivua ei löytynyt</h1>
      <p>
        Osoitteessa <code>{pathname}</code> ei ole sivua. Se on ehkä siirretty, tai osoitteessa on
        kirjoitusvirhe.
      </p>
      <div className="button-row">
        <Link to="/" className="button">
          Etusivulle
        </Link>
        <Link to="/varauskalenteri" className="button button-secondary">
          Varauskalenteriin
        </Link>
      </div>
    </div>
  );
}
