// @vitest-environment jsdom
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DateTime } from "luxon";
import type { AnyMachineSnapshot } from "xstate";
import { TestModel } from "xstate/graph";
import {
  addDays,
  bookingCalendarMachine,
  dateFromParam,
  INVALID_DATE_NOTICE,
  rangeOf,
  type BookingCalendarContext,
  type BookingCalendarEvent,
  type CalendarDay,
  type CalendarSlot,
} from "../../machines/bookingCalendarMachine";
import { formatDate, formatDateTime, formatTime } from "../../src/domain/helsinkiTime";
import { formatEuros } from "../../src/domain/money";
import { CalendarPage } from "../../src/web/pages/booking/CalendarPage";
import { formatLength } from "../../src/web/pages/booking/labels";
import { reloadSiteInfo } from "../../src/web/useSiteInfo";
import { siteFixture } from "../support/site";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";
import { describePathTests, pathsWalkingEveryPair, runPath } from "../support/paths";

/*
 * Paths generated from bookingCalendarMachine, run against the real CalendarPage. "Today" is
 * Sunday 2026-06-14; the calendar loads seven days from today (14th–20th, then 21st–27th), so one
 * day forward stays in the loaded days and a week forward loads the next seven. The dates the model
 * may visit are limited to keep it finite.
 */

const TODAY = "2026-06-14";
/** The route's param: 21:30 UTC on the 14th is 00:30 on Monday the 15th in Helsinki. */
const TIME_PARAM = "2026-06-14T21:30:00Z";
const START_DATE = "2026-06-15";
const VISITABLE = new Set([TODAY, START_DATE, "2026-06-16", "2026-06-22"]);
const PRICES: Record<number, number> = { 30: 900, 60: 1500, 90: 2100, 120: 2700 };

/** Each dog after the first adds this to every price (the site's dogRules). */
const EXTRA_DOG_CENTS = 400;

/**
 * A week of availability: 8–12 with the first cell closed and the third taken (on every other day
 * by an unpaid hold that may free at 12.10); Saturdays closed. Asked for a reactive dog, the start
 * right after the taken cell does not fit (its buffer would touch the booking before) and is taken.
 */
function weekFixture(from: string, reactiveDog = false): { days: CalendarDay[] } {
  const days: CalendarDay[] = [];
  for (let d = 0; d < 7; d++) {
    const date = addDays(from, d);
    const day = DateTime.fromISO(date, { zone: "Europe/Helsinki" });
    if (day.weekday === 6) {
      days.push({ date, opensAt: null, closesAt: null, slots: [] });
      continue;
    }
    const at = (minutes: number) =>
      day.set({ hour: 8 }).plus({ minutes }).toISO({ suppressMilliseconds: true })!;
    const statuses: Array<CalendarSlot["status"]> = Array.from({ length: 8 }, (_, i) =>
      i === 0 ? "closed" : i === 2 || (reactiveDog && i === 3) ? "taken" : "free",
    );
    const slots: CalendarSlot[] = statuses.map((status, i) => {
      let fits = 0;
      while (i + fits < statuses.length && statuses[i + fits] === "free" && fits < 4) fits++;
      const options =
        status === "free"
          ? Array.from({ length: fits }, (_, k) => ({
              lengthMinutes: 30 * (k + 1),
              end: at(30 * (i + k + 1)),
              priceCents: PRICES[30 * (k + 1)]!,
            }))
          : [];
      const held = status === "taken" && d % 2 === 0 ? { freesAt: `${TODAY}T12:10:00+03:00` } : {};
      return { start: at(30 * i), end: at(30 * (i + 1)), status, options, ...held };
    });
    days.push({ date, opensAt: at(0), closesAt: at(240), slots });
  }
  return { days };
}

const focusedDay = (c: BookingCalendarContext) => c.days.find((d) => d.date === c.date);
const firstFree = (c: BookingCalendarContext) => focusedDay(c)?.slots.find((s) => s.status === "free");

type ModelEvent = BookingCalendarEvent | { type: string; output?: unknown; error?: unknown };

function modelEvents(s: AnyMachineSnapshot): ModelEvent[] {
  const c = s.context as BookingCalendarContext;
  const free = firstFree(c);
  const events: ModelEvent[] = [
    {
      type: "xstate.done.actor.loadAvailability",
      output: weekFixture(rangeOf(c.date, TODAY).from, c.reactiveDog),
    },
    { type: "xstate.error.actor.loadAvailability", error: apiError(503, "Palvelu ei ole käytettävissä.") },
    { type: "calendar.retry" },
    { type: "calendar.next", unit: "day" },
    { type: "calendar.prev", unit: "day" },
    { type: "calendar.next", unit: "week" },
    { type: "calendar.prev", unit: "week" },
    { type: "calendar.today" },
    { type: "calendar.goto", date: "2026-06-21" },
    { type: "calendar.setView", view: c.view === "day" ? "week" : "day" },
    { type: "calendar.deselect" },
    { type: "calendar.setDogs", dogs: c.dogs === 1 ? 2 : 1 },
    { type: "calendar.setDogs", reactiveDog: !c.reactiveDog },
  ];
  if (free) events.push({ type: "calendar.select", start: free.start });
  const longest = c.selected?.options.at(-1);
  if (longest) events.push({ type: "calendar.choose", end: longest.end });
  return events;
}

/**
 * Only what the page offers (day and week buttons on every width), within a few dates; and, to keep the
 * model small, a failing fetch, moving while loading and switching the view only at the start.
 */
function offered(s: AnyMachineSnapshot, event: ModelEvent): boolean {
  if (!s.can(event as never)) return false;
  const c = s.context as BookingCalendarContext;
  const firstLoad = c.loaded === null;
  if (event.type === "calendar.setView") return s.matches("browsing") && c.date === START_DATE;
  // The dogs are told on the first day shown (and in a failed first load), not everywhere; once
  // told, the model only chooses a time (moving about is walked without them).
  if (event.type === "calendar.setDogs" && c.date !== START_DATE) return false;
  const told = c.dogs !== 1 || c.reactiveDog;
  if (told && NAVIGATING.has(event.type)) return false;
  if (event.type === "xstate.error.actor.loadAvailability") return firstLoad;
  if (s.matches("loading") && event.type.startsWith("calendar.") && !firstLoad) return false;
  // The date field only reports a change.
  if (event.type === "calendar.goto") return (event as { date: string }).date !== c.date;
  const step = event.type === "calendar.next" ? 1 : event.type === "calendar.prev" ? -1 : 0;
  if (step) {
    const unit = (event as { unit: "day" | "week" }).unit;
    return VISITABLE.has(addDays(c.date, unit === "week" ? 7 * step : step));
  }
  return true;
}

const NAVIGATING = new Set([
  "calendar.next",
  "calendar.prev",
  "calendar.today",
  "calendar.goto",
  "calendar.setView",
  "calendar.retry",
]);

const modelFor = (time: string | undefined) =>
  new TestModel(bookingCalendarMachine, {
    input: { time, today: TODAY, view: "day", fromToday: true },
    events: modelEvents as never,
    filterEvents: offered as never,
    serializeState: (s) => {
      const c = s.context;
      return JSON.stringify([
        s.value,
        c.date,
        c.view,
        c.loaded?.from,
        c.selected?.start,
        c.notice,
        c.errorMessage,
        c.dogs,
        c.reactiveDog,
      ]);
    },
  });

/* ---------- Driving the real view ---------- */

let fake: FakeApi;
let wide = false;
const mediaListeners = new Set<() => void>();
const user = userEvent.setup({ delay: null });

function installMatchMedia() {
  wide = false;
  mediaListeners.clear();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === "(min-width: 1024px)" && wide;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => mediaListeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
}

const location = () => screen.getByTestId("location").textContent!;
const buttonNames = {
  "calendar.next": { day: "Seuraava päivä ›", week: "Seuraava viikko →" },
  "calendar.prev": { day: "‹ Edellinen päivä", week: "← Edellinen viikko" },
} as const;

/** Renders the calendar at `path` with the fake API and the clock stopped at `now`. */
const renderCalendar = (path: string, now: string) =>
  renderBookingRoute("/varauskalenteri/:time?", path, <CalendarPage />, {
    api: fake.api,
    now: () => new Date(now),
    redirectToPayment: () => {
      throw new Error("the calendar never pays");
    },
  });

const executors = (time: string | undefined) => ({
  "xstate.init": async () => {
    // 23:30 UTC on the 13th is already Sunday the 14th in Helsinki.
    renderCalendar(time ? `/varauskalenteri/${time}` : "/varauskalenteri", "2026-06-13T23:30:00Z");
    // The dog options the park has on are offered once its settings have come (GET /api/v2/site).
    await screen.findByRole("checkbox", { name: "Reaktiivinen koira" });
  },
  "xstate.done.actor.loadAvailability": async ({
    event,
    state,
  }: {
    event: { output: { days: CalendarDay[] } };
    state: AnyMachineSnapshot;
  }) => {
    const args = await fake.settle("availability", { value: event.output });
    // The week, asked with the dogs' options chosen (decision 036).
    const { reactiveDog, inHeat } = state.context as BookingCalendarContext;
    expect(args).toEqual([event.output.days[0]!.date, event.output.days[6]!.date, { reactiveDog, inHeat }]);
  },
  "xstate.error.actor.loadAvailability": ({ event }: { event: { error: unknown } }) =>
    fake.settle("availability", { error: event.error }),
  "calendar.retry": () => user.click(screen.getByRole("button", { name: "Yritä uudelleen" })),
  "calendar.next": ({ event }: { event: { unit: "day" | "week" } }) =>
    user.click(screen.getByRole("button", { name: buttonNames["calendar.next"][event.unit] })),
  "calendar.prev": ({ event }: { event: { unit: "day" | "week" } }) =>
    user.click(screen.getByRole("button", { name: buttonNames["calendar.prev"][event.unit] })),
  "calendar.today": () => user.click(screen.getByRole("button", { name: "Tänään" })),
  "calendar.goto": ({ event }: { event: { date: string } }) =>
    fireEvent.change(screen.getByLabelText("Päivä"), { target: { value: event.date } }),
  "calendar.setView": async ({ event }: { event: { view: "day" | "week" } }) => {
    wide = event.view === "week";
    await act(async () => mediaListeners.forEach((listener) => listener()));
  },
  "calendar.select": ({ event }: { event: { start: string } }) =>
    user.click(screen.getByRole("button", { name: new RegExp(`^Vapaa ${formatDateTime(event.start)}`) })),
  "calendar.setDogs": async ({ event }: { event: { dogs?: number; reactiveDog?: boolean } }) => {
    if (event.dogs !== undefined)
      await user.selectOptions(screen.getByLabelText("Koirien määrä"), String(event.dogs));
    else await user.click(screen.getByRole("checkbox", { name: "Reaktiivinen koira" }));
  },
  "calendar.deselect": () => user.click(screen.getByRole("button", { name: "Peruuta valinta" })),
  "calendar.choose": ({ event }: { event: { end: string } }) =>
    user.click(screen.getByRole("button", { name: new RegExp(`–${formatTime(event.end)}\\)$`) })),
});

/** The URL names the shown date (except an unreadable param, which stays as typed). */
function expectUrlShowsDate(c: BookingCalendarContext) {
  if (c.notice) return;
  const param = decodeURIComponent(location().replace(/^\/varauskalenteri\/?/, ""));
  expect(param === "" ? TODAY : dateFromParam(param)).toBe(c.date);
}

/**
 * Day first on every width: the week's days with their free hours, then the chosen day's times as a
 * grid whose rows are 6 cells long on a wide screen ("week" view) and 4 on a phone.
 */
/** The dogs as told: the number chosen and the reactive dog's box (decision 036). */
function expectDogFields(c: BookingCalendarContext) {
  expect(screen.getByLabelText("Koirien määrä")).toHaveValue(String(c.dogs));
  const reactive = screen.getByRole("checkbox", { name: "Reaktiivinen koira" });
  expect(reactive).toHaveAccessibleDescription(/jottei portilla tule vastaan muita koiria/);
  if (c.reactiveDog) expect(reactive).toBeChecked();
  else expect(reactive).not.toBeChecked();
  expect(screen.getByRole("checkbox", { name: "Juoksuinen narttu" })).not.toBeChecked();
}

/** The price hints count each dog after the first (the site's dogRules). */
const withDogs = (c: BookingCalendarContext, cents: number) => cents + (c.dogs - 1) * EXTRA_DOG_CENTS;

function expectGrid(c: BookingCalendarContext) {
  expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(formatDate(c.date));
  const strip = screen.getByRole("list", { name: "Viikon päivät" });
  const dayButtons = within(strip).getAllByRole("button");
  expect(dayButtons).toHaveLength(7);
  c.days.forEach((day, i) => {
    const button = dayButtons[i]!;
    expect(button).toHaveAttribute("aria-pressed", String(day.date === c.date));
    if (day.date < TODAY) expect(button).toBeDisabled();
    // Six free half hours a day (five for a reactive dog), none on the closed Saturday.
    else
      expect(button).toHaveTextContent(
        day.slots.length ? (c.reactiveDog ? "2,5 h vapaana" : "3 h vapaana") : "Suljettu",
      );
  });
  const day = focusedDay(c)!;
  if (day.slots.length === 0) {
    expect(screen.getByText("Puisto on suljettu tänä päivänä.")).toBeInTheDocument();
    return;
  }
  const grid = screen.getByRole("grid", { name: `Ajat ${formatDate(c.date)}` });
  expect(within(grid).getAllByRole("row")).toHaveLength(2);
  expect(within(grid).getAllByRole("row")[0]!.querySelectorAll("[role=gridcell]")).toHaveLength(
    c.view === "week" ? 6 : 4,
  );
  expect(within(grid).getAllByRole("gridcell")).toHaveLength(day.slots.length);
  expect(within(grid).getAllByText("Suljettu")).toHaveLength(1);
  // A reactive dog's buffer would touch the booking before 9.30: that start is not offered.
  expect(within(grid).getAllByText("Varattu")).toHaveLength(c.reactiveDog ? 2 : 1);
  const held = day.slots.filter((s) => s.freesAt).length;
  expect(within(grid).queryAllByText("voi vapautua klo 12.10")).toHaveLength(held);
  const free = within(grid).getAllByRole("button", { name: /^Vapaa / });
  expect(free).toHaveLength(c.reactiveDog ? 5 : 6);
  // The last start fits only half an hour: its hint is that length's price, with the extra dogs.
  expect(free.at(-1)!.textContent!.replace(/\s+/g, " ")).toContain(
    `alk. ${formatEuros(withDogs(c, PRICES[30]!))}`.replace(/\s+/g, " "),
  );
  expect(within(grid).getByText("8.00")).toBeInTheDocument();
  // One tab stop in the grid.
  expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
}

const stateChecks = {
  loading: async (s: AnyMachineSnapshot) => {
    expect(await screen.findByText("Ladataan varaustilannetta…")).toBeInTheDocument();
    expectDogFields(s.context);
    expectUrlShowsDate(s.context);
  },
  error: async (s: AnyMachineSnapshot) => {
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Varaustilannetta ei saatu ladattua. Palvelu ei ole käytettävissä.");
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expectDogFields(s.context);
    expectUrlShowsDate(s.context);
  },
  browsing: async (s: AnyMachineSnapshot) => {
    const c = s.context as BookingCalendarContext;
    expect(await screen.findByRole("button", { name: "Tänään" })).toBeInTheDocument();
    expect(screen.queryByText("Ladataan varaustilannetta…")).not.toBeInTheDocument();
    expectDogFields(c);
    await vi.waitFor(() => expectGrid(c));
    expect(screen.queryByRole("heading", { name: "Valitse kesto" })).not.toBeInTheDocument();
    if (c.notice) expect(screen.getByText(INVALID_DATE_NOTICE)).toBeInTheDocument();
    else expect(screen.queryByText(INVALID_DATE_NOTICE)).not.toBeInTheDocument();
    expectUrlShowsDate(c);
  },
  selecting: async (s: AnyMachineSnapshot) => {
    const c = s.context as BookingCalendarContext;
    const chooser = (await screen.findByRole("heading", { name: "Valitse kesto" })).closest("section")!;
    expect(chooser).toHaveTextContent(`Alkaa ${formatDateTime(c.selected!.start)}`);
    const options = () =>
      within(chooser)
        .getAllByRole("button")
        .filter((b) => b.textContent !== "Peruuta valinta");
    await vi.waitFor(() =>
      expect(options().map((o) => o.textContent!.split(" (")[0])).toEqual(
        c.selected!.options.map(
          (o) => `${formatLength(o.lengthMinutes)} · ${formatEuros(withDogs(c, o.priceCents))}`,
        ),
      ),
    );
    expectDogFields(c);
    expect(
      screen.getByRole("button", { name: new RegExp(`^Vapaa ${formatDateTime(c.selected!.start)}`) }),
    ).toHaveAttribute("aria-pressed", "true");
    expectUrlShowsDate(c);
  },
  leaving: async (s: AnyMachineSnapshot) => {
    const c = s.context as BookingCalendarContext;
    const end = c.selected!.options.at(-1)!.end;
    // The dogs travel to checkout, which fills them in (left out when they are the default).
    const query = [c.dogs > 1 ? `koiria=${c.dogs}` : "", c.reactiveDog ? "reaktiivinen=1" : ""]
      .filter(Boolean)
      .join("&");
    await vi.waitFor(() =>
      expect(location()).toBe(
        `/checkout/${encodeURIComponent(c.selected!.start)}/${encodeURIComponent(end)}${query ? `?${query}` : ""}`,
      ),
    );
  },
};

beforeEach(() => {
  installMatchMedia();
  fake = createFakeApi();
  // The park's details (GET /api/v2/site, outside the booking API): an extra dog costs 4,00 €.
  const site = siteFixture(4);
  vi.stubGlobal("fetch", async (url: string) => {
    if (!url.startsWith("/api/v2/site")) throw new TypeError(`unexpected request ${url}`);
    return Response.json({ ...site, dogRules: { ...site.dogRules, extraDogPriceCents: EXTRA_DOG_CENTS } });
  });
  reloadSiteInfo();
});

afterEach(() => vi.unstubAllGlobals());

/* ---------- The plan's words (docs/machines/bookingCalendar.md) ---------- */

/** What a week's answer holds, as a tester arranges it (weekFixture). */
function weekWords(days: CalendarDay[]) {
  const reactive = days.some((d) => d.slots[3]?.status === "taken");
  return (
    `The server gives the days ${formatDate(days[0]!.date)}–${formatDate(days[6]!.date)}` +
    (reactive ? " for a reactive dog" : "") +
    ": each open 8.00–12.00 (Saturday closed) with 8.00 closed and 9.00 taken (on every other day " +
    "held by an unpaid checkout that may free at 12.10)" +
    (reactive ? ", 9.30 taken too (the reactive dog's buffer)" : "") +
    "; a free start fits up to 2 h, at 9,00 € per 30 min, 15,00 € per 1 h, 21,00 € per 1,5 h, 27,00 € per 2 h."
  );
}

const steps = {
  "xstate.init":
    "At 2.30 on su 14.6.2026 (Helsinki time), in a window narrower than 1024 px (a phone's layout), " +
    `open /varauskalenteri/${TIME_PARAM} (00.30 on ma 15.6. in Helsinki); the park's settings ` +
    `offer the dog options and charge ${formatEuros(EXTRA_DOG_CENTS)} per extra dog.`,
  "xstate.done.actor.loadAvailability": (e: { output: { days: CalendarDay[] } }) => weekWords(e.output.days),
  "calendar.retry": "Press “Yritä uudelleen”.",
  "calendar.next": (e: { unit: "day" | "week" }) => `Press “${buttonNames["calendar.next"][e.unit]}”.`,
  "calendar.prev": (e: { unit: "day" | "week" }) => `Press “${buttonNames["calendar.prev"][e.unit]}”.`,
  "calendar.today": "Press “Tänään”.",
  "calendar.goto": (e: { date: string }) => `Pick ${formatDate(e.date)} in “Päivä”.`,
  "calendar.setView": (e: { view: "day" | "week" }) =>
    e.view === "week"
      ? "Widen the window to 1024 px or more (the wide layout)."
      : "Narrow the window below 1024 px (the phone layout).",
  "calendar.select": (e: { start: string }) =>
    `Press the free time “${formatTime(e.start)}” (“Vapaa”) of ${formatDate(e.start)}.`,
  "calendar.deselect": "Press “Peruuta valinta”.",
  "calendar.setDogs": (e: { dogs?: number; reactiveDog?: boolean }) =>
    e.dogs !== undefined
      ? `Open “Koirat: …” and choose ${e.dogs} in “Koirien määrä”.`
      : `Open “Koirat: …” and ${e.reactiveDog ? "tick" : "untick"} “Reaktiivinen koira”.`,
  "calendar.choose": (e: { end: string }) =>
    `Press the length that ends at ${formatTime(e.end)} (its button ends “–${formatTime(e.end)})”).`,
};

describePathTests(bookingCalendarMachine, {
  runs: [{ model: modelFor(TIME_PARAM), events: executors(TIME_PARAM) }],
  states: stateChecks,
  steps,
});

test("without a date it opens today's Helsinki date", async () => {
  executors(undefined)["xstate.init"]();
  // The clock says 23:30 UTC on the 13th, which is Sunday the 14th in Helsinki: the seven days
  // from it are asked (not its Monday–Sunday week), and the strip starts at today.
  expect(await fake.settle("availability", { value: weekFixture(TODAY) })).toEqual([
    TODAY,
    "2026-06-20",
    { reactiveDog: false, inHeat: false },
  ]);
  const strip = await screen.findByRole("list", { name: "Viikon päivät" });
  expect(within(strip).getAllByRole("button")[0]).toHaveTextContent("su 14.6.");
  expect(within(strip).getAllByRole("button")[0]).toHaveAttribute("aria-current", "date");
  // Nothing before today: the steps back are off.
  expect(screen.getByRole("button", { name: "‹ Edellinen päivä" })).toBeDisabled();
  expect(screen.getByRole("button", { name: "← Edellinen viikko" })).toBeDisabled();
  expect(await screen.findByRole("heading", { level: 2 })).toHaveTextContent("su 14.6.2026");
  expect(location()).toBe("/varauskalenteri");
});

test("an unreadable date shows today with a notice", async () => {
  const paths = pathsWalkingEveryPair(
    new TestModel(bookingCalendarMachine, {
      input: { time: "32.13.2026", today: TODAY, view: "day", fromToday: true },
      events: ((s: AnyMachineSnapshot) =>
        modelEvents(s).filter((e) => e.type === "xstate.done.actor.loadAvailability")) as never,
      filterEvents: (s, e) => s.can(e),
      serializeState: (s) => JSON.stringify([s.value, s.context.date]),
    }) as never,
  );
  expect(paths).toHaveLength(1);
  expect(paths[0]!.steps.at(-1)!.state.context).toMatchObject({ date: TODAY, notice: INVALID_DATE_NOTICE });
  await runPath(paths[0]!, executors("32.13.2026"), stateChecks);
  expect(location()).toBe("/varauskalenteri/32.13.2026");
});

test("on a phone, today's list starts from the slot under way", async () => {
  const show = (now: string) => renderCalendar(`/varauskalenteri/${TODAY}`, now);

  // 9.10 in Helsinki: 8.00–8.30 and 8.30–9.00 have ended, 9.00–9.30 is under way.
  const first = show("2026-06-14T06:10:00Z");
  await fake.settle("availability", { value: weekFixture(TODAY) });
  const grid = await screen.findByRole("grid", { name: `Ajat ${formatDate(TODAY)}` });
  expect(
    within(grid)
      .getAllByRole("gridcell")
      .map((cell) => cell.querySelector(".time-cell__time")!.textContent),
  ).toEqual(["9.00", "9.30", "10.00", "10.30", "11.00", "11.30"]);
  expect(screen.getByText("Päivän aiemmat ajat ovat jo menneet.")).toBeInTheDocument();
  first.unmount();

  // After closing time nothing is left to show.
  show("2026-06-14T09:00:00Z");
  await fake.settle("availability", { value: weekFixture(TODAY) });
  expect(await screen.findByText("Tämän päivän ajat ovat jo menneet.")).toBeInTheDocument();
  expect(screen.queryByRole("grid", { name: `Ajat ${formatDate(TODAY)}` })).not.toBeInTheDocument();
});

test("the times are one tab stop; arrow keys, Home and End move between the cells, taken ones too", async () => {
  renderCalendar(`/varauskalenteri/${START_DATE}`, "2026-06-13T23:30:00Z");
  await fake.settle("availability", { value: weekFixture(TODAY) });
  const grid = await screen.findByRole("grid", { name: `Ajat ${formatDate(START_DATE)}` });
  const cells = within(grid).getAllByRole("gridcell");
  // The cell's focusable element: the free cell's button, the taken cell's waitlist link, or the cell.
  const focusable = (i: number) => cells[i]!.querySelector("button, a") ?? cells[i]!;
  // The tab stop starts on the first free time (8.30; 8.00 is closed).
  expect(focusable(1)).toHaveAttribute("tabindex", "0");
  act(() => (focusable(1) as HTMLElement).focus());
  await user.keyboard("{ArrowRight}");
  // 9.00 is taken (held): it says so, and its stop is the way into its waitlist.
  expect(focusable(2)).toHaveFocus();
  expect(cells[2]).toHaveTextContent("Varattu");
  expect(focusable(2)).toHaveAccessibleName(/^Ilmoita, jos aika vapautuu/);
  await user.keyboard("{ArrowDown}");
  expect(focusable(6)).toHaveFocus();
  await user.keyboard("{End}");
  expect(focusable(7)).toHaveFocus();
  await user.keyboard("{ArrowRight}");
  expect(focusable(7)).toHaveFocus();
  await user.keyboard("{Home}");
  expect(focusable(4)).toHaveFocus();
  await user.keyboard("{Control>}{Home}{/Control}");
  expect(focusable(0)).toHaveFocus();
  expect(focusable(0)).toHaveTextContent("Suljettu");
  // Still one tab stop, where the focus is.
  expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  expect(focusable(0)).toHaveAttribute("tabindex", "0");
});

test("Escape closes the duration chooser and gives the focus back to the time that opened it", async () => {
  renderCalendar(`/varauskalenteri/${START_DATE}`, "2026-06-13T23:30:00Z");
  await fake.settle("availability", { value: weekFixture(TODAY) });
  const grid = await screen.findByRole("grid", { name: `Ajat ${formatDate(START_DATE)}` });
  const time = within(grid).getAllByRole("button", { name: /^Vapaa / })[1]!;
  await user.click(time);
  expect(await screen.findByRole("heading", { name: "Valitse kesto" })).toBeInTheDocument();
  // The focus is in the chooser's lengths, as a keyboard user's would be after tabbing there.
  act(() => screen.getAllByRole("button", { name: /\(klo / })[0]!.focus());
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("heading", { name: "Valitse kesto" })).not.toBeInTheDocument();
  expect(time).toHaveFocus();
  expect(time).toHaveAttribute("aria-pressed", "false");
  // 'Peruuta valinta' does the same.
  await user.click(time);
  await user.click(screen.getByRole("button", { name: "Peruuta valinta" }));
  expect(screen.queryByRole("heading", { name: "Valitse kesto" })).not.toBeInTheDocument();
  expect(time).toHaveFocus();
});

test("the dogs are one compact disclosure whose summary says what is chosen", async () => {
  renderCalendar(`/varauskalenteri/${START_DATE}`, "2026-06-13T23:30:00Z");
  await fake.settle("availability", { value: weekFixture(TODAY) });
  const summary = screen.getByText("Koirat: 1");
  const disclosure = summary.closest("details")!;
  expect(summary.tagName).toBe("SUMMARY");
  expect(disclosure).not.toHaveAttribute("open");
  await user.click(summary);
  expect(disclosure).toHaveAttribute("open");
  await user.selectOptions(screen.getByLabelText("Koirien määrä"), "2");
  await user.click(screen.getByRole("checkbox", { name: "Reaktiivinen koira" }));
  expect(summary).toHaveTextContent(/^Koirat: 2, reaktiivinen koira$/);
  await fake.settle("availability", { value: weekFixture(TODAY, true) });
  await user.click(screen.getByRole("checkbox", { name: "Juoksuinen narttu" }));
  expect(summary).toHaveTextContent(/^Koirat: 2, reaktiivinen koira, juoksuinen narttu$/);
});
