import type { ComponentType } from "react";
import { DiscountCodesSection } from "./sections/DiscountCodesSection";
import { FinanceSection } from "./sections/FinanceSection";
import { GiftCardsSection } from "./sections/GiftCardsSection";
import { MembershipsSection } from "./sections/MembershipsSection";
import { OperationsSection } from "./sections/OperationsSection";
import { PricesSection } from "./sections/PricesSection";
import { PurchasesSection } from "./sections/PurchasesSection";
import { ReservationsSection } from "./sections/ReservationsSection";
import { SettingsSection } from "./sections/SettingsSection";
import { SystemSection } from "./sections/SystemSection";

/** A section of /hallinta (spec §2) that is built: its path, navigation title and page. */
export type AdminSection = { path: string; title: string; Page: ComponentType };

/** Spec §2's admin sections, in the navigation's order. */
export const adminSections: AdminSection[] = [
  { path: "varaukset", title: "Varaukset", Page: ReservationsSection },
  { path: "ostokset", title: "Ostokset", Page: PurchasesSection },
  { path: "hallintapaneeli", title: "Hallintapaneeli", Page: SettingsSection },
  { path: "hinnasto", title: "Hinnasto", Page: PricesSection },
  { path: "alennuskoodit", title: "Alennuskoodit", Page: DiscountCodesSection },
  { path: "lahjakortit", title: "Lahjakortit", Page: GiftCardsSection },
  { path: "v2/talous", title: "Talous", Page: FinanceSection },
  { path: "v2/jasenydet", title: "Jäsenyydet", Page: MembershipsSection },
  { path: "v2/toiminta", title: "Toiminta", Page: OperationsSection },
  { path: "v2/jarjestelma", title: "Järjestelmä", Page: SystemSection },
];
