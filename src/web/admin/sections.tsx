import type { ComponentType } from "react";
import { lazyPage, preloadAll, type LazyPage } from "../lazyPage";

/** A section of /hallinta (spec §2) that is built: its path, navigation title and page. */
export type AdminSection = { path: string; title: string; Page: LazyPage };

/** Every section's loader, for `loadedAdminSections`. */
const loaders: (() => Promise<void>)[] = [];

/**
 * Each section is a chunk of its own, downloaded when it is first opened: /hallinta/login shows
 * its form with no section's code (issue 37), and opening one section does not wait for the rest.
 */
const section = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazyPage(load, pick, loaders);

/** Spec §2's admin sections, in the navigation's order. */
export const adminSections: AdminSection[] = [
  {
    path: "varaukset",
    title: "Varaukset",
    Page: section(
      () => import("./sections/ReservationsSection"),
      (m) => m.ReservationsSection,
    ),
  },
  {
    path: "ostokset",
    title: "Ostokset",
    Page: section(
      () => import("./sections/PurchasesSection"),
      (m) => m.PurchasesSection,
    ),
  },
  {
    path: "hallintapaneeli",
    title: "Hallintapaneeli",
    Page: section(
      () => import("./sections/SettingsSection"),
      (m) => m.SettingsSection,
    ),
  },
  {
    path: "hinnasto",
    title: "Hinnasto",
    Page: section(
      () => import("./sections/PricesSection"),
      (m) => m.PricesSection,
    ),
  },
  {
    path: "alennuskoodit",
    title: "Alennuskoodit",
    Page: section(
      () => import("./sections/DiscountCodesSection"),
      (m) => m.DiscountCodesSection,
    ),
  },
  {
    path: "lahjakortit",
    title: "Lahjakortit",
    Page: section(
      () => import("./sections/GiftCardsSection"),
      (m) => m.GiftCardsSection,
    ),
  },
  {
    path: "v2/talous",
    title: "Talous",
    Page: section(
      () => import("./sections/FinanceSection"),
      (m) => m.FinanceSection,
    ),
  },
  {
    path: "v2/jasenydet",
    title: "Jäsenyydet",
    Page: section(
      () => import("./sections/MembershipsSection"),
      (m) => m.MembershipsSection,
    ),
  },
  {
    path: "v2/toiminta",
    title: "Toiminta",
    Page: section(
      () => import("./sections/OperationsSection"),
      (m) => m.OperationsSection,
    ),
  },
  {
    path: "v2/jarjestelma",
    title: "Järjestelmä",
    Page: section(
      () => import("./sections/SystemSection"),
      (m) => m.SystemSection,
    ),
  },
];

/** Jäsenyydet's bank statements and transfers (issue 36), under an address of its own. */
export const BankTransfersPage = section(
  () => import("./sections/BankTransfersSection"),
  (m) => m.BankTransfersSection,
);

/** Every section's code loaded, for view tests that open a section without waiting for a chunk. */
export const loadedAdminSections = (): Promise<void> => preloadAll(loaders);
