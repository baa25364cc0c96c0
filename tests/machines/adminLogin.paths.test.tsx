// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fromPromise, type SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  adminLoginMachine,
  LOGIN_FAILED_FALLBACK,
  type AdminLoginEvent,
} from "../../machines/adminLoginMachine";
import type { RestoredToken } from "../../machines/adminTokenMachine";
import { AdminAuthFailure } from "../../src/client/admin/firebaseAuth";
import { RESET_SENT_MESSAGE } from "../../src/client/admin/firebaseErrors";
import { unauthorizedHostMessage } from "../../src/domain/admin/authorizedDomain";
import { describePathTests, type StateAssertions } from "../support/paths";
import { BASE, createAdminHarness, idToken } from "./adminPathSupport";

/*
 * Paths generated from adminLoginMachine, run against the real /hallinta/login page in the real
 * admin area. The domain check, Firebase's sign-in and its reset e-mail are actors the test settles
 * (the Firebase calls themselves run against the Auth emulator in tests/e2e/admin.e2e.ts).
 */

type Snapshot = SnapshotFrom<typeof adminLoginMachine>;
type ModelEvent = AdminLoginEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

const EMAIL = "omistaja@example.com";
const TOKEN = idToken("omistaja", BASE + 3_600_000);
const WRONG = "Sähköpostiosoite tai salasana on väärin.";
const POLICY = "Salasana ei täytä ylläpidon salasanavaatimuksia. Siitä puuttuu: iso kirjain.";
const REFUSED = unauthorizedHostMessage("evil.example");

const events: ModelEvent[] = [
  { type: "xstate.done.actor.checkDomain", output: undefined },
  { type: "xstate.error.actor.checkDomain", error: new AdminAuthFailure(REFUSED) },
  { type: "login.submit", email: EMAIL, password: "Oikea-salasana-1" },
  { type: "xstate.done.actor.signIn", output: TOKEN },
  { type: "xstate.error.actor.signIn", error: new AdminAuthFailure(WRONG) },
  { type: "xstate.error.actor.signIn", error: new AdminAuthFailure(POLICY) },
  { type: "xstate.error.actor.signIn", error: new Error("no words") },
  { type: "login.requestReset", email: EMAIL },
  { type: "xstate.done.actor.sendReset", output: RESET_SENT_MESSAGE },
  { type: "xstate.error.actor.sendReset", error: new AdminAuthFailure("Anna kelvollinen sähköpostiosoite.") },
  { type: "login.back" },
];

const model = new TestModel(adminLoginMachine, {
  events: events as AdminLoginEvent[],
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => JSON.stringify({ value: s.value, error: s.context.error }),
});

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
    // Nobody is signed in: the token machine goes straight to signedOut.
    await app.render({
      path: "/hallinta/login",
      token: {
        restoreUser: fromPromise<RestoredToken>(async () => {
          throw new Error("nobody");
        }),
        waitUntilStale: fromPromise(() => new Promise<void>(() => {})),
      },
    });
  },
  ...settleByEvent("checkDomain"),
  ...settleByEvent("signIn"),
  ...settleByEvent("sendReset"),
  "login.submit": async ({ event }: { event: { email: string; password: string } }) => {
    const email = await screen.findByLabelText("Sähköpostiosoite");
    await user.clear(email);
    await user.type(email, event.email);
    await user.type(screen.getByLabelText("Salasana"), event.password);
    await user.click(screen.getByRole("button", { name: "Kirjaudu" }));
  },
  "login.requestReset": async ({ event }: { event: { email: string } }) => {
    const email = await screen.findByLabelText("Sähköpostiosoite");
    await user.clear(email);
    await user.type(email, event.email);
    await user.click(screen.getByRole("button", { name: "Unohtuiko salasana?" }));
  },
  "login.back": async () => {
    await user.click(screen.getByRole("button", { name: "Takaisin kirjautumiseen" }));
  },
};

const shows = (expectView: (s: Snapshot) => void) => async (s: Snapshot) => {
  await waitFor(() => expectView(s));
};

const form = () => ({
  email: screen.getByLabelText("Sähköpostiosoite"),
  password: screen.getByLabelText("Salasana"),
  submit: screen.getByRole("button", { name: /^(Kirjaudu|Kirjaudutaan…)$/ }),
  reset: screen.getByRole("button", { name: "Unohtuiko salasana?" }),
});

const stateChecks: StateAssertions<typeof adminLoginMachine> = {
  checkingDomain: shows(() => {
    expect(screen.getByRole("status")).toHaveTextContent("Ladataan…");
    expect(screen.queryByLabelText("Salasana")).toBeNull();
  }),
  domainRefused: shows(() => {
    expect(screen.getByRole("alert")).toHaveTextContent(REFUSED);
    expect(screen.queryByLabelText("Salasana")).toBeNull();
  }),
  form: shows(() => {
    expect(app.here()).toBe("/hallinta/login");
    expect(screen.getByRole("heading", { level: 1, name: "Ylläpidon kirjautuminen" })).toBeInTheDocument();
    // No public header on the login page.
    expect(screen.queryByRole("navigation", { name: "Päävalikko" })).toBeNull();
  }),
  "form.idle": shows(() => {
    expect(form().submit).toBeEnabled();
    expect(screen.queryByRole("alert")).toBeNull();
  }),
  "form.failed": shows((s) => {
    expect([WRONG, POLICY, LOGIN_FAILED_FALLBACK, "Anna kelvollinen sähköpostiosoite."]).toContain(
      s.context.error,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(s.context.error!);
    expect(form().submit).toBeEnabled();
    expect(form().email).toHaveValue(s.context.email);
  }),
  signingIn: shows(() => {
    expect(form().submit).toHaveTextContent("Kirjaudutaan…");
    expect(form().submit).toBeDisabled();
    expect(form().reset).toBeDisabled();
  }),
  sendingReset: shows(() => {
    expect(form().reset).toBeDisabled();
    expect(form().submit).toBeDisabled();
  }),
  resetSent: shows(() => {
    expect(screen.getByRole("heading", { name: "Tarkista sähköpostisi" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(RESET_SENT_MESSAGE);
  }),
  // Signed in: the token machine has the token, and the admin area opens at varaukset.
  signedIn: shows(() => {
    expect(app.here()).toBe("/hallinta/varaukset");
    expect(screen.getByRole("navigation", { name: "Ylläpidon valikko" })).toBeInTheDocument();
    expect(app.storedToken()).toBe(TOKEN);
  }),
};

afterEach(() => cleanup());

/** What the page says for a failure: its own words, or the fallback when it has none. */
const said = (error: unknown) => (error instanceof AdminAuthFailure ? error.message : LOGIN_FAILED_FALLBACK);

describePathTests(adminLoginMachine, {
  runs: [{ model, events: executors }],
  states: stateChecks,
  steps: {
    "xstate.init": "Open /hallinta/login with no admin signed in.",
    "xstate.done.actor.checkDomain": "The page's host is one of Firebase's authorized domains.",
    "xstate.error.actor.checkDomain": (e: { error: unknown }) =>
      `The page's host is not one of Firebase's authorized domains (the test's is evil.example): the page says “${said(e.error)}”`,
    "login.submit": (e: { email: string; password: string }) =>
      `Type “${e.email}” in “Sähköpostiosoite” and “${e.password}” in “Salasana”, and press “Kirjaudu”.`,
    "xstate.done.actor.signIn": "Firebase accepts the e-mail and password and signs the admin in.",
    "xstate.error.actor.signIn": (e: { error: unknown }) =>
      said(e.error) === WRONG
        ? `Firebase refuses the password (the account has another one): “${WRONG}”`
        : said(e.error) === POLICY
          ? `The admin password policy refuses the password before Firebase is asked (to see this, type one without a capital letter): “${POLICY}”`
          : `Firebase fails with an error the page has no words for: it says “${LOGIN_FAILED_FALLBACK}”`,
    "login.requestReset": (e: { email: string }) =>
      `Type “${e.email}” in “Sähköpostiosoite” and press “Unohtuiko salasana?”.`,
    "xstate.done.actor.sendReset":
      "Firebase sends the password reset e-mail (it answers so for any address).",
    "xstate.error.actor.sendReset": (e: { error: unknown }) =>
      `Firebase refuses to send the reset e-mail, as for a malformed address: “${said(e.error)}”`,
    "login.back": "Press “Takaisin kirjautumiseen”.",
  },
});
