// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { WAITLIST_JOIN_FAILED, waitlistMachine } from "../../machines/waitlistMachine";
import { WaitlistPage } from "../../src/web/pages/booking/WaitlistPage";
import { reloadSiteInfo } from "../../src/web/useSiteInfo";
import { describePathTests, failedRequest, type StateAssertions } from "../support/paths";
import { siteFixture } from "../support/site";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";

/*
 * Paths generated from waitlistMachine, run against the real /varauskalenteri/jono/:start/:end
 * ("Ilmoita, jos aika vapautuu" of a taken calendar cell): the address is sent with the slot, the
 * server's answer shown, a refusal's words shown beside the form, and sending again.
 */

type Snapshot = SnapshotFrom<typeof waitlistMachine>;

const START = "2026-06-20T10:00:00+03:00";
const END = "2026-06-20T10:30:00+03:00";
/** The hour the visitor wants instead of the calendar cell's half hour. */
const HOUR_END = "2026-06-20T11:00:00+03:00";
const JOINED =
  "Olet jonossa. Jos aika vapautuu, lähetämme sähköpostiisi linkin, jolla aika on hetken varattuna vain sinulle.";
const FREE = "Aika on vapaa juuri nyt: varaa se varauskalenterista.";
const ADDRESS = "maija@example.com";

const events = [
  { type: "waitlist.submit", email: ADDRESS },
  { type: "waitlist.chooseLength", end: HOUR_END },
  { type: "xstate.done.actor.joinWaitlist", output: { success: true, message: JOINED } },
  { type: "xstate.error.actor.joinWaitlist", error: apiError(409, FREE) },
  { type: "xstate.error.actor.joinWaitlist", error: apiError(null, "") },
];

const model = new TestModel(waitlistMachine, {
  input: { start: START, end: END },
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([s.value, c.end, c.email, s.matches("failed") ? c.errorMessage : null]);
  },
});

let fake: FakeApi;
let sent: number;
/** The range the last chosen length asks for (the cell's own until a length is chosen). */
let end: string;
const user = userEvent.setup({ delay: null });
const field = () => screen.getByLabelText("Sähköpostiosoite");
const sendButton = () => screen.getByRole("button", { name: /^(Ilmoita, jos aika vapautuu|Lähetetään…)$/ });

type Step = { event: { email?: string; end?: string; output?: unknown; error?: unknown } };
const lengthButton = (name: RegExp) => screen.getByRole("radio", { name });
const executors = {
  "xstate.init": async () => {
    renderBookingRoute(
      "/varauskalenteri/jono/:start/:end",
      `/varauskalenteri/jono/${encodeURIComponent(START)}/${encodeURIComponent(END)}`,
      <WaitlistPage />,
      { api: fake.api, now: () => new Date("2026-06-16T08:00:00+03:00"), redirectToPayment: () => {} },
    );
    expect(await screen.findByText("la 20.6.2026 klo 10.00–10.30")).toBeVisible();
    // The park's lengths (GET /api/v2/site), the cell's half hour chosen.
    expect(await screen.findByRole("radio", { name: /^30 min/ })).toBeChecked();
  },
  "waitlist.chooseLength": async ({ event }: Step) => {
    end = event.end!;
    await user.click(lengthButton(/^1 h \(la 20\.6\.2026 klo 10\.00–11\.00\)$/));
  },
  "waitlist.submit": async ({ event }: Step) => {
    sent += 1;
    await user.clear(field());
    await user.type(field(), ` ${event.email!} `);
    await user.click(sendButton());
  },
  "xstate.done.actor.joinWaitlist": async ({ event }: Step) => {
    expect(await fake.settle("waitlistJoin", { value: event.output })).toEqual([START, end, ADDRESS]);
  },
  "xstate.error.actor.joinWaitlist": ({ event }: Step) => fake.settle("waitlistJoin", { error: event.error }),
};

/** The range asked for is shown, and its length checked among the park's. */
async function expectRange(s: Snapshot) {
  const minutes = (Date.parse(s.context.end) - Date.parse(START)) / 60_000;
  const label = new RegExp(`^${minutes === 60 ? "1 h" : `${minutes} min`} `);
  expect(await screen.findByRole("radio", { name: label })).toBeChecked();
  expect(
    screen.getByText(minutes === 60 ? "la 20.6.2026 klo 10.00–11.00" : "la 20.6.2026 klo 10.00–10.30", {
      selector: "strong",
    }),
  ).toBeVisible();
}

const states: StateAssertions<typeof waitlistMachine> = {
  editing: async (s) => {
    await expectRange(s);
    await waitFor(() => expect(sendButton()).toHaveTextContent("Ilmoita, jos aika vapautuu"));
    expect(sendButton()).toBeEnabled();
    // Empty at first; the address sent stays after a refusal and another length.
    expect(field()).toHaveValue(s.context.email);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fake.calls("waitlistJoin")).toHaveLength(sent);
  },
  sending: async () => {
    await waitFor(() => expect(sendButton()).toHaveTextContent("Lähetetään…"));
    expect(sendButton()).toBeDisabled();
    expect(fake.calls("waitlistJoin").at(-1)?.args).toEqual([START, end, ADDRESS]);
  },
  joined: async () => {
    expect(await screen.findByRole("status")).toHaveTextContent(JOINED);
    expect(screen.queryByLabelText("Sähköpostiosoite")).toBeNull();
    expect(screen.getByRole("link", { name: "Takaisin varauskalenteriin" })).toHaveAttribute(
      "href",
      "/varauskalenteri/2026-06-20",
    );
  },
  // The server's words when it gave some (the slot is free), the page's own otherwise; the address stays.
  failed: async (s) => {
    await expectRange(s);
    expect([FREE, WAITLIST_JOIN_FAILED]).toContain(s.context.errorMessage);
    expect(await screen.findByRole("alert")).toHaveTextContent(s.context.errorMessage!);
    expect(field()).toHaveValue(ADDRESS);
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(sendButton()).toBeEnabled();
  },
};

beforeEach(() => {
  localStorage.clear();
  sent = 0;
  end = END;
  fake = createFakeApi();
  const site = siteFixture(4);
  vi.stubGlobal("fetch", async (url: string) => {
    if (!url.startsWith("/api/v2/site")) throw new TypeError(`unexpected request ${url}`);
    return Response.json(site);
  });
  reloadSiteInfo();
});

afterEach(() => vi.unstubAllGlobals());

const failureWords = failedRequest(WAITLIST_JOIN_FAILED);

describePathTests(waitlistMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `Open /varauskalenteri/jono/${START}/${END}, the taken half hour la 20.6.2026 klo 10.00–10.30, in a park whose lengths are 30 min, 1 h, 1,5 h and 2 h.`,
    "waitlist.chooseLength": (e: { end: string }) =>
      e.end === HOUR_END
        ? "Under “Kesto”, choose “1 h (la 20.6.2026 klo 10.00–11.00)”."
        : `Under “Kesto”, choose the length ending at ${e.end}.`,
    "waitlist.submit": (e: { email: string }) =>
      `Clear “Sähköpostiosoite”, type “ ${e.email} ” (a space before and after) and press “Ilmoita, jos aika vapautuu”.`,
    "xstate.done.actor.joinWaitlist": (e: { output: { message: string } }) =>
      `The server puts the address in line: “${e.output.message}”`,
    "xstate.error.actor.joinWaitlist": failureWords,
  },
});

test("asks for the length in the link's ?kesto= (the calendar's wanted length), and keeps a choice in it", async () => {
  const path = `/varauskalenteri/jono/${encodeURIComponent(START)}/${encodeURIComponent(END)}`;
  renderBookingRoute("/varauskalenteri/jono/:start/:end", `${path}?kesto=60`, <WaitlistPage />, {
    api: fake.api,
    now: () => new Date("2026-06-16T08:00:00+03:00"),
    redirectToPayment: () => {},
  });
  expect(await screen.findByText("la 20.6.2026 klo 10.00–11.00", { selector: "strong" })).toBeVisible();
  expect(await screen.findByRole("radio", { name: /^1 h / })).toBeChecked();
  await user.click(screen.getByRole("radio", { name: /^1,5 h / }));
  expect(screen.getByTestId("location")).toHaveTextContent(`${path}?kesto=90`);
  await user.type(field(), ADDRESS);
  await user.click(sendButton());
  expect(await fake.settle("waitlistJoin", { value: { success: true, message: JOINED } })).toEqual([
    START,
    "2026-06-20T11:30:00+03:00",
    ADDRESS,
  ]);
});

test("reads a ?kesto= that is no length as none: the cell's own range", async () => {
  const path = `/varauskalenteri/jono/${encodeURIComponent(START)}/${encodeURIComponent(END)}`;
  renderBookingRoute("/varauskalenteri/jono/:start/:end", `${path}?kesto=tunti`, <WaitlistPage />, {
    api: fake.api,
    now: () => new Date("2026-06-16T08:00:00+03:00"),
    redirectToPayment: () => {},
  });
  expect(await screen.findByText("la 20.6.2026 klo 10.00–10.30", { selector: "strong" })).toBeVisible();
  expect(await screen.findByRole("radio", { name: /^30 min / })).toBeChecked();
});
