import { listFi } from "../domain/finnishText";
import type { SiteInfo } from "../domain/site";

/*
 * Sentences of the public pages that depend on the park's settings (GET /api/v2/site), so that
 * an admin's change shows everywhere at once instead of in some places only.
 */

/** "30, 60, 90 tai 120 minuuttia" */
export const lengthsText = (site: SiteInfo) => `${listFi(site.slotRules.lengthsMinutes)} minuuttia`;

/** When the gate button works: "5 minuuttia ennen varauksesi alkua ja varauksen loppuun asti". */
export function gateWindowText({ door }: SiteInfo): string {
  const from =
    door.opensBeforeMinutes > 0
      ? `${door.opensBeforeMinutes} minuuttia ennen varauksesi alkua`
      : "varauksesi alusta";
  return door.closesAfterMinutes > 0
    ? `${from} ja vielä ${door.closesAfterMinutes} minuuttia varauksen päätyttyä`
    : `${from} ${door.opensBeforeMinutes > 0 ? "ja " : ""}varauksen loppuun asti`;
}
