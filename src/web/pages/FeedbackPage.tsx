import { Link } from "react-router-dom";
import { useSiteInfo } from "../useSiteInfo";

/** Spec §2 /palaute: no header; the feedback form itself is an external service (park.feedbackUrl). */
export function FeedbackPage() {
  const { site, status } = useSiteInfo();
  return (
    <div className="page feedback">
      <div className="card feedback__card">
        <h1>Palaute</h1>
        <p className="lead">Sinut ohjataan palautelomakkeelle.</p>
        {site ? (
          <a className="button" href={site.park.feedbackUrl} rel="noopener">
            Avaa palautelomake
          </a>
        ) : status === "failed" ? (
          <p className="error-message">Palautelomakkeen osoitetta ei saatu ladattua. Lataa sivu uudelleen.</p>
        ) : (
          <button type="button" className="button" disabled>
            Avaa palautelomake
          </button>
        )}
        <p>
          <Link to="/">Takaisin etusivulle</Link>
        </p>
      </div>
    </div>
  );
}
