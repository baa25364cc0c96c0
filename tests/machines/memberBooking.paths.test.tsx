// @vitest-environment jsdom
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { weekOf } from "../../machines/bookingCalendarMachine";
import {
  memberBookingMachine,
  type MemberBookingEvent,
  type MemberBookingsData,
  type ReservationOutcome,
} from "../../machines/memberBookingMachine";
import { formatHours, quotaForChoice, remainingHours } from "../../machines/memberQuota";
import type { MemberReservation, Subscription } from "../../src/domain/membership";
import { formatLength } from "../../src/domain/duration";
import { freeMoveSlots, type MoveSlot } from "../../src/domain/moveSlots";
import { formatDate, formatDateTime, formatTime, formatTimeRange } from "../../src/domain/helsinkiTime";
import { formatEuros } from "../../src/domain/money";
import { describePathTests } from "../support/paths";
import { apiError } from "./bookingPathSupport";
import {
  at,
  cancelledMember,
  createFakeMemberApi,
  dayFixture,
  movedMember,
  newBooking,
  NOW,
  pastMember,
  renderMemberBookings,
  startedMember,
  subscription,
  TODAY,
  upcomingMember,
  upcomingSingle,
  weekFixture,
  type FakeMemberApi,
} from "./memberBookingPathSupport";
import { ANSA, createFakeMembershipApi, type FakeMembershipApi } from "./membershipPathSupport";

/*
 * Paths generated from memberBookingMachine, run against the real MemberBookingsSection (with the
 * booking calendar it hosts as its child, and the app's shared subscription actor it reads the
 * quota from). The member has 1,5 h of 8 h left: one hour fits, two hours are refused here without
 * a request. Moving the coming one-hour member booking: its own day first (the next day may be
 * looked at), whose 10.00-12.00 it takes (two hours: its own hour and one more of the quota). The APIs' answers are
 * settled by the test.
 */

type Snapshot = SnapshotFrom<typeof memberBookingMachine>;
type ModelEvent = MemberBookingEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

const list = (reservations: MemberReservation[]): MemberBookingsData => ({
  reservations,
  maxDogs: 4,
  now: NOW,
});
const LOADED = list([upcomingMember, startedMember, upcomingSingle, pastMember]);
const AFTER_BOOKING = list([newBooking, upcomingMember, startedMember, upcomingSingle, pastMember]);
const AFTER_CANCEL = list([cancelledMember, startedMember, upcomingSingle, pastMember]);
/** The moved booking's own day (where it moves, to 10-12), and the next one (looked at). */
const OWN_DAY = "2026-06-17";
const NEXT_DAY = "2026-06-18";
const MOVE_TO = { start: at("10:00", OWN_DAY), end: at("12:00", OWN_DAY) };
const MOVED = movedMember(MOVE_TO);
const AFTER_MOVE = list([MOVED, startedMember, upcomingSingle, pastMember]);
const MOVED_MESSAGE = "Varaus siirretty: ke 17.6.2026 klo 10.00–12.00.";
const OVER_QUOTA =
  "Tuntikiintiösi ei riitä: jaksolla ma 1.6.2026 alkaen sinulla on jäljellä 1,5 h, ja varaus vaatisi 2 h.";
const ONE_HOUR = { start: at("10:00"), end: at("11:00") };
const TWO_HOURS = { start: at("10:00"), end: at("12:00") };
const unavailable = apiError(503, "Palvelu ei ole käytettävissä.");

/** What the shared membership says next: first a member with 6,5 h used (or none), then the change. */
function nextMemberships(s: Snapshot): Array<Subscription | null> {
  const { subscription: known, outcome } = s.context;
  if (known === undefined) return [subscription(6.5), null];
  if (!known) return [null];
  const hours =
    outcome?.status === "cancelled"
      ? -outcome.hours
      : outcome?.id === upcomingMember.id
        ? outcome.hours - upcomingMember.hours
        : (outcome?.hours ?? 0);
  return [subscription(known.usage.hours_used + hours)];
}

function modelEvents(s: Snapshot): ModelEvent[] {
  return [
    ...nextMemberships(s).map((m) => ({ type: "membership.updated" as const, subscription: m })),
    { type: "xstate.done.actor.loadMemberBookings", output: LOADED },
    { type: "xstate.error.actor.loadMemberBookings", error: unavailable },
    { type: "bookings.retry" },
    { type: "booking.start" },
    { type: "booking.chooseSlot", ...ONE_HOUR },
    { type: "booking.chooseSlot", ...TWO_HOURS },
    { type: "booking.setDogs", dogs: 2 },
    { type: "booking.confirm" },
    { type: "booking.back" },
    { type: "booking.close" },
    {
      type: "xstate.done.actor.bookSlot",
      output: { success: true, message: "Jäsenvaraus vahvistettu.", reservation: newBooking },
    },
    { type: "xstate.error.actor.bookSlot", error: apiError(409, "Aika on jo varattu. Valitse toinen aika.") },
    { type: "xstate.done.actor.refreshAfterBooking", output: AFTER_BOOKING },
    { type: "xstate.error.actor.refreshAfterBooking", error: unavailable },
    { type: "reservation.cancel", id: upcomingMember.id },
    { type: "reservation.confirmCancel" },
    { type: "reservation.keep" },
    {
      type: "xstate.done.actor.cancelReservation",
      output: {
        success: true,
        message: "Jäsenvaraus peruttu. 1 h palautui kiintiöösi.",
        reservation: cancelledMember,
      },
    },
    { type: "xstate.error.actor.cancelReservation", error: apiError(409, "Varausta ei voi enää perua.") },
    { type: "xstate.done.actor.refreshAfterCancel", output: AFTER_CANCEL },
    { type: "xstate.error.actor.refreshAfterCancel", error: unavailable },
    { type: "move.start", id: upcomingMember.id },
    {
      type: "xstate.done.actor.loadMoveDay",
      output: freeMoveSlots(dayFixture(s.context.moveDate ?? OWN_DAY)),
    },
    { type: "xstate.error.actor.loadMoveDay", error: unavailable },
    { type: "move.date", date: NEXT_DAY },
    { type: "move.slot", ...MOVE_TO },
    { type: "move.confirm" },
    { type: "move.close" },
    {
      type: "xstate.done.actor.moveReservation",
      output: { success: true, message: MOVED_MESSAGE, reservation: MOVED },
    },
    { type: "xstate.error.actor.moveReservation", error: apiError(409, OVER_QUOTA) },
    { type: "xstate.done.actor.refreshAfterMove", output: AFTER_MOVE },
    { type: "xstate.error.actor.refreshAfterMove", error: unavailable },
  ];
}

/**
 * What can happen in the page, kept small: the membership answers only when it was asked (at the
 * start and after a change) and, to keep the model small, once the list is shown and before the
 * list is read again; one booking, one move or one cancel per path, by a member. A move looks at
 * the next day once (the own day's read may fail), chooses once, and may be refused once.
 */
function offered(s: Snapshot, event: ModelEvent): boolean {
  if (!s.can(event as MemberBookingEvent)) return false;
  const c = s.context;
  if (event.type === "membership.updated")
    return c.awaitingMembership && ["showing", "loading", "loadFailed"].some((k) => s.matches(k as never));
  if (event.type.includes(".actor.refreshAfter")) return !c.awaitingMembership;
  const changed = c.reservations.some(
    (r) =>
      r.id === newBooking.id ||
      r.status === "cancelled" ||
      r.start !== LOADED.reservations.find((l) => l.id === r.id)?.start,
  );
  if (event.type === "booking.start" || event.type === "reservation.cancel" || event.type === "move.start")
    return !c.awaitingMembership && !changed && !!c.subscription;
  // The day's read fails on the booking's own day; the move is refused (once) on the next.
  if (event.type === "move.date") return c.moveDate === OWN_DAY;
  if (event.type === "xstate.error.actor.loadMoveDay") return c.moveDate === OWN_DAY;
  if (event.type === "move.slot") return c.moveChoice === null;
  if (event.type === "xstate.error.actor.moveReservation") return c.moveError === null;
  if (event.type === "booking.setDogs") return c.dogs === 1;
  return true;
}

const FLOW = ["choosing", "overQuota", "confirming", "booking", "bookFailed"];
const CANCEL = ["confirmingCancel", "cancelling", "showing.cancelled", "showing.cancelFailed"];
const MOVE = ["movePicking", "moving"];
const inAny = (s: Snapshot, keys: string[]) => keys.some((key) => s.matches(key as never));

/** States differ by what the view shows: the choice only while booking, the cancelled one only while cancelling. */
const model = new TestModel(memberBookingMachine, {
  input: { today: TODAY, calendarView: "day" },
  events: modelEvents as never,
  filterEvents: offered as never,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.subscription === undefined ? "?" : (s.context.subscription?.usage.hours_used ?? null),
      s.context.awaitingMembership,
      s.context.reservations.map((r) => `${r.id}:${r.status}`),
      inAny(s, FLOW) ? [s.context.choice, s.context.dogs] : null,
      inAny(s, CANCEL) ? s.context.cancelId : null,
      inAny(s, MOVE)
        ? [s.context.moveDate, s.context.moveSlots.length, s.context.moveChoice, s.context.moveError]
        : null,
      s.context.message,
      s.context.refreshFailed,
    ]),
});

/* ---------- The plan's words ---------- */

/**
 * The booking cancelled or moved, by its day: the coming member booking is the only one on it,
 * before a move and after (the plan's paths, unlike the jsdom ones, may move it and go on).
 */
const bookingOn = (id: string) => {
  const r = LOADED.reservations.find((b) => b.id === id)!;
  return `the member booking of ${formatDate(r.start)}`;
};

function bookingWords(r: MemberReservation): string {
  const when = formatTimeRange(r.start, r.end);
  if (r.kind === "single")
    return `a single booking ${when} (${formatEuros(r.priceCents).replace(/\s/g, " ")})`;
  const notes = [
    formatHours(r.hours),
    `${r.dogs} ${r.dogs === 1 ? "dog" : "dogs"}`,
    ...(r.status === "cancelled" ? ["cancelled"] : []),
    ...(r.noShow ? ["not arrived"] : []),
    ...(Date.parse(r.start) <= Date.parse(NOW) && Date.parse(r.end) > Date.parse(NOW) ? ["under way"] : []),
  ];
  return `a member booking ${when} (${notes.join(", ")})`;
}

/** The list the server gives: in full the first time, then how it differs from that. */
function listWords(data: MemberBookingsData): string {
  if (data === LOADED)
    return `The server gives Ansa's bookings (at most ${data.maxDogs} dogs a booking): ${data.reservations.map(bookingWords).join("; ")}.`;
  const changes = data.reservations
    .filter((r) => !LOADED.reservations.includes(r))
    .map((r) => {
      const was = LOADED.reservations.find((l) => l.id === r.id);
      if (!was) return `and ${bookingWords(r)}`;
      if (r.status === "cancelled") return `with ${formatTimeRange(was.start, was.end)} cancelled`;
      return `with ${formatTimeRange(was.start, was.end)} moved to ${formatTimeRange(r.start, r.end)} (${formatHours(r.hours)})`;
    });
  return `The server gives the bookings again: the first list ${changes.join(", ")}.`;
}

/** What a booking, a move or a cancel the server made gives back. */
const outcomeWords = (done: string, { message, reservation: r }: ReservationOutcome) =>
  `The server ${done} ${formatTimeRange(r.start, r.end)} (${formatHours(r.hours)}, ${r.dogs} ${r.dogs === 1 ? "dog" : "dogs"}) and answers “${message}”`;

/* ---------- Driving the real view ---------- */

let fake: FakeMemberApi;
let membership: FakeMembershipApi;
/** Cancels confirmed so far on this path: nothing more is sent until the customer confirms again. */
let cancelConfirmations = 0;
const user = userEvent.setup({ delay: null });
const card = (r: MemberReservation) =>
  screen.getByRole("listitem", { name: formatTimeRange(r.start, r.end) });
/** The booking a cancel or a move is about, as the list has it now. */
const cardOf = (s: Snapshot, id: string | null) => card(s.context.reservations.find((r) => r.id === id)!);
/** The move's picker (on the moved booking's card: see `movePicking`). */
const chooser = () => screen.getByRole("group", { name: /^Valitse uusi päivä ja aika/ });

async function settleList(output: MemberBookingsData) {
  await fake.settle("maxDogs", { value: output.maxDogs });
  await fake.settle("reservations", { value: output.reservations });
}
const failList = ({ event }: { event: { error: unknown } }) =>
  fake.settle("reservations", { error: event.error });

const executors = {
  "xstate.init": async () => {
    cancelConfirmations = 0;
    await renderMemberBookings(fake, membership, NOW);
  },
  // The shared subscription actor answers: at the start, and after the section asked it to read again.
  "membership.updated": ({ event }: { event: { subscription: Subscription | null } }) =>
    membership.settle("mySubscription", { value: event.subscription }),
  "xstate.done.actor.loadMemberBookings": ({ event }: { event: { output: MemberBookingsData } }) =>
    settleList(event.output),
  "xstate.error.actor.loadMemberBookings": failList,
  "xstate.done.actor.refreshAfterBooking": ({ event }: { event: { output: MemberBookingsData } }) =>
    settleList(event.output),
  "xstate.error.actor.refreshAfterBooking": failList,
  "xstate.done.actor.refreshAfterCancel": ({ event }: { event: { output: MemberBookingsData } }) =>
    settleList(event.output),
  "xstate.error.actor.refreshAfterCancel": failList,
  "bookings.retry": () => user.click(screen.getByRole("button", { name: "Yritä uudelleen" })),
  "booking.start": () => user.click(screen.getByRole("button", { name: "Varaa jäsenaika" })),
  // The member picks the slot in the hosted calendar: its week loads, then a cell and a length.
  "booking.chooseSlot": async ({ event }: { event: { start: string; end: string } }) => {
    const week = weekOf(TODAY);
    expect(await fake.settle("availability", { value: weekFixture(week.from) })).toEqual([
      week.from,
      week.to,
    ]);
    await user.click(await screen.findByRole("button", { name: `Vapaa ${formatDateTime(event.start)}` }));
    // The lengths read as on the public chooser: "30 min", not "0,5 h".
    const chooser = screen.getByRole("heading", { name: "Valitse kesto" }).closest("section")!;
    expect(
      within(chooser)
        .getAllByRole("button")
        .map((b) => b.textContent!.split(" (")[0])
        .filter((t) => t !== "Peruuta valinta"),
    ).toEqual(["30 min", "1 h", "1,5 h", "2 h"]);
    await user.click(screen.getByRole("button", { name: new RegExp(`–${formatTime(event.end)}\\)$`) }));
  },
  "booking.setDogs": ({ event }: { event: { dogs: number } }) =>
    user.selectOptions(screen.getByLabelText("Koirien määrä"), String(event.dogs)),
  "booking.confirm": () => user.click(screen.getByRole("button", { name: "Vahvista varaus" })),
  "booking.back": () => user.click(screen.getByRole("button", { name: "Valitse toinen aika" })),
  "booking.close": () => user.click(screen.getByRole("button", { name: "Sulje" })),
  // The request carries the slot and the dogs the confirmation shows. (A step's state stands for
  // every snapshot with its serialization, and that leaves the dogs out, so the view is the witness.)
  "xstate.done.actor.bookSlot": async ({ event }: { event: { output: unknown } }) => {
    const dogs = Number((screen.getByLabelText("Koirien määrä") as HTMLSelectElement).value);
    const shown = screen.getByRole("heading", { name: "Vahvista jäsenvaraus" }).closest("section")!;
    expect(shown).toHaveTextContent(formatTimeRange(ONE_HOUR.start, ONE_HOUR.end));
    expect(await fake.settle("book", { value: event.output })).toEqual([
      { ...ONE_HOUR, dogs, reactiveDog: false, inHeat: false },
    ]);
  },
  "xstate.error.actor.bookSlot": ({ event }: { event: { error: unknown } }) =>
    fake.settle("book", { error: event.error }),
  "reservation.cancel": ({ event, state }: { event: { id: string }; state: Snapshot }) => {
    const reservation = state.context.reservations.find((r) => r.id === event.id)!;
    return user.click(within(card(reservation)).getByRole("button", { name: "Peru varaus" }));
  },
  "reservation.confirmCancel": () => {
    cancelConfirmations += 1;
    return user.click(screen.getByRole("button", { name: "Kyllä, peru" }));
  },
  "reservation.keep": () => user.click(screen.getByRole("button", { name: "Älä peru" })),
  "xstate.done.actor.cancelReservation": async ({ event }: { event: { output: unknown } }) => {
    expect(await fake.settle("cancel", { value: event.output })).toEqual([upcomingMember.id]);
  },
  "xstate.error.actor.cancelReservation": ({ event }: { event: { error: unknown } }) =>
    fake.settle("cancel", { error: event.error }),
  "xstate.done.actor.refreshAfterMove": ({ event }: { event: { output: MemberBookingsData } }) =>
    settleList(event.output),
  "xstate.error.actor.refreshAfterMove": failList,
  "move.start": ({ event, state }: { event: { id: string }; state: Snapshot }) =>
    user.click(within(cardOf(state, event.id)).getByRole("button", { name: "Siirrä varaus" })),
  // The day's grid is read for the day shown; only its free starts and lengths are offered.
  "xstate.done.actor.loadMoveDay": async ({ state }: { state: Snapshot }) => {
    const date = state.context.moveDate!;
    const grid = { ...weekFixture(date), days: [dayFixture(date)] };
    expect(await fake.settle("availability", { value: grid })).toEqual([date, date]);
  },
  "xstate.error.actor.loadMoveDay": ({ event }: { event: { error: unknown } }) =>
    fake.settle("availability", { error: event.error }),
  "move.date": ({ event }: { event: { date: string } }) =>
    act(async () => {
      fireEvent.change(within(chooser()).getByLabelText("Päivä"), { target: { value: event.date } });
    }),
  // The start in the day's grid, then the length.
  "move.slot": async ({ event }: { event: { start: string; end: string } }) => {
    const start = new RegExp(`^Vapaa ${formatDateTime(event.start)}`);
    await user.click(within(chooser()).getByRole("button", { name: start }));
    await user.click(
      within(chooser()).getByRole("button", { name: formatTimeRange(event.start, event.end) }),
    );
  },
  "move.confirm": () => user.click(within(chooser()).getByRole("button", { name: "Siirrä tähän aikaan" })),
  "move.close": () => user.click(within(chooser()).getByRole("button", { name: "Älä siirrä" })),
  "xstate.done.actor.moveReservation": async ({ event }: { event: { output: unknown } }) => {
    expect(await fake.settle("reschedule", { value: event.output })).toEqual([
      upcomingMember.id,
      MOVE_TO.start,
      MOVE_TO.end,
    ]);
  },
  "xstate.error.actor.moveReservation": ({ event }: { event: { error: unknown } }) =>
    fake.settle("reschedule", { error: event.error }),
};

/* ---------- What the view shows ---------- */

/** The quota line and the way to book, the pointers for someone without a membership, or the wait. */
function expectQuota(s: Snapshot) {
  const { subscription: sub, awaitingMembership } = s.context;
  const start = screen.queryByRole("button", { name: "Varaa jäsenaika" });
  if (sub === undefined) {
    expect(screen.getByRole("status")).toHaveTextContent("Ladataan tuntikiintiötä…");
    expect(start).not.toBeInTheDocument();
    return;
  }
  if (!sub) {
    expect(screen.getByText(/Sinulla ei ole jäsenyyttä\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "tutustu jäsenyyteen" })).toHaveAttribute("href", "/jasenyys");
    expect(start).not.toBeInTheDocument();
    return;
  }
  const line = screen.getByText(`Jäljellä ${formatHours(remainingHours(sub))} / 8 h tällä jaksolla`);
  const quota = line.closest(".member-quota")!;
  // After a change the old hours stay until the shared membership has answered.
  expect(quota).toHaveAttribute("aria-busy", String(awaitingMembership));
  if (awaitingMembership) expect(quota).toHaveTextContent("Päivitetään…");
  else expect(quota).not.toHaveTextContent("Päivitetään…");
  if (s.matches("showing")) expect(start).toBeEnabled();
  else expect(start).not.toBeInTheDocument();
}

/** Every booking with its kind, links and cancel button; cancelling only while nothing else runs. */
function expectList(s: Snapshot) {
  const c = s.context;
  for (const r of c.reservations) {
    const item = card(r);
    expect(item).toHaveTextContent(r.kind === "subscriber" ? "Jäsenvaraus" : "Kertavaraus");
    const upcoming = Date.parse(r.end) > Date.parse(NOW);
    // A cancelled booking leaves "Tulevat varaukset" (it is listed under "Perutut varaukset").
    const section = item.closest("section")!;
    const heading =
      upcoming && r.status === "confirmed"
        ? "Tulevat varaukset"
        : upcoming
          ? "Perutut varaukset"
          : "Menneet varaukset";
    expect(within(section).getByRole("heading", { level: 3 })).toHaveTextContent(heading);
    const door = within(item).queryByRole("link", { name: "Avaa portti" });
    if (upcoming && r.status === "confirmed")
      expect(door).toHaveAttribute("href", `/avaa/door-${r.id.slice(-1)}`);
    else expect(door).not.toBeInTheDocument();
    if (r.kind === "single") {
      expect(within(item).getByRole("link", { name: "Kertavarauksen sivu" })).toHaveAttribute(
        "href",
        `/oma-varaus?varaus=${r.accessToken}`,
      );
      // toHaveTextContent makes the no-break space of "15,00 €" a space.
      expect(item).toHaveTextContent(formatEuros(r.priceCents).replace(/\s/g, " "));
    } else {
      expect(item).toHaveTextContent(`Kiintiöstä${formatHours(r.hours)}`);
    }
    // A no-show (the gate never opened for a confirmed booking that ended) is said on its card.
    if (r.noShow) expect(item).toHaveTextContent("SaapuminenEi saapunut (porttia ei avattu)");
    else expect(item).not.toHaveTextContent("Ei saapunut");
    const cancel = within(item).queryByRole("button", { name: "Peru varaus" });
    const asking =
      (c.cancelId === r.id && (s.matches("confirmingCancel") || s.matches("cancelling"))) ||
      (c.moveId === r.id && inAny(s, MOVE));
    if (!r.cancellable || !upcoming || asking) expect(cancel).not.toBeInTheDocument();
    else if (s.matches("showing")) expect(cancel).toBeEnabled();
    else expect(cancel).toBeDisabled();
    // A member booking moves until its start; after it, no button but the reason.
    const move = within(item).queryByRole("button", { name: "Siirrä varaus" });
    const live = upcoming && r.status === "confirmed" && r.kind === "subscriber";
    if (!live || !r.movable || asking) expect(move).not.toBeInTheDocument();
    else if (s.matches("showing")) expect(move).toBeEnabled();
    else expect(move).toBeDisabled();
    const closed = within(item).queryByText(/^Siirto- ja peruutusaika päättyi/);
    if (live && !r.movable)
      expect(closed).toHaveTextContent(
        `Siirto- ja peruutusaika päättyi ${formatDateTime(r.cancellableUntil)}.`,
      );
    else expect(closed).not.toBeInTheDocument();
  }
  const cards = screen.getAllByRole("listitem").filter((li) => li.classList.contains("member-reservation"));
  expect(cards).toHaveLength(c.reservations.length);
  expect(screen.getByRole("heading", { name: "Menneet varaukset" })).toBeInTheDocument();
  const noShows = c.reservations.filter((r) => r.noShow).length;
  expect(
    screen.getByText(`Varauksia, joihin et saapunut (porttia ei avattu): ${noShows}`),
  ).toBeInTheDocument();
  const stale = screen.queryByText(/Varauslistaa ei saatu päivitettyä/);
  if (c.refreshFailed) expect(stale).toBeInTheDocument();
  else expect(stale).not.toBeInTheDocument();
}

async function expectReady(s: Snapshot) {
  await screen.findByRole("heading", { name: "Tulevat varaukset" });
  expectQuota(s);
  expectList(s);
}

const listBusy = (busy: boolean) => () =>
  expect(document.querySelector(".member-reservation-lists")).toHaveAttribute("aria-busy", String(busy));
const confirmButton = () => screen.getByRole("button", { name: "Vahvista varaus" });

const states = {
  loading: async () => {
    expect(await screen.findByText("Ladataan varauksiasi…")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Tulevat varaukset" })).not.toBeInTheDocument();
  },
  loadFailed: async () => {
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Palvelu ei ole käytettävissä.");
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
  },
  showing: expectReady,
  "showing.idle": () => {
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(document.querySelector(".notice-success")).toBeNull();
    listBusy(false)();
  },
  "showing.booked": (s: Snapshot) => {
    const status = document.querySelector<HTMLElement>(".member-booked")!;
    expect(status).toHaveAttribute("role", "status");
    expect(status).toHaveTextContent("Jäsenvaraus vahvistettu.");
    expect(status).toHaveTextContent(
      `${formatTimeRange(newBooking.start, newBooking.end)} · 2 koiraa · kiintiöstä 1 h`,
    );
    expect(s.context.reservations).toContainEqual(newBooking);
  },
  "showing.booked.refreshing": listBusy(true),
  "showing.booked.refreshed": listBusy(false),
  "showing.cancelled": () => {
    const status = within(card(upcomingMember)).getByRole("status");
    expect(status).toHaveTextContent("Jäsenvaraus peruttu. 1 h palautui kiintiöösi.");
    expect(card(upcomingMember)).toHaveTextContent("Peruttu");
  },
  "showing.cancelled.refreshing": listBusy(true),
  "showing.cancelled.refreshed": listBusy(false),
  "showing.cancelFailed": () => {
    expect(within(card(upcomingMember)).getByRole("alert")).toHaveTextContent("Varausta ei voi enää perua.");
  },
  choosing: async (s: Snapshot) => {
    expect(await screen.findByRole("heading", { name: "Valitse aika" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Siirry kalenterissa" })).toBeInTheDocument();
    await expectReady(s);
  },
  overQuota: async (s: Snapshot) => {
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Tuntikiintiösi ei riitä: tällä jaksolla sinulla on jäljellä 1,5 h, ja varaus vaatisi 2 h.",
    );
    // Refused here: nothing was sent.
    expect(fake.calls("book")).toHaveLength(0);
    await expectReady(s);
  },
  confirming: async (s: Snapshot) => {
    const c = s.context;
    const quota = quotaForChoice(c.subscription, c.choice!);
    expect(await screen.findByRole("heading", { name: "Vahvista jäsenvaraus" })).toBeInTheDocument();
    expect(screen.getByText(formatTimeRange(c.choice!.start, c.choice!.end))).toBeInTheDocument();
    expect(screen.getByText(`${formatHours(quota.leftAfter)} / 8 h tällä jaksolla`)).toBeInTheDocument();
    expect(screen.getByLabelText("Koirien määrä")).toHaveValue(String(c.dogs));
    expect(confirmButton()).toBeEnabled();
    await expectReady(s);
  },
  booking: async (s: Snapshot) => {
    expect(await screen.findByText("Varataan…")).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    await expectReady(s);
  },
  bookFailed: async (s: Snapshot) => {
    expect(await screen.findByRole("alert")).toHaveTextContent("Aika on jo varattu. Valitse toinen aika.");
    await expectReady(s);
  },
  confirmingCancel: async (s: Snapshot) => {
    // The coming booking, as it is (moved, it has 2 h).
    const cancelled = s.context.reservations.find((r) => r.id === s.context.cancelId)!;
    const question = within(card(cancelled)).getByRole("group");
    expect(question).toHaveTextContent(
      `Haluatko varmasti perua varauksen? ${formatHours(cancelled.hours)} palautuu kiintiöösi.`,
    );
    expect(fake.calls("cancel")).toHaveLength(cancelConfirmations);
    await expectReady(s);
  },
  cancelling: async (s: Snapshot) => {
    expect(within(cardOf(s, s.context.cancelId)).getByRole("status")).toHaveTextContent("Perutaan varausta…");
    await expectReady(s);
  },
  // The picker on the booking's card holds the focus; the day is the booking's own, then the next.
  movePicking: async (s: Snapshot) => {
    const c = s.context;
    const group = chooser();
    expect(cardOf(s, c.moveId)).toContainElement(group);
    expect(group).toContainElement(document.activeElement as HTMLElement);
    const day = within(group).getByLabelText("Päivä");
    expect(day).toHaveValue(c.moveDate);
    expect(day).toHaveAttribute("min", TODAY);
    const error = within(group).queryByRole("alert");
    if (c.moveError) expect(error).toHaveTextContent(c.moveError);
    else expect(error).not.toBeInTheDocument();
    await expectReady(s);
  },
  "movePicking.loadingDay": () => {
    expect(within(chooser()).getByText("Ladataan vapaita aikoja…")).toBeInTheDocument();
    expect(within(chooser()).getByRole("button", { name: "Siirrä tähän aikaan" })).toBeDisabled();
  },
  "movePicking.picking": (s: Snapshot) => expectMoveTimes(s, false),
  "movePicking.dayFailed": () => {
    expect(within(chooser()).getByRole("alert")).toHaveTextContent("Palvelu ei ole käytettävissä.");
    expect(within(chooser()).getByRole("button", { name: "Siirrä tähän aikaan" })).toBeDisabled();
  },
  moving: async (s: Snapshot) => {
    expect(within(chooser()).getByRole("status")).toHaveTextContent("Siirretään varausta…");
    expectMoveTimes(s, true);
    await expectReady(s);
  },
  // The answer on the moved card, which has the focus the closed picker had.
  "showing.moved": () => {
    const status = within(card(MOVED)).getByRole("status");
    expect(status).toHaveTextContent(MOVED_MESSAGE);
    expect(status).toHaveFocus();
    expect(card(MOVED)).toHaveTextContent("Kiintiöstä2 h");
    expect(screen.queryByRole("group", { name: /^Valitse uusi päivä ja aika/ })).not.toBeInTheDocument();
  },
  "showing.moved.refreshing": listBusy(true),
  "showing.moved.refreshed": listBusy(false),
};

/**
 * The day's free starts in the calendar's grid; once a time is chosen, its start's lengths, the
 * chosen one pressed, with the hours it takes; and the confirmation.
 */
function expectMoveTimes(s: Snapshot, sending: boolean) {
  const c = s.context;
  const group = chooser();
  const grid = within(group).getByRole("grid", { name: `Ajat ${formatDate(c.moveDate!)}` });
  const starts = [...new Set(c.moveSlots.map((slot) => slot.start))];
  expect(
    within(grid)
      .getAllByRole("button")
      .map((b) => [b.querySelector(".time-cell__time")!.textContent, b.getAttribute("aria-pressed")]),
  ).toEqual(starts.map((start) => [formatTime(start), String(c.moveChoice?.start === start)]));
  const times = within(group).queryByRole("list", { name: "Vapaat ajat" });
  if (!c.moveChoice) expect(times).not.toBeInTheDocument();
  else {
    // One query for all the buttons (each by name would be many, and slow): their names and presses.
    const buttons = within(times!).getAllByRole("button");
    expect(buttons.map((b) => [b.textContent, b.getAttribute("aria-pressed")])).toEqual(
      c.moveSlots
        .filter((slot) => slot.start === c.moveChoice!.start)
        .map((slot) => [formatTimeRange(slot.start, slot.end), String(c.moveChoice!.end === slot.end)]),
    );
  }
  const summary = within(group).queryByText(/^Uusi aika käyttää kiintiöstä/);
  if (c.moveChoice) expect(summary).toHaveTextContent("Uusi aika käyttää kiintiöstä 2 h (nyt 1 h).");
  else expect(summary).not.toBeInTheDocument();
  const confirm = within(group).getByRole("button", { name: "Siirrä tähän aikaan" });
  if (c.moveChoice && !sending) expect(confirm).toBeEnabled();
  else expect(confirm).toBeDisabled();
}

beforeEach(() => {
  fake = createFakeMemberApi();
  membership = createFakeMembershipApi();
});

describePathTests(memberBookingMachine, {
  runs: [{ model, events: executors }],
  states,
  equivalent: [
    {
      // The shared actor sends the membership only when it was asked, which the model offers while
      // the list loads and in `showing`; the event is the root's assign (no target), the same whatever the state.
      event: "membership.updated",
      state: [
        "choosing",
        "overQuota",
        "confirming",
        "booking",
        "bookFailed",
        "confirmingCancel",
        "cancelling",
        "showing.booked.refreshed",
        "showing.cancelled.refreshed",
        "showing.cancelFailed",
        "movePicking.loadingDay",
        "movePicking.picking",
        "movePicking.dayFailed",
        "moving",
        "showing.moved.refreshed",
      ],
      sameAs: "showing.idle",
      reason: "the root's assign, no target: every state takes it alike",
    },
  ],
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}); with the clock at ${formatDateTime(NOW)}, open /oma-tili and find its section “Varaukset”.`,
    // The page reads the membership on opening and after a change; any other time, its own button does.
    "membership.updated": ({ subscription: m }: { subscription: Subscription | null }) =>
      m === null
        ? "The page reads the membership (on opening): the server answers 404, Ansa has no membership."
        : `The page reads the membership (on opening, after a booking, move or cancel, or on “Päivitä käyttötiedot” under “Jäsenyys”): the server gives ${m.tier_name}, ${formatHours(m.usage.hours_used)} of ${formatHours(m.usage.hours_quota)} used in the period ${formatDate(m.current_period!.start)} – ${formatDate(m.current_period!.end)}.`,
    "xstate.done.actor.loadMemberBookings": ({ output }: { output: MemberBookingsData }) => listWords(output),
    "xstate.done.actor.refreshAfterBooking": ({ output }: { output: MemberBookingsData }) =>
      listWords(output),
    "xstate.done.actor.refreshAfterCancel": ({ output }: { output: MemberBookingsData }) => listWords(output),
    "xstate.done.actor.refreshAfterMove": ({ output }: { output: MemberBookingsData }) => listWords(output),
    "bookings.retry": "Press “Yritä uudelleen”.",
    "booking.start": "Press “Varaa jäsenaika”.",
    "booking.chooseSlot": ({ start, end }: { start: string; end: string }) =>
      `The server gives the calendar's week with every day free 10.00–12.00; press “Vapaa” at ${formatTime(start)} on ${formatDate(start)}, then under “Valitse kesto” press “${formatLength((Date.parse(end) - Date.parse(start)) / 60_000)} (klo ${formatTime(start)}–${formatTime(end)})”.`,
    "booking.setDogs": ({ dogs }: { dogs: number }) => `Choose ${dogs} in “Koirien määrä”.`,
    "booking.confirm": "Press “Vahvista varaus”.",
    "booking.back": "Press “Valitse toinen aika”.",
    "booking.close": "Press “Sulje”.",
    "xstate.done.actor.bookSlot": ({ output }: { output: ReservationOutcome }) =>
      outcomeWords("books", output),
    "reservation.cancel": ({ id }: { id: string }) => `On ${bookingOn(id)}, press “Peru varaus”.`,
    "reservation.confirmCancel": "Press “Kyllä, peru”.",
    "reservation.keep": "Press “Älä peru”.",
    "xstate.done.actor.cancelReservation": ({ output }: { output: ReservationOutcome }) =>
      outcomeWords("cancels", output),
    "move.start": ({ id }: { id: string }) => `On ${bookingOn(id)}, press “Siirrä varaus”.`,
    "xstate.done.actor.loadMoveDay": ({ output }: { output: MoveSlot[] }) =>
      `The server gives the free times of ${formatDate(output[0]!.start)}: 10.00–12.00.`,
    // The date field's value, as the browser shows it (without the weekday).
    "move.date": ({ date }: { date: string }) =>
      `Set “Päivä” to ${date.split("-").reverse().map(Number).join(".")}.`,
    "move.slot": ({ start, end }: { start: string; end: string }) =>
      `Press “${formatTime(start)} Vapaa”, then “${formatTimeRange(start, end)}”.`,
    "move.confirm": "Press “Siirrä tähän aikaan”.",
    "move.close": "Press “Älä siirrä”.",
    "xstate.done.actor.moveReservation": ({ output }: { output: ReservationOutcome }) =>
      outcomeWords("moves the booking to", output),
  },
});
