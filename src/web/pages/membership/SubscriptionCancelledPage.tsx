import { Link } from "react-router-dom";
import "./membership.css";

/** /subscription/cancelled (no header): the payment page's cancel. Nothing was charged or started. */
export function SubscriptionCancelledPage() {
  return (
    <div className="page membership-outcome">
      <div className="card">
        <h1>Maksu peruttu</h1>
        <p>Maksu peruttiin, joten jäsenyys ei alkanut eikä sinua veloitettu.</p>
        <p>Voit valita jäsenyyden uudelleen milloin tahansa.</p>
        <div className="button-row">
          <Link className="button" to="/jasenyys">
            Takaisin jäsenyyteen
          </Link>
          <Link className="button button-secondary" to="/">
            Etusivulle
          </Link>
        </div>
      </div>
    </div>
  );
}
