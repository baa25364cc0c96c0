import type { ComponentType } from "react";
import { DiscountCodesSection } from "./sections/DiscountCodesSection";
import { FinanceSection } from "./sections/FinanceSection";
import { GiftCardsSection } from "./sections/GiftCardsSection";
import { OperationsSection } from "./sections/OperationsSection";
import { PricesSection } from "./sections/PricesSection";
import { PurchasesSection } from "./sections/PurchasesSection";
import { ReservationsSection } from "./sections/ReservationsSection";
import { SettingsSection } from "./sections/SettingsSection";
import { SystemSection } from "./sections/SystemSection";

/** A section of /hallinta (spec §2) that is built: its path, navigation title and page. */
export type AdminSection = { path: string; title: string; Page: ComponentType };

/** Filled in as the sections land; the rest of spec §2's paths show a placeholder. */
export const adminSections: AdminSection[] = [
  { path: "varaukset", title: "Varaukset", Page: ReservationsSection },
  { path: "ostokset", title: "Ostokset", Page: PurchasesSection },
  { path: "hallintapaneeli", title: "Hallintapaneeli", Page: SettingsSection },
  { path: "hinnasto", title: "Hinnasto", Page: PricesSection },
  { path: "alennuskoodit", title: "Alennuskoodit", Page: DiscountCodesSection },
  { path: "lahjakortit", title: "Lahjakortit", Page: GiftCardsSection },
  { path: "v2/talous", title: "Talous", Page: FinanceSection },
  { path: "v2/toiminta", title: "Toiminta", Page: OperationsSection },
  { path: "v2/jarjestelma", title: "Järjestelmä", Page: SystemSection },
];

/** Spec §2's admin paths not built yet (discount codes and gift cards come with their issue). */
export const upcomingSections = [
  { path: "varaukset", title: "Varaukset" },
  { path: "ostokset", title: "Ostokset" },
  { path: "hallintapaneeli", title: "Hallintapaneeli" },
  { path: "hinnasto", title: "Hinnasto" },
  { path: "alennuskoodit", title: "Alennuskoodit" },
  { path: "lahjakortit", title: "Lahjakortit" },
  { path: "v2/talous", title: "Talous" },
  { path: "v2/jasenydet", title: "Jäsenyydet" },
  { path: "v2/toiminta", title: "Toiminta" },
  { path: "v2/jarjestelma", title: "Järjestelmä" },
].filter((s) => !adminSections.some((built) => built.path === s.path));
