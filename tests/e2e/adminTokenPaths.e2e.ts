import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { adminTokenMachine, type AdminTokenEvent } from "../../machines/adminTokenMachine";
import { ADMIN_TOKEN_REFRESH_MS } from "../../src/domain/admin/token";
import { adminTokenView } from "../machines/adminTokenView";
import { describeBrowserPaths, HeldRequests, type BrowserStep } from "../support/browserPaths.js";
import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";
import { createUser, TEST_PASSWORD, uniqueEmail, updateUser } from "../support/firebase.js";
import { browserProbe, type PageProbe } from "../support/pageProbe.js";
import type { Step } from "../support/pathCoverage.js";

/*
 * The paths of adminTokenMachine (the design card's "admin token refresh") in Chromium against the
 * production build, the real server and its database, with the real Firebase SDK in the page and
 * the run's Auth emulator standing in for Google (`npx vite build` first). The fewest paths that
 * walk every (state, event) pair run (tests/support/browserPaths.ts); the jsdom run
 * (tests/machines/adminToken.paths.test.tsx) walks every transition, and both check each state with
 * the same page-level assertions (tests/machines/adminTokenView.ts).
 *
 * The test decides when an answer arrives, never what it says: Firebase's restore (its account
 * lookup), its token refresh and the admin API calls are held at the network and let through or
 * cut. What the server and Firebase answer follows from what they know: a 401 comes for an account
 * disabled meanwhile (cured by the refresh once it is enabled again) or whose tokens were revoked
 * (not cured: the retry is refused too); a 403 for a Firebase user who is no admin; a stale token
 * from the page's clock moved on.
 */

const e2e = serverAndBrowserForFile();

type Snapshot = SnapshotFrom<typeof adminTokenMachine>;
type World = {
  page: WatchedPage;
  probe: PageProbe;
  held: HeldRequests;
  /** The Firebase user signed in last, and when (a revocation counts whole seconds). */
  email: string;
  signedInAt: number;
};
type AdminStep = BrowserStep<World>;

const MINUTE = 60_000;

// One event of each type, but the restore's two answers: a token still fresh, one about to go stale.
const events = [
  { type: "xstate.done.actor.restoreUser", output: { token: "fresh", fresh: true } },
  { type: "xstate.done.actor.restoreUser", output: { token: "stale", fresh: false } },
  { type: "xstate.error.actor.restoreUser", error: new Error("nobody signed in") },
  { type: "admin.signedIn", token: "fresh" },
  { type: "token.ensureFresh", fresh: false },
  { type: "token.rejected" },
  { type: "token.rejectedAgain" },
  { type: "token.forbidden" },
  { type: "admin.signOut" },
  { type: "xstate.done.actor.waitUntilStale", output: undefined },
  { type: "xstate.done.actor.fetchToken", output: "refreshed" },
  { type: "xstate.error.actor.fetchToken", error: new Error("offline") },
  { type: "xstate.done.actor.signOut", output: undefined },
  { type: "xstate.error.actor.signOut", error: new Error("offline") },
];

const model = new TestModel(adminTokenMachine, {
  events: events as AdminTokenEvent[],
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => JSON.stringify([s.value, (s as Snapshot).context.notice]),
});

/* ---------- Firebase users and the admin area ---------- */

/** Whether the user signed in now meets a 403 before the next sign-in: then it is no admin. */
const forbiddenLater = (later: Step[]) => {
  const until = later.findIndex((s) => s.event.type === "admin.signedIn");
  return later.slice(0, until < 0 ? undefined : until).some((s) => s.event.type === "token.forbidden");
};

/** A new Firebase user (an admin, or not when a 403 is coming) signs in on the login page. */
async function signIn(world: World, later: Step[]) {
  const { page } = world;
  world.email = uniqueEmail("polku");
  await createUser({ email: world.email, ...(forbiddenLater(later) ? {} : { claims: { admin: true } }) });
  if (new URL(page.url()).pathname !== "/hallinta/login") await page.goto(`${e2e.server.url}/hallinta/login`);
  await page.getByLabel("Sähköpostiosoite").fill(world.email);
  await page.getByLabel("Salasana").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Kirjaudu" }).click();
  world.signedInAt = Date.now();
}

/** The stored token, its expiry moved to a minute from now (the emulator's tokens are unsigned). */
const staleStoredToken = (page: WatchedPage) =>
  page.evaluate(() => {
    const [header, payload] = localStorage.getItem("firebase_token")!.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    claims.exp = Math.floor(Date.now() / 1000) + 60;
    const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    localStorage.setItem("firebase_token", `${header}.${encoded}.`);
  });

/** Which answer the restore gets: a user with a fresh or a stale token, or none. */
const restoreAnswer = (step?: Step) =>
  step?.event.type === "xstate.error.actor.restoreUser"
    ? "none"
    : (step?.event as { output?: { fresh: boolean } } | undefined)?.output?.fresh
      ? "fresh"
      : "stale";

const executors: Record<string, (step: AdminStep) => Promise<unknown>> = {
  // Someone signed in earlier comes back: the page is loaded anew and Firebase restores its user.
  "xstate.init": async ({ world, next, later }) => {
    const { page, held } = world;
    await signIn(world, later);
    await page.getByRole("navigation", { name: "Ylläpidon valikko" }).waitFor();
    if (restoreAnswer(next) === "stale") await staleStoredToken(page);
    await held.hold("restore", /\/identitytoolkit\.googleapis\.com\/v1\/accounts:lookup/);
    await page.reload();
    // The calls the page made before the reload are gone with it.
    held.forget("admin");
  },
  "xstate.done.actor.restoreUser": ({ world }) => world.held.unhold("restore"),
  // The account was disabled meanwhile: Firebase's lookup is refused, and it forgets the user.
  "xstate.error.actor.restoreUser": async ({ world }) => {
    await updateUser(world.email, { disabled: true });
    await world.held.unhold("restore");
  },
  // Another admin signs in. What the page still waits for was the one before's: it is let
  // through first (the client shares one GET in flight, so a call never answered would be reused).
  "admin.signedIn": async ({ world, later }) => {
    await world.held.release("admin");
    await world.held.release("refresh");
    await signIn(world, later);
  },
  // The page's clock reaches the token's last 5 minutes; the next admin call (another section)
  // asks for a fresh one first. The clock goes back once Firebase is asked, so the new one is fresh.
  "token.ensureFresh": async ({ world }) => {
    const { page, held } = world;
    await page.clock.setSystemTime(Date.now() + 60 * MINUTE - ADMIN_TOKEN_REFRESH_MS + MINUTE);
    await page.getByRole("navigation", { name: "Ylläpidon valikko" }).getByRole("link").last().click();
    await held.arrives("refresh");
    await page.clock.setSystemTime(new Date());
  },
  // The account is disabled: the call is refused (401) and a refresh asked; it is enabled again
  // before the refresh is answered (done fetchToken).
  "token.rejected": async ({ world }) => {
    await updateUser(world.email, { disabled: true });
    await world.held.pass("admin");
    await world.held.arrives("refresh");
  },
  // The user's tokens are revoked: Firebase still gives a new one, which the server refuses too.
  // A call held since before a refresh is already the retry, and its 401 is final at once.
  "token.rejectedAgain": async ({ world }) => {
    const { held, page } = world;
    const sinceSignIn = Date.now() - world.signedInAt;
    if (sinceSignIn < 1_100) await new Promise((r) => setTimeout(r, 1_100 - sinceSignIn));
    await updateUser(world.email, { revokeTokens: true });
    await held.pass("admin");
    const leaving = async () => (await page.getByRole("button", { name: "Kirjaudu ulos" }).count()) === 0;
    await expect.poll(async () => (await held.isWaiting("refresh")) || (await leaving())).toBe(true);
    if (await leaving()) return;
    await held.pass("refresh");
    await held.pass("admin");
  },
  // This Firebase user is no admin: the call held since the page opened is answered 403.
  "token.forbidden": ({ world }) => world.held.pass("admin"),
  "admin.signOut": ({ world }) => world.page.getByRole("button", { name: "Kirjaudu ulos" }).click(),
  // Firebase signs out in the page (storage only, no request): nothing to wait for.
  "xstate.done.actor.signOut": async () => {},
  // The laptop wakes when the token has 5 minutes left: its timer fires, and the clock comes back.
  "xstate.done.actor.waitUntilStale": async ({ world }) => {
    await world.page.clock.fastForward(60 * MINUTE - ADMIN_TOKEN_REFRESH_MS + MINUTE);
    await world.page.clock.setSystemTime(new Date());
  },
  "xstate.done.actor.fetchToken": async ({ world }) => {
    await updateUser(world.email, { disabled: false });
    await world.held.pass("refresh");
  },
  "xstate.error.actor.fetchToken": ({ world }) => world.held.cut("refresh", 1),
};

/* ---------- What each state shows: the shared checks, and what the network holds ---------- */

const view = (key: string) => (world: World, s: Snapshot) => adminTokenView[key]!(world.probe, s);

const states: Record<string, (world: World, s: Snapshot) => Promise<unknown>> = {
  restoring: async (world, s) => {
    await view("restoring")(world, s);
    await world.held.arrives("restore");
  },
  signedOut: view("signedOut"),
  "signedIn.ready": view("signedIn.ready"),
  "signedIn.refreshing": async (world, s) => {
    await view("signedIn.refreshing")(world, s);
    await world.held.arrives("refresh");
  },
  signingOut: view("signingOut"),
};

describeBrowserPaths(adminTokenMachine, {
  model,
  outsideBrowser: [
    {
      state: "signingOut",
      event: "xstate.error.actor.signOut",
      reason: "Firebase signs out in the page's storage, with no request to fail",
    },
  ],
  async start() {
    const page = await e2e.openPage();
    await page.clock.install();
    const held = new HeldRequests(page);
    await held.hold("refresh", /\/securetoken\.googleapis\.com\/v1\/token/);
    await held.hold("admin", /\/api\/v2\/admin\//);
    return { page, held, probe: browserProbe(page), email: "", signedInAt: 0 };
  },
  events: executors,
  states,
});
