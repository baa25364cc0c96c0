import type { SnapshotFrom } from "xstate";
import type { adminTokenMachine } from "../../machines/adminTokenMachine";
import { isAt, isEnabled, lacks, shows, type PageProbe, type Target } from "../support/pageProbe";

/*
 * What the admin area shows in each state of adminTokenMachine, written once against a page
 * probe and run by both its jsdom paths (tests/machines/adminToken.paths.test.tsx) and its
 * browser paths (tests/e2e/adminTokenPaths.e2e.ts). Each runner adds what only it can see.
 */

type Snapshot = SnapshotFrom<typeof adminTokenMachine>;
export type AdminTokenView = (probe: PageProbe, snapshot: Snapshot) => Promise<unknown>;

export const ADMIN_NOTICES = {
  forbidden: "Tällä tunnuksella ei ole ylläpidon käyttöoikeutta. Sinut kirjattiin ulos.",
  expired: "Kirjautumisesi on päättynyt. Kirjaudu uudelleen.",
  signedOut: "Olet kirjautunut ulos.",
} as const;

export const adminNav: Target = { role: "navigation", name: "Ylläpidon valikko" };
export const signOutButton: Target = { role: "button", name: "Kirjaudu ulos" };
export const signingOutButton: Target = { role: "button", name: "Kirjaudutaan ulos…" };
const loginHeading: Target = { role: "heading", level: 1, name: "Ylläpidon kirjautuminen" };

/** The signed-in area: the admin's own navigation, not the login page, a token in storage. */
async function signedInArea(probe: PageProbe) {
  await shows(probe, adminNav);
  await isAt(probe, "/hallinta/login", false);
  await lacks(probe, loginHeading);
  expect(await probe.stored("firebase_token")).not.toBeNull();
}

export const adminTokenView: Record<string, AdminTokenView> = {
  restoring: async (probe) => {
    await shows(probe, { role: "status", text: "Ladataan…" });
    await lacks(probe, adminNav);
  },
  signedOut: async (probe, s) => {
    await isAt(probe, "/hallinta/login");
    await shows(probe, loginHeading);
    await lacks(probe, adminNav);
    expect(await probe.stored("firebase_token")).toBeNull();
    if (s.context.notice) await shows(probe, { role: "status", text: ADMIN_NOTICES[s.context.notice] });
  },
  "signedIn.ready": async (probe) => {
    await signedInArea(probe);
    await isEnabled(probe, signOutButton);
  },
  "signedIn.refreshing": signedInArea,
  // Leaving: the sign-out button is gone (it says "Kirjaudutaan ulos…" until Firebase is done).
  signingOut: (probe) => lacks(probe, signOutButton),
};
