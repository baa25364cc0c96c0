import { assertEvent, assign, fromPromise, setup } from "xstate";
import { addDays, helsinkiDate, isValidDate, rangeOf, type DateRange } from "../src/domain/helsinkiClock";
import { serverMessageOr } from "./remoteFailure";

export { addDays };
export { rangeOf, weekOf, type DateRange } from "../src/domain/helsinkiClock";

/**
 * The booking calendar (`/varauskalenteri/:time?`): it loads seven days around the focused day, lets
 * the visitor move between days and weeks, pick a free cell and then one of the lengths that fit
 * there. Loading the whole week in the day view too means moving within it needs no new request.
 * The public calendar's seven days start from today (`fromToday`: today, today + 7, …, so its day
 * strip never opens on days gone by, and stepping back stops at today); the member calendar's are
 * the Monday–Sunday week. The availability fetch is the provided actor `loadAvailability`; the URL
 * and the move to checkout are the provided actions `showDateInUrl` and `goToCheckout`.
 *
 * The visitor tells up front how many dogs come and whether one is reactive or a female in heat
 * (decision 036): the options change which starts fit (a buffer or a cleaning gap around the
 * booking), so changing them loads the week again with them; the number of dogs only changes the
 * price hint. All three travel to checkout.
 */

export type CalendarView = "week" | "day";
export type CalendarSlotStatus = "free" | "taken" | "closed" | "past" | "started" | "beyondWindow";
export type CalendarSlotOption = { lengthMinutes: number; end: string; priceCents: number };
export type CalendarSlot = {
  start: string;
  end: string;
  status: CalendarSlotStatus;
  options: CalendarSlotOption[];
  /** A taken cell held only by unpaid checkouts: when it frees if they are not paid. */
  freesAt?: string;
};
export type CalendarDay = {
  date: string;
  opensAt: string | null;
  closesAt: string | null;
  slots: CalendarSlot[];
};
/** The dogs' options that change which starts fit (decision 036). */
export type CalendarDogOptions = { reactiveDog: boolean; inHeat: boolean };
/** What the availability fetch asks: a week, for a booking with these options. */
export type AvailabilityQuery = DateRange & CalendarDogOptions;
/** What the calendar hands to checkout. */
export type CalendarChoice = CalendarDogOptions & { start: string; end: string; dogs: number };

export type BookingCalendarInput = {
  /** The route's `:time` param: a date, or an ISO datetime whose Helsinki date is meant. */
  time?: string;
  /** Today's Helsinki date; the app reads the clock, the machine does not. */
  today: string;
  view: CalendarView;
  /** The loaded days start from today in steps of seven (the public calendar), not on a Monday. */
  fromToday?: boolean;
};

export type BookingCalendarContext = {
  today: string;
  /** The focused day: the day view shows it, the week view shows its week. */
  date: string;
  view: CalendarView;
  /** Set when the `:time` param could not be read and today is shown instead. */
  notice: string | null;
  fromToday: boolean;
  /** The week whose availability `days` holds, null before the first load. */
  loaded: DateRange | null;
  days: CalendarDay[];
  selected: CalendarSlot | null;
  errorMessage: string | null;
  /** How many dogs come (the price hint counts the extra dogs), and the dogs' options. */
  dogs: number;
  reactiveDog: boolean;
  inHeat: boolean;
};

export type BookingCalendarEvent =
  | { type: "calendar.next"; unit: "day" | "week" }
  | { type: "calendar.prev"; unit: "day" | "week" }
  | { type: "calendar.today" }
  | { type: "calendar.goto"; date: string }
  | { type: "calendar.setView"; view: CalendarView }
  | { type: "calendar.select"; start: string }
  | { type: "calendar.deselect" }
  | { type: "calendar.choose"; end: string }
  | { type: "calendar.retry" }
  | { type: "calendar.setDogs"; dogs?: number; reactiveDog?: boolean; inHeat?: boolean };

const NAVIGATION_EVENTS = ["calendar.next", "calendar.prev", "calendar.today", "calendar.goto"] as const;
type NavigationEvent = Extract<BookingCalendarEvent, { type: (typeof NAVIGATION_EVENTS)[number] }>;

export const INVALID_DATE_NOTICE = "Päivämäärää ei tunnistettu, joten näytetään tämä päivä.";
const LOAD_FAILED = "Varaustilannetta ei saatu ladattua.";

// YYYY-MM-DD, then optionally Thh[:mm[:ss[.fff]]] and an offset (Z, ±hh, ±hhmm or ±hh:mm).
const ISO_PARAM =
  /^(\d{4}-\d{2}-\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * The Helsinki date a `:time` param means, or null when it is not a date or an ISO datetime: a
 * time without an offset is Helsinki's own, so its date is the one written; one with an offset is
 * moved to Helsinki first.
 */
export function dateFromParam(time: string | undefined): string | null {
  const match = time ? ISO_PARAM.exec(time) : null;
  if (!match || !isValidDate(match[1]!)) return null;
  const [, date, hour = "0", minute = "0", second = "0", zone] = match as unknown as string[];
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (!zone) return date!;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone === "Z" ? "0000" : zone.slice(1).replace(":", "").padEnd(4, "0");
  const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  const ms =
    Date.parse(`${date}T00:00:00Z`) + ((+hour * 60 + +minute) * 60 + +second - offsetMinutes * 60) * 1000;
  return helsinkiDate(ms);
}

const loadedRange = (c: BookingCalendarContext) => rangeOf(c.date, c.fromToday ? c.today : undefined);
function targetDate(context: BookingCalendarContext, event: NavigationEvent): string {
  switch (event.type) {
    case "calendar.next":
      return addDays(context.date, event.unit === "week" ? 7 : 1);
    case "calendar.prev": {
      // From today on, stepping back stops at today (a date from the URL may still be earlier).
      const back = addDays(context.date, event.unit === "week" ? -7 : -1);
      return context.fromToday && back < context.today && context.date >= context.today
        ? context.today
        : back;
    }
    case "calendar.today":
      return context.today;
    case "calendar.goto":
      return dateFromParam(event.date) ?? context.date;
  }
}

// Moving assigns the new date first, so the URL action sees it.
const MOVE = [
  "moveToTarget",
  {
    type: "showDateInUrl",
    params: ({ context }: { context: BookingCalendarContext }) => ({ date: context.date }),
  },
] as const;

/** Moving inside the loaded week just refocuses; leaving it loads the new week. */
const NAVIGATE_WITHIN_WEEK = [
  { guard: "targetInLoadedWeek", target: "browsing", actions: MOVE },
  { target: "loading", actions: MOVE },
] as const;

const dogOptionsChange = (context: BookingCalendarContext, event: BookingCalendarEvent) =>
  event.type === "calendar.setDogs" &&
  ((event.reactiveDog !== undefined && event.reactiveDog !== context.reactiveDog) ||
    (event.inHeat !== undefined && event.inHeat !== context.inHeat));

/** New options: the week again, asked with them (nothing chosen stays); the dogs alone: the price. */
const SET_DOGS_RELOADING = [
  { guard: "dogOptionsChange", target: "loading", actions: ["setDogs", "deselect"] },
  { actions: "setDogs" },
] as const;

const findSlot = (days: CalendarDay[], start: string) =>
  days.flatMap((day) => day.slots).find((slot) => slot.start === start) ?? null;

export const bookingCalendarMachine = setup({
  types: {
    context: {} as BookingCalendarContext,
    events: {} as BookingCalendarEvent,
    input: {} as BookingCalendarInput,
  },
  actors: {
    loadAvailability: fromPromise<{ days: CalendarDay[] }, AvailabilityQuery>(async () => {
      throw new Error("loadAvailability is provided by the app");
    }),
  },
  actions: {
    showDateInUrl: (_, _params: { date: string }) => {},
    goToCheckout: (_, _params: CalendarChoice) => {},
    moveToTarget: assign(({ context, event }) => {
      assertEvent(event, NAVIGATION_EVENTS);
      return { date: targetDate(context, event), selected: null, notice: null };
    }),
    /** Takes the event's number of dogs and options. */
    setDogs: assign(({ context, event }) => {
      assertEvent(event, "calendar.setDogs");
      return {
        dogs: event.dogs ?? context.dogs,
        reactiveDog: event.reactiveDog ?? context.reactiveDog,
        inHeat: event.inHeat ?? context.inHeat,
      };
    }),
    deselect: assign({ selected: null }),
    selectSlot: assign({
      selected: ({ context, event }) =>
        event.type === "calendar.select" ? findSlot(context.days, event.start) : context.selected,
    }),
  },
  guards: {
    targetInLoadedWeek: ({ context, event }) => {
      if (!context.loaded) return false;
      assertEvent(event, NAVIGATION_EVENTS);
      const date = targetDate(context, event);
      return date >= context.loaded.from && date <= context.loaded.to;
    },
    slotIsFree: ({ context, event }) =>
      event.type === "calendar.select" && findSlot(context.days, event.start)?.status === "free",
    dogOptionsChange: ({ context, event }) => dogOptionsChange(context, event),
    optionExists: ({ context, event }) =>
      event.type === "calendar.choose" && !!context.selected?.options.some((o) => o.end === event.end),
  },
}).createMachine({
  id: "bookingCalendar",
  context: ({ input }) => {
    const date = dateFromParam(input.time);
    return {
      today: input.today,
      date: date ?? input.today,
      view: input.view,
      fromToday: !!input.fromToday,
      notice: input.time !== undefined && date === null ? INVALID_DATE_NOTICE : null,
      loaded: null,
      days: [],
      selected: null,
      errorMessage: null,
      dogs: 1,
      reactiveDog: false,
      inHeat: false,
    };
  },
  initial: "loading",
  on: {
    "calendar.setView": { actions: assign({ view: ({ event }) => event.view }) },
  },
  states: {
    /** Fetching the week around `date`; moving again restarts the fetch for the new week. */
    loading: {
      description:
        "“Ladataan varaustilannetta…” under the focused day's heading; “Koirat: …”, the day and week steps, “Tänään” and “Päivä” stay usable, and the address names the focused date.",
      invoke: {
        id: "loadAvailability",
        src: "loadAvailability",
        input: ({ context }) => ({
          ...loadedRange(context),
          reactiveDog: context.reactiveDog,
          inHeat: context.inHeat,
        }),
        onDone: {
          target: "browsing",
          actions: assign({
            days: ({ event }) => event.output.days,
            loaded: ({ context }) => loadedRange(context),
            errorMessage: null,
          }),
        },
        onError: {
          target: "error",
          actions: assign({
            // The server's reason, when it gave one, follows the calendar's own words.
            errorMessage: ({ event }) => `${LOAD_FAILED} ${serverMessageOr(event.error, "")}`.trim(),
          }),
        },
      },
      on: {
        "calendar.next": { target: "loading", reenter: true, actions: MOVE },
        "calendar.prev": { target: "loading", reenter: true, actions: MOVE },
        "calendar.today": { target: "loading", reenter: true, actions: MOVE },
        "calendar.goto": { target: "loading", reenter: true, actions: MOVE },
        // New options restart the fetch with them.
        "calendar.setDogs": [
          { guard: "dogOptionsChange", target: "loading", reenter: true, actions: "setDogs" },
          { actions: "setDogs" },
        ],
      },
    },
    /** The fetch failed: a message and a retry; moving to another day tries again too. */
    error: {
      description:
        "An alert “Varaustilannetta ei saatu ladattua.” followed by the server's words, with “Yritä uudelleen”.",
      on: {
        "calendar.retry": "loading",
        "calendar.next": { target: "loading", actions: MOVE },
        "calendar.prev": { target: "loading", actions: MOVE },
        "calendar.today": { target: "loading", actions: MOVE },
        "calendar.goto": { target: "loading", actions: MOVE },
        "calendar.setDogs": SET_DOGS_RELOADING,
      },
    },
    /** The week is shown; no cell is chosen. */
    browsing: {
      description:
        "The focused day as the heading, “Viikon päivät” (each day's free hours, e.g. “3 h vapaana”, or “Suljettu”) and the day's times in a grid (4 a row on a phone, 6 on a wide window): “Vapaa” with “alk. …”, “Varattu” (“voi vapautua klo 12.10” when only held), “Suljettu”. An unreadable date in the address says “Päivämäärää ei tunnistettu, joten näytetään tämä päivä.”",
      on: {
        "calendar.select": { guard: "slotIsFree", target: "selecting", actions: "selectSlot" },
        "calendar.setDogs": SET_DOGS_RELOADING,
        "calendar.next": NAVIGATE_WITHIN_WEEK,
        "calendar.prev": NAVIGATE_WITHIN_WEEK,
        "calendar.today": NAVIGATE_WITHIN_WEEK,
        "calendar.goto": NAVIGATE_WITHIN_WEEK,
      },
    },
    /** A free cell is chosen and its lengths (end time and price) are offered. */
    selecting: {
      description:
        "The chosen time is pressed in the grid and “Valitse kesto” shows “Alkaa …”, a button for each length that fits (“30 min · 9,00 € (klo 8.30–9.00)”, each extra dog adding its price) and “Peruuta valinta”.",
      on: {
        "calendar.select": { guard: "slotIsFree", target: "selecting", actions: "selectSlot" },
        "calendar.deselect": { target: "browsing", actions: assign({ selected: null }) },
        "calendar.setDogs": SET_DOGS_RELOADING,
        "calendar.choose": {
          guard: "optionExists",
          target: "leaving",
          actions: {
            type: "goToCheckout",
            params: ({ context, event }) => ({
              start: context.selected!.start,
              end: event.end,
              dogs: context.dogs,
              reactiveDog: context.reactiveDog,
              inHeat: context.inHeat,
            }),
          },
        },
        "calendar.next": NAVIGATE_WITHIN_WEEK,
        "calendar.prev": NAVIGATE_WITHIN_WEEK,
        "calendar.today": NAVIGATE_WITHIN_WEEK,
        "calendar.goto": NAVIGATE_WITHIN_WEEK,
      },
    },
    /** A length was chosen; the app is on its way to checkout. */
    leaving: {
      description:
        "“Siirrytään varaamaan…”, then checkout opens at /checkout/<start>/<end> (its query naming the dogs when told, e.g. “?koiria=2&reaktiivinen=1”).",
      type: "final",
    },
  },
});
