// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { weekOf } from "../../machines/bookingCalendarMachine";
import {
  memberBookingMachine,
  type MemberBookingEvent,
  type MemberBookingsData,
} from "../../machines/memberBookingMachine";
import { formatHours, quotaForChoice, remainingHours } from "../../machines/memberQuota";
import type { MemberReservation, Subscription } from "../../src/domain/membership";
import { formatDateTime, formatTime, formatTimeRange } from "../../src/domain/helsinkiTime";
import { formatEuros } from "../../src/domain/money";
import { describePathTests } from "../support/paths";
import { apiError } from "./bookingPathSupport";
import {
  at,
  cancelledMember,
  createFakeMemberApi,
  newBooking,
  NOW,
  pastMember,
  renderMemberBookings,
  subscription,
  TODAY,
  upcomingMember,
  upcomingSingle,
  weekFixture,
  type FakeMemberApi,
} from "./memberBookingPathSupport";
import { createFakeMembershipApi, type FakeMembershipApi } from "./membershipPathSupport";

/*
 * Paths generated from memberBookingMachine, run against the real MemberBookingsSection (with the
 * booking calendar it hosts as its child, and the app's shared subscription actor it reads the
 * quota from). The member has 1,5 h of 8 h left: one hour fits, two hours are refused here without
 * a request. The APIs' answers are settled by the test.
 */

type Snapshot = SnapshotFrom<typeof memberBookingMachine>;
type ModelEvent = MemberBookingEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

const list = (reservations: MemberReservation[]): MemberBookingsData => ({
  reservations,
  maxDogs: 4,
  now: NOW,
});
const LOADED = list([upcomingMember, upcomingSingle, pastMember]);
const AFTER_BOOKING = list([newBooking, upcomingMember, upcomingSingle, pastMember]);
const AFTER_CANCEL = list([cancelledMember, upcomingSingle, pastMember]);
const ONE_HOUR = { start: at("10:00"), end: at("11:00") };
const TWO_HOURS = { start: at("10:00"), end: at("12:00") };
const unavailable = apiError(503, "Palvelu ei ole käytettävissä.");

/** What the shared membership says next: first a member with 6,5 h used (or none), then the change. */
function nextMemberships(s: Snapshot): Array<Subscription | null> {
  const { subscription: known, outcome } = s.context;
  if (known === undefined) return [subscription(6.5), null];
  if (!known) return [null];
  const hours = outcome?.status === "cancelled" ? -outcome.hours : (outcome?.hours ?? 0);
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
  ];
}

/**
 * What can happen in the page, kept small: the membership answers only when it was asked (at the
 * start and after a change) and, to keep the model small, once the list is shown and before the
 * list is read again; one booking or one cancel per path, by a member.
 */
function offered(s: Snapshot, event: ModelEvent): boolean {
  if (!s.can(event as MemberBookingEvent)) return false;
  const c = s.context;
  if (event.type === "membership.updated") return c.awaitingMembership && s.matches("showing");
  if (event.type.includes(".actor.refreshAfter")) return !c.awaitingMembership;
  const changed = c.reservations.some((r) => r.id === newBooking.id || r.status === "cancelled");
  if (event.type === "booking.start" || event.type === "reservation.cancel")
    return !c.awaitingMembership && !changed && !!c.subscription;
  if (event.type === "booking.setDogs") return c.dogs === 1;
  return true;
}

const FLOW = ["choosing", "overQuota", "confirming", "booking", "bookFailed"];
const CANCEL = ["confirmingCancel", "cancelling", "showing.cancelled", "showing.cancelFailed"];
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
      s.context.message,
      s.context.refreshFailed,
    ]),
});

/* ---------- Driving the real view ---------- */

let fake: FakeMemberApi;
let membership: FakeMembershipApi;
/** Cancels confirmed so far on this path: nothing more is sent until the customer confirms again. */
let cancelConfirmations = 0;
const user = userEvent.setup({ delay: null });
const card = (r: MemberReservation) =>
  screen.getByRole("listitem", { name: formatTimeRange(r.start, r.end) });

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
    const asking = c.cancelId === r.id && (s.matches("confirmingCancel") || s.matches("cancelling"));
    if (!r.cancellable || !upcoming || asking) expect(cancel).not.toBeInTheDocument();
    else if (s.matches("showing")) expect(cancel).toBeEnabled();
    else expect(cancel).toBeDisabled();
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
    const question = within(card(upcomingMember)).getByRole("group");
    expect(question).toHaveTextContent("Haluatko varmasti perua varauksen? 1 h palautuu kiintiöösi.");
    expect(fake.calls("cancel")).toHaveLength(cancelConfirmations);
    await expectReady(s);
  },
  cancelling: async (s: Snapshot) => {
    expect(within(card(upcomingMember)).getByRole("status")).toHaveTextContent("Perutaan varausta…");
    await expectReady(s);
  },
};

beforeEach(() => {
  fake = createFakeMemberApi();
  membership = createFakeMembershipApi();
});

describePathTests(memberBookingMachine, {
  runs: [{ model, events: executors }],
  states,
  equivalent: [
    {
      // The shared actor sends the membership only when it was asked, which the model offers in
      // `showing`; the event is the root's assign (no target), the same whatever the state.
      event: "membership.updated",
      state: [
        "loading",
        "loadFailed",
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
      ],
      sameAs: "showing.idle",
      reason: "the root's assign, no target: every state takes it alike",
    },
  ],
});
