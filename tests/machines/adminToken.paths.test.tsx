// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fromPromise, type SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { adminTokenMachine, type AdminTokenEvent } from "../../machines/adminTokenMachine";
import { ADMIN_TOKEN_REFRESH_MS, adminTokenExpiresAtMs } from "../../src/domain/admin/token";
import { isEnabled, jsdomProbe } from "../support/pageProbe";
import { describePathTests, type StateAssertions } from "../support/paths";
import { BASE, createAdminHarness, idToken } from "./adminPathSupport";
import { ADMIN_NOTICES, adminTokenView, signingOutButton } from "./adminTokenView";

/*
 * Paths generated from adminTokenMachine, run against the real admin area: the guard, the login
 * page, the layout and the token policy on the real HTTP client. Firebase's answers (restoring
 * the user, a new token, signing out) come from actors the test settles; the admin API is a fetch
 * whose answers the test queues (the server has its own tests).
 */

type Snapshot = SnapshotFrom<typeof adminTokenMachine>;

/*
 * The navigations the app makes itself, through useNavigate (AdminSession's goToLogin is one); a
 * guard's <Navigate> is not one, as react-router's own component calls its hook from inside.
 * RequireAdmin would take a signed-out admin to /hallinta/login as well, so only these tell that
 * the machine's goToLogin did it.
 */
const appNavigations = vi.hoisted(() => [] as unknown[][]);
vi.mock("react-router-dom", async (importOriginal) => {
  const router = await importOriginal<typeof import("react-router-dom")>();
  return {
    ...router,
    useNavigate: () => {
      const navigate = router.useNavigate();
      return (...args: Parameters<typeof navigate>) => {
        appNavigations.push(args);
        return navigate(...args);
      };
    },
  };
});
/** The app's navigations since last asked. */
const takeNavigations = () => appNavigations.splice(0);

type ModelEvent = AdminTokenEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

const HOUR = 3_600_000;
const FRESH = idToken("fresh", BASE + HOUR);
const STALE = idToken("stale", BASE + 2 * 60_000); // 2 minutes left: under spec §9's 5
const REFRESHED = idToken("refreshed", BASE + 2 * HOUR);

const events: ModelEvent[] = [
  { type: "xstate.done.actor.restoreUser", output: { token: FRESH, fresh: true } },
  { type: "xstate.done.actor.restoreUser", output: { token: STALE, fresh: false } },
  { type: "xstate.error.actor.restoreUser", error: new Error("nobody signed in") },
  { type: "admin.signedIn", token: FRESH },
  { type: "token.ensureFresh", fresh: false },
  { type: "token.rejected" },
  { type: "token.rejectedAgain" },
  { type: "token.forbidden" },
  { type: "admin.signOut" },
  { type: "xstate.done.actor.waitUntilStale", output: undefined },
  { type: "xstate.done.actor.fetchToken", output: REFRESHED },
  { type: "xstate.error.actor.fetchToken", error: new Error("TOKEN_EXPIRED") },
  { type: "xstate.done.actor.signOut", output: undefined },
  { type: "xstate.error.actor.signOut", error: new Error("offline") },
];

const model = new TestModel(adminTokenMachine, {
  events: events as AdminTokenEvent[],
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => JSON.stringify({ value: s.value, ...(s as Snapshot).context }),
});

/* ---------- Driving the app ---------- */

const app = createAdminHarness();
let user: ReturnType<typeof userEvent.setup>;

type ActorResult = { event: { output?: unknown; error?: unknown } };
const settleByEvent = (id: string) => ({
  [`xstate.done.actor.${id}`]: ({ event }: ActorResult) => app.settle(id, { value: event.output }),
  [`xstate.error.actor.${id}`]: ({ event }: ActorResult) => app.settle(id, { error: event.error }),
});

const executors = {
  "xstate.init": async () => {
    user = userEvent.setup();
    takeNavigations();
    await app.render({
      // Signing in on the page: the domain is fine, and Firebase answers with the token at once.
      login: {
        checkDomain: fromPromise(async () => {}),
        signIn: fromPromise(async () => FRESH),
      },
    });
  },
  "xstate.done.actor.restoreUser": ({ event }: ActorResult) => {
    // The real restore reads the stored token; the stand-in answers with what storage holds.
    localStorage.setItem("firebase_token", (event.output as { token: string }).token);
    return app.settle("restoreUser", { value: event.output });
  },
  "xstate.error.actor.restoreUser": ({ event }: ActorResult) =>
    app.settle("restoreUser", { error: event.error }),
  ...settleByEvent("waitUntilStale"),
  ...settleByEvent("fetchToken"),
  ...settleByEvent("signOut"),
  "admin.signedIn": async () => {
    await user.type(await screen.findByLabelText("Sähköpostiosoite"), "omistaja@example.com");
    await user.type(screen.getByLabelText("Salasana"), "Oikea-salasana-1");
    await user.click(screen.getByRole("button", { name: "Kirjaudu" }));
  },
  // Time passes until the token has under 5 minutes left; the next admin call refreshes it first.
  "token.ensureFresh": async ({ state }: { state: Snapshot }) => {
    app.setClock(adminTokenExpiresAtMs(state.context.token)! - ADMIN_TOKEN_REFRESH_MS + 1000);
    await app.callApi();
    await waitFor(() => expect(app.isPending("fetchToken")).toBe(true));
    app.setClock(BASE);
  },
  "token.rejected": async () => {
    app.answers.push(401);
    await app.callApi();
  },
  // The call is answered 401, refreshed and retried, and the retry is answered 401 as well.
  "token.rejectedAgain": async () => {
    app.answers.push(401, 401);
    await app.callApi();
    await app.settle("fetchToken", { value: REFRESHED });
  },
  "token.forbidden": async () => {
    app.answers.push(403);
    await app.callApi();
  },
  "admin.signOut": async () => {
    await user.click(await screen.findByRole("button", { name: "Kirjaudu ulos" }));
  },
};

/* ---------- What each state shows ---------- */

// The page-level checks are shared with the browser run (tests/machines/adminTokenView.ts); jsdom
// adds what only it can see: the token in storage is the machine's own, the sign-out is under way.
const probe = jsdomProbe(() => app.here());
const view = (key: keyof typeof adminTokenView) => async (s: Snapshot) =>
  adminTokenView[key]!(await probe, s);
const storesMachineToken = (s: Snapshot) => expect(app.storedToken()).toBe(s.context.token);

const stateChecks: StateAssertions<typeof adminTokenMachine> = {
  restoring: view("restoring"),
  signedOut: async (s) => {
    await view("signedOut")(s);
    // Signed out by a sign-out or a failed refresh (a notice says which), the machine's goToLogin
    // took the admin to the login page, replacing the entry; at the start it is the guard's doing.
    expect(takeNavigations()).toEqual(s.context.notice ? [["/hallinta/login", { replace: true }]] : []);
  },
  "signedIn.ready": async (s) => {
    await view("signedIn.ready")(s);
    storesMachineToken(s);
  },
  "signedIn.refreshing": async (s) => {
    await view("signedIn.refreshing")(s);
    storesMachineToken(s);
  },
  signingOut: async (s) => {
    await view("signingOut")(s);
    await isEnabled(await probe, signingOutButton, false);
  },
};

afterEach(() => cleanup());

describePathTests(adminTokenMachine, {
  runs: [{ model, events: executors }],
  states: stateChecks,
  steps: {
    "xstate.init":
      "Open /hallinta/varaukset; the next step says whether an admin signed in earlier in this browser.",
    "xstate.done.actor.restoreUser": (e: { output: { fresh: boolean } }) =>
      e.output.fresh
        ? "Firebase restores the admin who signed in earlier in this browser; their token has an hour left."
        : "Firebase restores the admin who signed in earlier in this browser; their token has only 2 minutes left.",
    "xstate.error.actor.restoreUser": "Firebase restores nobody: no admin has signed in in this browser.",
    "admin.signedIn":
      "Type “omistaja@example.com” in “Sähköpostiosoite” and “Oikea-salasana-1” in “Salasana”, and press “Kirjaudu” (Firebase accepts them).",
    "xstate.done.actor.waitUntilStale":
      "Wait until the token has under 5 minutes left: the page asks Firebase for a new one by itself.",
    "token.ensureFresh":
      "Move the computer's clock on until the token has under 5 minutes left (the page's own timer, counting real time, has not fired), then open another section from “Ylläpidon valikko”: a new token is asked for before its call goes out.",
    "xstate.done.actor.fetchToken": "Firebase gives a new token (two hours left).",
    "xstate.error.actor.fetchToken":
      "Firebase gives no new token (the sign-in has expired or was revoked: “TOKEN_EXPIRED”).",
    "token.rejected":
      "Open another section from “Ylläpidon valikko”, its call answered 401 by the server (the token refused).",
    "token.rejectedAgain":
      "Open another section from “Ylläpidon valikko”: the server answers its call 401, Firebase gives a new token, and the server answers the call's retry 401 again.",
    "token.forbidden":
      "Open another section from “Ylläpidon valikko”, its call answered 403 by the server (this Firebase user is no admin).",
    "admin.signOut": "Press “Kirjaudu ulos”.",
    "xstate.done.actor.signOut": "Firebase signs out.",
    "xstate.error.actor.signOut": "Firebase fails to sign out (the browser is offline).",
  },
});

/* ---------- The policy's rules on the real HTTP client, one at a time ---------- */

describe("admin calls through the token policy", () => {
  beforeEach(async () => {
    user = userEvent.setup();
    await app.render({
      login: { checkDomain: fromPromise(async () => {}), signIn: fromPromise(async () => FRESH) },
    });
  });

  /** Starts an admin call inside act without holding an act scope open while it waits for its answer. */
  function call(n: number) {
    let result!: Promise<unknown>;
    act(() => {
      result = app.http.get("/api/v2/admin/me", { params: { n } });
    });
    // The test reads a rejection later, after settling the token; until then it is not unhandled.
    result.catch(() => {});
    return result;
  }

  async function signedInWith(token: string) {
    localStorage.setItem("firebase_token", token);
    await app.settle("restoreUser", { value: { token, fresh: true } });
    await screen.findByRole("navigation", { name: "Ylläpidon valikko" });
  }

  it("a 401 refreshes the token and retries the call once with the new one", async () => {
    await signedInWith(FRESH);
    app.answers.push(401);
    const result = call(1);
    await app.settle("fetchToken", { value: REFRESHED });
    await expect(result).resolves.toMatchObject({ admin: { uid: "u-1" } });
    const probes = app.calls.filter((c) => c.url.includes("n=1"));
    expect(probes.map((c) => c.authorization)).toEqual([`Bearer ${FRESH}`, `Bearer ${REFRESHED}`]);
    expect(app.storedToken()).toBe(REFRESHED);
  });

  it("a 401 with no fresh token to be had removes the token and goes to /hallinta/login", async () => {
    await signedInWith(FRESH);
    app.answers.push(401);
    const result = call(2);
    await app.settle("fetchToken", { error: new Error("TOKEN_EXPIRED") });
    await expect(result).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(app.here()).toBe("/hallinta/login"));
    expect(app.storedToken()).toBeNull();
    expect(app.calls.filter((c) => c.url.includes("n=2"))).toHaveLength(1);
  });

  it("a 403 removes the token, signs out and goes to /hallinta/login saying why", async () => {
    await signedInWith(FRESH);
    app.answers.push(403);
    await act(async () => {
      await expect(app.http.get("/api/v2/admin/me", { params: { n: 3 } })).rejects.toMatchObject({
        status: 403,
      });
    });
    await app.settle("signOut", { value: undefined });
    await waitFor(() => expect(app.here()).toBe("/hallinta/login"));
    expect(app.storedToken()).toBeNull();
    expect(screen.getByText(ADMIN_NOTICES.forbidden)).toBeInTheDocument();
    expect(app.calls.filter((c) => c.url.includes("n=3"))).toHaveLength(1);
  });

  it("a token with under 5 minutes left is refreshed before the call goes out", async () => {
    await signedInWith(FRESH);
    app.setClock(BASE + HOUR - 4 * 60_000);
    const result = call(4);
    await app.settle("fetchToken", { value: REFRESHED });
    await result;
    expect(app.calls.filter((c) => c.url.includes("n=4")).map((c) => c.authorization)).toEqual([
      `Bearer ${REFRESHED}`,
    ]);
  });

  it("customer calls are left to the customer policy (no admin token on them)", async () => {
    await signedInWith(FRESH);
    await app.http.get("/api/v2/site").catch(() => undefined);
    expect(app.calls.find((c) => c.url === "/api/v2/site")?.authorization).toBeNull();
  });
});
