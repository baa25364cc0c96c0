import { Link } from "react-router-dom";
import { useHydrated } from "../useHydrated";
import { useSiteInfo } from "../useSiteInfo";
import { openingHoursLines } from "./openingHours";

const footerLinks = [
  { to: "/oma-varaus", label: "Oma varaus" },
  { to: "/maksuehdot", label: "Maksuehdot" },
  { to: "/tietosuojaseloste", label: "Tietosuojaseloste" },
  { to: "/palaute", label: "Palaute" },
  { to: "/hallinta", label: "Ylläpito" },
];

/** Spec §1's footer. The park's details come from GET /api/v2/site; the links never wait for them. */
export function Footer() {
  const siteInfo = useSiteInfo();
  const park = siteInfo.site?.park;
  // The year of the visit, not of the build (a prerendered page shows it once hydrated).
  const year = useHydrated() ? new Date().getFullYear() : null;

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Yhteystiedot</h2>
          {park ? (
            <address>
              <a href={`mailto:${park.email}`}>{park.email}</a>
              <br />
              <a href={`tel:${park.phone.replace(/[^+\d]/g, "")}`}>{park.phone}</a>
              <br />
              {park.streetAddress}
              <br />
              {park.postalCode} {park.city}
            </address>
          ) : (
            <p className="muted">
              {siteInfo.status === "failed" ? "Yhteystietoja ei saatu ladattua." : "Ladataan yhteystietoja…"}
            </p>
          )}
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">{park?.name ?? "Koirapuisto"}</h2>
          {park && (
            <p>
              {park.companyName}
              <br />
              Y-tunnus {park.businessId}
            </p>
          )}
          {siteInfo.site && <p>Avoinna {openingHoursLines(siteInfo.site.openingHours.weekly).join(", ")}</p>}
        </section>
        <nav aria-label="Alatunnisteen linkit">
          <h2>Linkit</h2>
          <ul className="site-footer__links">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container site-footer__copyright">
        © {year ?? ""}
        {park ? ` ${park.companyName}` : ""}
      </p>
    </footer>
  );
}
