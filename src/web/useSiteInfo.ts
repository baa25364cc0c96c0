import { useEffect, useSyncExternalStore } from "react";
import {
  loadSiteInfo,
  siteInfoLoading,
  siteInfoState,
  subscribeSiteInfo,
  type SiteInfoState,
} from "../client/siteInfo";

export { reloadSiteInfo, type SiteInfoState } from "../client/siteInfo";

/** The park's public details (footer, opening hours, notice); loads them on first use. */
export function useSiteInfo(): SiteInfoState {
  // At build time and while a prerendered page hydrates, the details are still loading (decision 030).
  const current = useSyncExternalStore(subscribeSiteInfo, siteInfoState, () => siteInfoLoading);
  useEffect(loadSiteInfo, []);
  return current;
}
