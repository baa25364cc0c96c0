import type { Settings } from "../settings/index.js";

/** The closing lines of every e-mail: the park and the company behind it. */
export function signature(park: Settings["park"]): string[] {
  return [
    "",
    "Ystävällisin terveisin",
    park.name,
    `${park.companyName} (Y-tunnus ${park.businessId})`,
    `${park.email}, ${park.phone}`,
  ];
}
