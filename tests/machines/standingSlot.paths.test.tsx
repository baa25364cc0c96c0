// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  PREVIEW_STANDING_FAILED,
  standingSlotMachine,
  type StandingSlotEvent,
} from "../../machines/standingSlotMachine";
import type { MemberBookingApi } from "../../src/client/memberReservations";
import type { Subscription } from "../../src/domain/membership";
import {
  standingSummary,
  type StandingPreview,
  type StandingSlot,
  type StandingSlotRequest,
  type StandingSlotResult,
  type StandingWeek,
} from "../../src/domain/standingSlot";
import { AccountPage } from "../../src/web/pages/AccountPage";
import { MemberBookingEnvironmentContext } from "../../src/web/pages/account/memberBookingEnvironment";
import { StandingSlotSection } from "../../src/web/pages/account/StandingSlotSection";
import { describePathTests, failedRequest, type StateAssertions } from "../support/paths";
import { settleTicks } from "../support/settle";
import { apiError } from "./bookingPathSupport";
import { at, createFakeMemberApi, NOW, subscription, type FakeMemberApi } from "./memberBookingPathSupport";
import {
  ANSA,
  createFakeMembershipApi,
  createTestSession,
  renderMembershipApp,
  setUpMembershipTests,
  type FakeMembershipApi,
} from "./membershipPathSupport";

/*
 * Paths generated from standingSlotMachine, run against the real /oma-tili (its "Vakiovuoro"
 * section) for a signed-in member (Monday 15.6.2026 at 9.00): an active series on Wednesdays (one
 * week moved, one not had), an open-ended one on Saturdays ended in May and two weeks of April on
 * Mondays, or none. A new series is checked for 6 weeks (some weeks refused, or all) or until
 * further notice, reviewed, booked or refused, or the form reopened with its values; the Wednesday
 * series is ended from its moved week. The member API is the fake of tests/support/fakeApi.ts,
 * settled by the test.
 */

type Snapshot = SnapshotFrom<typeof standingSlotMachine>;
type ModelEvent = StandingSlotEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

/* ---------- Fixtures ---------- */

const id = (n: number) => `5a000000-0000-4000-8000-00000000000${n}`;
/** A week of a series on `date`; its booking on `on` (a moved week's new day). */
const week = (
  date: string,
  status: StandingWeek["status"],
  time: [string, string],
  { on = date, reason = null }: { on?: string; reason?: string | null } = {},
): StandingWeek => ({
  date,
  status,
  start: at(time[0], on),
  end: at(time[1], on),
  reservation_id: status === "skipped" ? null : id(9),
  reason,
});

const WEDNESDAY: [string, string] = ["18:00", "19:00"];
/** On Wednesdays 18-19 for 5 weeks from the 10th: the 24th moved to Thursday 17-18, the 1st not had. */
const WEDNESDAYS: StandingSlot = {
  id: id(1),
  summary: standingSummary(3, "18:00", 60),
  weekday: 3,
  start_time: "18:00",
  minutes: 60,
  dogs: 1,
  reactive_dog: false,
  in_heat: false,
  first_date: "2026-06-10",
  weeks: 5,
  last_date: "2026-07-08",
  ended_from: null,
  active: true,
  weeks_list: [
    week("2026-06-10", "booked", WEDNESDAY),
    week("2026-06-17", "booked", WEDNESDAY),
    week("2026-06-24", "moved", ["17:00", "18:00"], { on: "2026-06-25" }),
    week("2026-07-01", "skipped", WEDNESDAY, { reason: "Aika on jo varattu." }),
  ],
};
const END_FROM = "2026-06-24";
/** The Wednesdays ended from the 24th: the moved booking cancelled, no weeks after. */
const WEDNESDAYS_ENDED: StandingSlot = {
  ...WEDNESDAYS,
  last_date: "2026-06-17",
  ended_from: END_FROM,
  active: false,
  weeks_list: [...WEDNESDAYS.weeks_list.slice(0, 2), { ...WEDNESDAYS.weeks_list[2]!, status: "cancelled" }],
};
const SATURDAY: [string, string] = ["10:00", "11:00"];
/** On Saturdays 10-11 until further notice from 2.5., ended from 23.5. */
const SATURDAYS: StandingSlot = {
  id: id(2),
  summary: standingSummary(6, "10:00", 60),
  weekday: 6,
  start_time: "10:00",
  minutes: 60,
  dogs: 2,
  reactive_dog: false,
  in_heat: false,
  first_date: "2026-05-02",
  weeks: null,
  last_date: "2026-05-16",
  ended_from: "2026-05-23",
  active: false,
  weeks_list: [
    week("2026-05-02", "booked", SATURDAY),
    week("2026-05-09", "cancelled", SATURDAY),
    week("2026-05-16", "booked", SATURDAY),
    week("2026-05-23", "cancelled", SATURDAY),
  ],
};
/** On Mondays 8.00-9.30 for 2 weeks in April: over. */
const APRIL: StandingSlot = {
  id: id(5),
  summary: standingSummary(1, "08:00", 90),
  weekday: 1,
  start_time: "08:00",
  minutes: 90,
  dogs: 1,
  reactive_dog: false,
  in_heat: false,
  first_date: "2026-04-20",
  weeks: 2,
  last_date: "2026-04-27",
  ended_from: null,
  active: false,
  weeks_list: [
    week("2026-04-20", "booked", ["08:00", "09:30"]),
    week("2026-04-27", "booked", ["08:00", "09:30"]),
  ],
};
const LOADED = [WEDNESDAYS, SATURDAYS, APRIL];

/** Tuesdays 17.00-18.30 for 6 weeks, 2 dogs, one reactive; Fridays 7.30-8.00 until further notice, 1 dog. */
const SIX_TUESDAYS: StandingSlotRequest = {
  weekday: 2,
  start_time: "17:00",
  minutes: 90,
  weeks: 6,
  dogs: 2,
  reactiveDog: true,
  inHeat: false,
};
const FRIDAYS: StandingSlotRequest = {
  weekday: 5,
  start_time: "07:30",
  minutes: 30,
  weeks: null,
  dogs: 1,
  reactiveDog: false,
  inHeat: false,
};
const TUESDAY: [string, string] = ["17:00", "18:30"];
const FRIDAY: [string, string] = ["07:30", "08:00"];

const checked = (date: string, time: [string, string], reason: string | null = null) => ({
  date,
  start: at(time[0], date),
  end: at(time[1], date),
  ok: reason === null,
  reason,
});
const TUESDAYS_PREVIEW: StandingPreview = {
  summary: standingSummary(2, "17:00", 90),
  weeks: [
    checked("2026-06-16", TUESDAY),
    checked("2026-06-23", TUESDAY, "Aika on jo varattu."),
    checked("2026-06-30", TUESDAY),
  ],
  later_weeks: 3,
  window_days: 21,
};
const NO_TUESDAYS: StandingPreview = {
  ...TUESDAYS_PREVIEW,
  weeks: [
    checked("2026-06-16", TUESDAY, "Tuntikiintiösi ei riitä."),
    checked("2026-06-23", TUESDAY, "Aika on jo varattu."),
    checked("2026-06-30", TUESDAY, "Puisto on suljettu."),
  ],
};
const FRIDAYS_PREVIEW: StandingPreview = {
  summary: standingSummary(5, "07:30", 30),
  weeks: [checked("2026-06-19", FRIDAY), checked("2026-06-26", FRIDAY), checked("2026-07-03", FRIDAY)],
  later_weeks: null,
  window_days: 21,
};

/** The series the server makes of a request: the weeks checked, booked or not had. */
const made = (n: number, request: StandingSlotRequest, preview: StandingPreview): StandingSlot => ({
  id: id(n),
  summary: preview.summary,
  weekday: request.weekday,
  start_time: request.start_time,
  minutes: request.minutes,
  dogs: request.dogs,
  reactive_dog: request.reactiveDog,
  in_heat: request.inHeat,
  first_date: preview.weeks[0]!.date,
  weeks: request.weeks,
  last_date: request.weeks === null ? null : "2026-07-21",
  ended_from: null,
  active: true,
  weeks_list: preview.weeks.map((w) => ({
    date: w.date,
    status: w.ok ? "booked" : "skipped",
    start: w.start,
    end: w.end,
    reservation_id: w.ok ? id(8) : null,
    reason: w.reason,
  })),
});
const TUESDAYS = made(3, SIX_TUESDAYS, TUESDAYS_PREVIEW);
const FRIDAYS_MADE = made(4, FRIDAYS, FRIDAYS_PREVIEW);
const MADE_TUESDAYS = "Vakiovuoro tehty: 2 viikkoa varattiin, 1 viikko ei onnistunut.";
const MADE_FRIDAYS = "Vakiovuoro tehty: 3 viikkoa varattiin.";
const ENDED = "Vakiovuoro päätetty ke 24.6.2026 alkaen. 1 h palautui kiintiöösi.";

const unavailable = apiError(503, "Palvelu ei ole käytettävissä.");
const refusedBooking = apiError(409, "Tuntikiintiösi ei riitä kaikille viikoille.");
const refusedEnd = apiError(409, "Viikko on jo alkanut, joten vakiovuoroa ei voi päättää siitä alkaen.");

/* ---------- What the page shows of each ---------- */

/** `endable`: the weeks the series may be ended from, as the select "Päätä vakiovuoro alkaen" offers them. */
type Shown = { details: string; ended?: string; over?: string; weeks: string[]; endable: string[] };
/** Each series as its card says it, literally: the details line, ended or not, and its weeks. */
const SHOWN = new Map<StandingSlot, Shown>([
  [
    WEDNESDAYS,
    {
      details: "5 viikkoa, alkaen ke 10.6.2026 · 1 koira",
      weeks: [
        "ke 10.6.2026 klo 18.00–19.00: varattu",
        "ke 17.6.2026 klo 18.00–19.00: varattu",
        "ke 24.6.2026: siirretty to 25.6.2026 klo 17.00–18.00",
        "ke 1.7.2026 klo 18.00–19.00: ei saatu: Aika on jo varattu.",
      ],
      // The 10th is past; the end is offered from each coming week.
      endable: ["ke 17.6.2026", "ke 24.6.2026", "ke 1.7.2026"],
    },
  ],
  [
    WEDNESDAYS_ENDED,
    {
      details: "5 viikkoa, alkaen ke 10.6.2026 · 1 koira",
      ended: "Päättynyt ke 24.6.2026 alkaen",
      weeks: [
        "ke 10.6.2026 klo 18.00–19.00: varattu",
        "ke 17.6.2026 klo 18.00–19.00: varattu",
        "to 25.6.2026 klo 17.00–18.00: peruttu",
      ],
      endable: [],
    },
  ],
  [
    SATURDAYS,
    {
      details: "toistaiseksi, alkaen la 2.5.2026 · 2 koiraa",
      ended: "Päättynyt la 23.5.2026 alkaen",
      weeks: [
        "la 2.5.2026 klo 10.00–11.00: varattu",
        "la 9.5.2026 klo 10.00–11.00: peruttu",
        "la 16.5.2026 klo 10.00–11.00: varattu",
        "la 23.5.2026 klo 10.00–11.00: peruttu",
      ],
      endable: [],
    },
  ],
  [
    APRIL,
    {
      details: "2 viikkoa, alkaen ma 20.4.2026 · 1 koira",
      over: "Viimeinen viikko oli ma 27.4.2026.",
      weeks: ["ma 20.4.2026 klo 8.00–9.30: varattu", "ma 27.4.2026 klo 8.00–9.30: varattu"],
      endable: [],
    },
  ],
  [
    TUESDAYS,
    {
      details: "6 viikkoa, alkaen ti 16.6.2026 · 2 koiraa, reaktiivinen koira",
      weeks: [
        "ti 16.6.2026 klo 17.00–18.30: varattu",
        "ti 23.6.2026 klo 17.00–18.30: ei saatu: Aika on jo varattu.",
        "ti 30.6.2026 klo 17.00–18.30: varattu",
      ],
      endable: ["ti 16.6.2026", "ti 23.6.2026", "ti 30.6.2026"],
    },
  ],
  [
    FRIDAYS_MADE,
    {
      details: "toistaiseksi, alkaen pe 19.6.2026 · 1 koira",
      weeks: [
        "pe 19.6.2026 klo 7.30–8.00: varattu",
        "pe 26.6.2026 klo 7.30–8.00: varattu",
        "pe 3.7.2026 klo 7.30–8.00: varattu",
      ],
      endable: ["pe 19.6.2026", "pe 26.6.2026", "pe 3.7.2026"],
    },
  ],
]);

type Reviewed = { lines: string[]; later: string; bookable: boolean };
/** The checked weeks as the review says them. */
const REVIEWED = new Map<StandingPreview, Reviewed>([
  [
    TUESDAYS_PREVIEW,
    {
      lines: [
        "ti 16.6.2026 klo 17.00–18.30: varataan",
        "ti 23.6.2026 klo 17.00–18.30: ei onnistu: Aika on jo varattu.",
        "ti 30.6.2026 klo 17.00–18.30: varataan",
      ],
      later:
        "Loput 3 viikkoa varataan sitä mukaa kuin varausikkuna (21 päivää) etenee; saat sähköpostin, jos jokin viikko ei onnistu.",
      bookable: true,
    },
  ],
  [
    NO_TUESDAYS,
    {
      lines: [
        "ti 16.6.2026 klo 17.00–18.30: ei onnistu: Tuntikiintiösi ei riitä.",
        "ti 23.6.2026 klo 17.00–18.30: ei onnistu: Aika on jo varattu.",
        "ti 30.6.2026 klo 17.00–18.30: ei onnistu: Puisto on suljettu.",
      ],
      later:
        "Loput 3 viikkoa varataan sitä mukaa kuin varausikkuna (21 päivää) etenee; saat sähköpostin, jos jokin viikko ei onnistu.",
      bookable: false,
    },
  ],
  [
    FRIDAYS_PREVIEW,
    {
      lines: [
        "pe 19.6.2026 klo 7.30–8.00: varataan",
        "pe 26.6.2026 klo 7.30–8.00: varataan",
        "pe 3.7.2026 klo 7.30–8.00: varataan",
      ],
      later: "…ja sen jälkeen joka viikko toistaiseksi, sitä mukaa kuin varausikkuna etenee.",
      bookable: true,
    },
  ],
]);

/* ---------- The model ---------- */

const sameRequest = (a: StandingSlotRequest | null, b: StandingSlotRequest | null) =>
  JSON.stringify(a) === JSON.stringify(b);
const slotsKey = (slots: StandingSlot[]) => slots.map((s) => `${s.id}:${s.active}`).join(",");
const unchanged = (c: Snapshot["context"]) => slotsKey(c.slots) === slotsKey(LOADED);

function modelEvents(s: Snapshot): ModelEvent[] {
  const c = s.context;
  const previews = c.request?.weeks === null ? [FRIDAYS_PREVIEW] : [TUESDAYS_PREVIEW, NO_TUESDAYS];
  const created: StandingSlotResult =
    c.request?.weeks === null
      ? { success: true, message: MADE_FRIDAYS, standing: FRIDAYS_MADE }
      : { success: true, message: MADE_TUESDAYS, standing: TUESDAYS };
  return [
    { type: "xstate.done.actor.loadStandingSlots", output: LOADED },
    { type: "xstate.done.actor.loadStandingSlots", output: [] },
    { type: "xstate.error.actor.loadStandingSlots", error: unavailable },
    { type: "standing.retry" },
    { type: "standing.check", request: SIX_TUESDAYS },
    { type: "standing.check", request: FRIDAYS },
    ...previews.map((output) => ({ type: "xstate.done.actor.previewStandingSlot" as const, output })),
    { type: "xstate.error.actor.previewStandingSlot", error: apiError(null, "") },
    { type: "standing.confirm" },
    { type: "standing.back" },
    { type: "xstate.done.actor.createStandingSlot", output: created },
    { type: "xstate.error.actor.createStandingSlot", error: refusedBooking },
    { type: "standing.askEnd", id: WEDNESDAYS.id, from: END_FROM },
    { type: "standing.confirmEnd" },
    { type: "standing.keep" },
    {
      type: "xstate.done.actor.endStandingSlot",
      output: { success: true, message: ENDED, standing: WEDNESDAYS_ENDED },
    },
    { type: "xstate.error.actor.endStandingSlot", error: refusedEnd },
  ];
}

/**
 * Kept small: one series made or ended per path, from the list as loaded. A check asks again only
 * for what the form kept (after “Muuta valintoja” or a failed check); the end is asked for before
 * any check.
 */
function offered(s: Snapshot, event: ModelEvent): boolean {
  if (!s.can(event as StandingSlotEvent)) return false;
  const c = s.context;
  if (event.type === "standing.check")
    return unchanged(c) && (c.request === null || sameRequest(c.request, event.request));
  if (event.type === "standing.askEnd") return unchanged(c) && c.request === null;
  return true;
}

const model = new TestModel(standingSlotMachine, {
  events: modelEvents as never,
  filterEvents: offered as never,
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([
      s.value,
      slotsKey(c.slots),
      c.request,
      c.preview ? REVIEWED.get(c.preview)!.lines[0] : null,
      c.ending,
      c.message,
      c.errorMessage,
    ]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeMemberApi;
let membership: FakeMembershipApi;
/** Ends confirmed so far on this path: nothing is sent before the member confirms. */
let endConfirmations: number;
const user = userEvent.setup({ delay: null });
const clock = () => new Date(NOW);
const section = () => screen.getByRole("region", { name: "Vakiovuoro" });
const inSection = () => within(section());
const seriesCard = (slot: StandingSlot) => inSection().getByRole("listitem", { name: slot.summary });
const field = (label: string) => inSection().getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const weekCount = () => inSection().getByRole("spinbutton", { name: "Viikkoja" }) as HTMLInputElement;
const review = () => inSection().getByRole("group", { name: "Tarkista viikot" });

const memberApi = () =>
  createFakeMemberApi({
    // The "Varaukset" section beside it: no bookings.
    reservations: async () => [],
    maxDogs: async () => 4,
  });

async function fillForm(request: StandingSlotRequest) {
  await user.selectOptions(field("Viikonpäivä"), String(request.weekday));
  await user.selectOptions(field("Alkaa klo"), request.start_time);
  await user.selectOptions(field("Kesto"), String(request.minutes));
  await user.clear(field("Koiria"));
  await user.type(field("Koiria"), String(request.dogs));
  const reactive = inSection().getByRole("checkbox", { name: "Reaktiivinen koira" });
  if ((reactive as HTMLInputElement).checked !== request.reactiveDog) await user.click(reactive);
  if (request.weeks === null) {
    await user.click(inSection().getByRole("radio", { name: "Toistaiseksi" }));
  } else {
    await user.click(inSection().getByRole("radio", { name: "Viikkoja" }));
    await user.clear(weekCount());
    await user.type(weekCount(), String(request.weeks));
  }
}

type Step<E> = { event: E; state: Snapshot };
const executors = {
  "xstate.init": async () => {
    endConfirmations = 0;
    await renderMembershipApp({
      path: "/oma-tili",
      pages: [
        {
          path: "/oma-tili",
          element: (
            <MemberBookingEnvironmentContext.Provider value={{ api: fake.api, now: clock }}>
              <AccountPage />
            </MemberBookingEnvironmentContext.Provider>
          ),
        },
      ],
      session: createTestSession(ANSA),
      env: { api: membership.api, now: clock, redirectToPayment: () => {} },
    });
    // Vakiovuoro is a member's: it shows once the membership is known to give access.
    expect(screen.queryByRole("region", { name: "Vakiovuoro" })).toBeNull();
    await membership.settle("mySubscription", { value: subscription(2) });
  },
  "xstate.done.actor.loadStandingSlots": ({ event }: Step<{ output: StandingSlot[] }>) =>
    fake.settle("standingSlots", { value: event.output }),
  "xstate.error.actor.loadStandingSlots": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("standingSlots", { error: event.error }),
  "standing.retry": () => user.click(inSection().getByRole("button", { name: "Yritä uudelleen" })),
  "standing.check": async ({ event }: Step<{ request: StandingSlotRequest }>) => {
    await fillForm(event.request);
    await user.click(inSection().getByRole("button", { name: "Tarkista viikot" }));
  },
  "xstate.done.actor.previewStandingSlot": async ({ event, state }: Step<{ output: StandingPreview }>) => {
    expect(await fake.settle("previewStandingSlot", { value: event.output })).toEqual([
      state.context.request,
    ]);
  },
  "xstate.error.actor.previewStandingSlot": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("previewStandingSlot", { error: event.error }),
  "standing.confirm": () => user.click(within(review()).getByRole("button", { name: "Vahvista vakiovuoro" })),
  "standing.back": () => user.click(within(review()).getByRole("button", { name: "Muuta valintoja" })),
  // The series asked for is the one checked (the form starts afresh once it is made).
  "xstate.done.actor.createStandingSlot": async ({ event }: Step<{ output: StandingSlotResult }>) => {
    const asked = event.output.standing === TUESDAYS ? SIX_TUESDAYS : FRIDAYS;
    expect(await fake.settle("createStandingSlot", { value: event.output })).toEqual([asked]);
  },
  "xstate.error.actor.createStandingSlot": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("createStandingSlot", { error: event.error }),
  "standing.askEnd": async ({ event }: Step<{ id: string; from: string }>) => {
    const card = seriesCard(LOADED.find((s) => s.id === event.id)!);
    await user.selectOptions(within(card).getByLabelText("Päätä vakiovuoro alkaen"), "ke 24.6.2026");
    await user.click(within(card).getByRole("button", { name: "Päätä…" }));
  },
  "standing.confirmEnd": () => {
    endConfirmations += 1;
    return user.click(inSection().getByRole("button", { name: "Päätä vakiovuoro" }));
  },
  "standing.keep": () => user.click(inSection().getByRole("button", { name: "Älä päätä" })),
  "xstate.done.actor.endStandingSlot": async ({ event }: Step<{ output: StandingSlotResult }>) => {
    expect(await fake.settle("endStandingSlot", { value: event.output })).toEqual([WEDNESDAYS.id, END_FROM]);
  },
  "xstate.error.actor.endStandingSlot": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("endStandingSlot", { error: event.error }),
};

/* ---------- What each state shows ---------- */

const INTRO =
  "Varaa sama aika joka viikko. Jokainen viikko on tavallinen jäsenvaraus, joka lasketaan sen jakson tunteihin; voit siirtää tai perua yksittäisen viikon Varaukset-listasta.";

/** Every series in order, as SHOWN says; its weeks' end buttons enabled only while nothing else runs. */
function expectSeries(s: Snapshot) {
  const c = s.context;
  if (c.slots.length === 0) {
    expect(inSection().getByText("Sinulla ei ole vakiovuoroja.")).toBeInTheDocument();
    expect(inSection().queryByRole("region", { name: "Vakiovuorosi" })).toBeNull();
    return;
  }
  expect(inSection().queryByText("Sinulla ei ole vakiovuoroja.")).toBeNull();
  const list = inSection().getByRole("region", { name: "Vakiovuorosi" });
  const cards = within(list)
    .getAllByRole("listitem")
    .filter((li) => li.classList.contains("standing-series"));
  expect(cards.map((card) => card.querySelector("h4")!.textContent)).toEqual(c.slots.map((x) => x.summary));
  for (const slot of c.slots) {
    const shown = SHOWN.get(slot)!;
    const card = seriesCard(slot);
    expect(card).toHaveTextContent(shown.details);
    if (shown.ended) expect(card).toHaveTextContent(shown.ended);
    else expect(card).not.toHaveTextContent("Päättynyt");
    if (shown.over) expect(card).toHaveTextContent(shown.over);
    else expect(card).not.toHaveTextContent("Viimeinen viikko");
    const rows = within(card)
      .getAllByRole("listitem")
      .map((li) => li.querySelector("span")!.textContent);
    expect(rows).toEqual(shown.weeks);
    const asking = c.ending?.id === slot.id && (s.matches("askingEnd") || s.matches("ending"));
    const chooser = within(card).queryByLabelText("Päätä vakiovuoro alkaen");
    const button = within(card).queryByRole("button", { name: "Päätä…" });
    if (asking || shown.endable.length === 0) {
      expect(chooser).toBeNull();
      expect(button).toBeNull();
      continue;
    }
    expect(
      within(chooser as HTMLElement)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(shown.endable);
    if (s.matches("showing")) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  }
}

/** The form with the values last checked (the defaults before), and its button. */
function expectForm(s: Snapshot, enabled: boolean) {
  const r = s.context.request ?? {
    weekday: 1,
    start_time: "17:00",
    minutes: 60,
    weeks: 8,
    dogs: 1,
    reactiveDog: false,
  };
  expect(field("Viikonpäivä")).toHaveValue(String(r.weekday));
  expect(
    within(field("Viikonpäivä") as HTMLSelectElement)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["Maanantai", "Tiistai", "Keskiviikko", "Torstai", "Perjantai", "Lauantai", "Sunnuntai"]);
  expect(field("Alkaa klo")).toHaveValue(r.start_time);
  expect(field("Kesto")).toHaveValue(String(r.minutes));
  expect(
    within(field("Kesto") as HTMLSelectElement)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["30 min", "1 h", "1,5 h", "2 h"]);
  expect(field("Koiria")).toHaveValue(r.dogs);
  const reactive = inSection().getByRole("checkbox", { name: "Reaktiivinen koira" });
  if (r.reactiveDog) expect(reactive).toBeChecked();
  else expect(reactive).not.toBeChecked();
  const some = inSection().getByRole("radio", { name: "Viikkoja" });
  const open = inSection().getByRole("radio", { name: "Toistaiseksi" });
  if (r.weeks === null) {
    expect(open).toBeChecked();
    expect(some).not.toBeChecked();
    expect(weekCount()).toBeDisabled();
  } else {
    expect(some).toBeChecked();
    expect(weekCount()).toHaveValue(r.weeks);
    if (enabled) expect(weekCount()).toBeEnabled();
  }
  const check = inSection().getByRole("button", { name: "Tarkista viikot" });
  if (enabled) {
    expect(check).toBeEnabled();
    expect(field("Viikonpäivä")).toBeEnabled();
  } else {
    expect(check).toBeDisabled();
    expect(field("Viikonpäivä")).toBeDisabled();
  }
  expect(inSection().queryByRole("group", { name: "Tarkista viikot" })).toBeNull();
}

/** The review: the summary, each week's words, the later weeks, and the buttons. */
function expectReview(s: Snapshot) {
  const c = s.context;
  const reviewed = REVIEWED.get(c.preview!)!;
  const box = review();
  const dogs =
    (c.request!.dogs === 1 ? "1 koira" : `${c.request!.dogs} koiraa`) +
    (c.request!.reactiveDog ? ", reaktiivinen koira" : "");
  expect(box).toHaveTextContent(`${c.preview!.summary} · ${dogs}`);
  expect(
    within(box)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(reviewed.lines);
  expect(within(box).getByText(reviewed.later)).toBeInTheDocument();
  const none = within(box).queryByText(/^Yhtään viikkoa ei voi nyt varata/);
  if (reviewed.bookable) expect(none).toBeNull();
  else
    expect(none).toHaveTextContent(
      "Yhtään viikkoa ei voi nyt varata, joten vakiovuoroa ei voi tehdä. Valitse toinen aika tai päivä.",
    );
  // The form is gone meanwhile.
  expect(inSection().queryByRole("button", { name: "Tarkista viikot" })).toBeNull();
  return box;
}

const states: StateAssertions<typeof standingSlotMachine> = {
  loading: async () => {
    expect(await inSection().findByRole("status")).toHaveTextContent("Ladataan vakiovuorojasi…");
    expect(inSection().getByText(INTRO)).toBeInTheDocument();
    expect(inSection().queryByRole("button", { name: "Tarkista viikot" })).toBeNull();
  },
  loadFailed: async (s) => {
    expect(s.context.errorMessage).toBe(unavailable.message);
    expect(await inSection().findByRole("alert")).toHaveTextContent("Palvelu ei ole käytettävissä.");
    expect(inSection().getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expect(inSection().queryByRole("button", { name: "Tarkista viikot" })).toBeNull();
  },
  showing: async (s) => {
    const c = s.context;
    await waitFor(() => expect(inSection().getByRole("button", { name: "Tarkista viikot" })).toBeEnabled());
    expect(inSection().getByText(INTRO)).toBeInTheDocument();
    expectSeries(s);
    expectForm(s, true);
    const status = inSection().queryByRole("status");
    if (c.message) expect(status).toHaveTextContent(c.message);
    else expect(status).toBeNull();
    // A failed check is said by the form, a failed end on its series.
    const alerts = inSection().queryAllByRole("alert");
    if (!c.errorMessage) expect(alerts).toHaveLength(0);
    else {
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toHaveTextContent(c.errorMessage);
      const where = c.ending ? seriesCard(LOADED.find((x) => x.id === c.ending!.id)!) : section();
      expect(where).toContainElement(alerts[0]!);
      expect(c.errorMessage).toBe(c.ending ? refusedEnd.message : PREVIEW_STANDING_FAILED);
    }
    expect(fake.calls("endStandingSlot")).toHaveLength(endConfirmations);
  },
  checking: async (s) => {
    expect(await inSection().findByRole("status")).toHaveTextContent("Tarkistetaan viikkoja…");
    expectForm(s, false);
    expectSeries(s);
    expect(fake.calls("previewStandingSlot").at(-1)?.args).toEqual([s.context.request]);
    expect(fake.calls("createStandingSlot")).toHaveLength(0);
  },
  reviewing: async (s) => {
    await inSection().findByRole("group", { name: "Tarkista viikot" });
    const box = expectReview(s);
    const confirm = within(box).getByRole("button", { name: "Vahvista vakiovuoro" });
    if (REVIEWED.get(s.context.preview!)!.bookable) expect(confirm).toBeEnabled();
    else expect(confirm).toBeDisabled();
    expect(within(box).getByRole("button", { name: "Muuta valintoja" })).toBeEnabled();
    expect(within(box).queryByRole("status")).toBeNull();
    const alert = within(box).queryByRole("alert");
    if (s.context.errorMessage) expect(alert).toHaveTextContent(refusedBooking.message);
    else expect(alert).toBeNull();
    expectSeries(s);
  },
  booking: async (s) => {
    const box = review();
    expect(await within(box).findByRole("status")).toHaveTextContent("Varataan vakiovuoroa…");
    expectReview(s);
    expect(within(box).getByRole("button", { name: "Vahvista vakiovuoro" })).toBeDisabled();
    expect(within(box).getByRole("button", { name: "Muuta valintoja" })).toBeDisabled();
    expect(within(box).queryByRole("alert")).toBeNull();
    expect(fake.calls("createStandingSlot").at(-1)?.args).toEqual([s.context.request]);
  },
  askingEnd: async (s) => {
    const card = seriesCard(WEDNESDAYS);
    const box = await within(card).findByRole("group");
    expect(box).toHaveTextContent(
      "Päätetäänkö vakiovuoro joka viikko keskiviikkoisin klo 18.00–19.00 ke 24.6.2026 alkaen? Sen varaukset siitä eteenpäin perutaan ja tunnit palautuvat kiintiöösi.",
    );
    expect(within(box).getByRole("button", { name: "Päätä vakiovuoro" })).toBeEnabled();
    expect(within(box).getByRole("button", { name: "Älä päätä" })).toBeEnabled();
    expect(inSection().queryByRole("status")).toBeNull();
    expect(inSection().queryByRole("alert")).toBeNull();
    // Nothing is sent before the member confirms.
    expect(fake.calls("endStandingSlot")).toHaveLength(endConfirmations);
    expectSeries(s);
    expectForm(s, false);
  },
  ending: async (s) => {
    const box = within(seriesCard(WEDNESDAYS)).getByRole("group");
    expect(await within(box).findByRole("status")).toHaveTextContent("Päätetään vakiovuoroa…");
    expect(within(box).getByRole("button", { name: "Päätä vakiovuoro" })).toBeDisabled();
    expect(within(box).getByRole("button", { name: "Älä päätä" })).toBeDisabled();
    expect(fake.calls("endStandingSlot").at(-1)?.args).toEqual([WEDNESDAYS.id, END_FROM]);
    expect(fake.calls("endStandingSlot")).toHaveLength(endConfirmations);
    expectSeries(s);
  },
};

setUpMembershipTests(() => {
  fake = memberApi();
  membership = createFakeMembershipApi();
});

const requestWords = (r: StandingSlotRequest) =>
  `${standingSummary(r.weekday, r.start_time, r.minutes).replace("Joka viikko ", "")}, ${r.dogs} ${r.dogs === 1 ? "dog" : "dogs"}, ${r.weeks === null ? "“Toistaiseksi”" : `${r.weeks} weeks`}`;
const previewWords = (p: StandingPreview) => {
  const refused = p.weeks.filter((w) => !w.ok).length;
  return `The server checks ${p.weeks.length} weeks in its 21-day window: ${refused === 0 ? "all can be had" : refused === p.weeks.length ? "none can be had" : `${refused} cannot be had`}${p.later_weeks === null ? ", more weeks until further notice" : `, ${p.later_weeks} weeks later`}.`;
};

describePathTests(standingSlotMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}), a member with access, on Monday 15.6.2026 at 9.00, open /oma-tili and find its section “Vakiovuoro”.`,
    "xstate.done.actor.loadStandingSlots": ({ output }: { output: StandingSlot[] }) =>
      output.length === 0
        ? "The server gives no series."
        : "The server gives the member's series: Wednesdays 18.00–19.00 for 5 weeks from 10.6. (24.6. moved to Thursday 17.00–18.00, 1.7. not had: “Aika on jo varattu.”), Saturdays 10.00–11.00 until further notice, ended from 23.5., and Mondays 8.00–9.30 for 2 weeks from 20.4. (over).",
    "standing.retry": "Press “Yritä uudelleen” in “Vakiovuoro”.",
    "standing.check": ({ request }: { request: StandingSlotRequest }) =>
      `Choose ${requestWords(request)} in the form and press “Tarkista viikot”.`,
    "xstate.done.actor.previewStandingSlot": ({ output }: { output: StandingPreview }) =>
      previewWords(output),
    "xstate.error.actor.previewStandingSlot": failedRequest(PREVIEW_STANDING_FAILED),
    "standing.confirm": "Press “Vahvista vakiovuoro”.",
    "standing.back": "Press “Muuta valintoja”.",
    "xstate.done.actor.createStandingSlot": ({ output }: { output: StandingSlotResult }) =>
      `The server books the weeks that can be had and answers “${output.message}”`,
    "standing.askEnd":
      "On the Wednesday series, choose ke 24.6.2026 in “Päätä vakiovuoro alkaen” and press “Päätä…”.",
    "standing.confirmEnd": "Press “Päätä vakiovuoro”.",
    "standing.keep": "Press “Älä päätä”.",
    "xstate.done.actor.endStandingSlot": ({ output }: { output: StandingSlotResult }) =>
      `The server ends the series, cancels its bookings from 24.6. on and answers “${output.message}”`,
  },
});

/* ---------- Beyond the machine ---------- */

test("Vakiovuoro is not shown without a membership that gives access", async () => {
  for (const found of [
    null,
    { ...subscription(0), status: "cancelled", has_access: false } as Subscription,
  ]) {
    await renderMembershipApp({
      path: "/oma-tili",
      pages: [
        {
          path: "/oma-tili",
          element: (
            <MemberBookingEnvironmentContext.Provider value={{ api: fake.api, now: clock }}>
              <AccountPage />
            </MemberBookingEnvironmentContext.Provider>
          ),
        },
      ],
      session: createTestSession(ANSA),
      env: { api: membership.api, now: clock, redirectToPayment: () => {} },
    });
    await membership.settle("mySubscription", { value: found });
    expect(await screen.findByRole("region", { name: "Varaukset" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Vakiovuoro" })).toBeNull();
    expect(fake.calls("standingSlots")).toHaveLength(0);
    cleanup();
  }
});

test("a series made or ended tells the page that the bookings changed", async () => {
  const api: Partial<MemberBookingApi> = {
    standingSlots: async () => LOADED,
    previewStandingSlot: async () => TUESDAYS_PREVIEW,
    createStandingSlot: async () => ({ success: true, message: MADE_TUESDAYS, standing: TUESDAYS }),
    endStandingSlot: async () => ({ success: true, message: ENDED, standing: WEDNESDAYS_ENDED }),
  };
  const member = createFakeMemberApi(api);
  const bookingsChanged = vi.fn();
  await act(async () => {
    render(
      <MemberBookingEnvironmentContext.Provider value={{ api: member.api, now: clock }}>
        <StandingSlotSection onBookingsChanged={bookingsChanged} />
      </MemberBookingEnvironmentContext.Provider>,
    );
    await settleTicks();
  });
  await user.click(await inSection().findByRole("button", { name: "Tarkista viikot" }));
  await user.click(await inSection().findByRole("button", { name: "Vahvista vakiovuoro" }));
  expect(await inSection().findByRole("status")).toHaveTextContent(MADE_TUESDAYS);
  expect(bookingsChanged).toHaveBeenCalledTimes(1);

  const card = seriesCard(WEDNESDAYS);
  await user.selectOptions(
    within(card).getByLabelText("Päätä vakiovuoro alkaen"),
    SHOWN.get(WEDNESDAYS)!.endable[1]!,
  );
  await user.click(within(card).getByRole("button", { name: "Päätä…" }));
  expect(bookingsChanged).toHaveBeenCalledTimes(1);
  await user.click(inSection().getByRole("button", { name: "Päätä vakiovuoro" }));
  expect(await inSection().findByRole("status")).toHaveTextContent(ENDED);
  expect(bookingsChanged).toHaveBeenCalledTimes(2);
  expect(member.calls("endStandingSlot").map((c) => c.args)).toEqual([[WEDNESDAYS.id, END_FROM]]);
});
