import type { SiteInfoState } from "../useSiteInfo";

/** The company behind the park (seller, data controller), as an address block; used by legal pages. */
export function CompanyDetails({ siteInfo }: { siteInfo: SiteInfoState }) {
  if (!siteInfo.site) {
    return (
      <p className="muted">
        {siteInfo.status === "failed"
          ? "Yrityksen tietoja ei saatu ladattua. Lataa sivu uudelleen."
          : "Ladataan yrityksen tietoja…"}
      </p>
    );
  }
  const park = siteInfo.site.park;
  return (
    <address className="company-details">
      {park.companyName} (Y-tunnus {park.businessId})
      <br />
      {park.streetAddress}, {park.postalCode} {park.city}
      <br />
      Sähköposti: <a href={`mailto:${park.email}`}>{park.email}</a>
      <br />
      Puhelin: {park.phone}
    </address>
  );
}
