// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  CANCEL_FAILED,
  LOAD_FAILED,
  MOVE_DAY_FAILED,
  myReservationsMachine,
  type MoveSlot,
  type MyReservationsContext,
  type OwnReservationItem,
} from "../../machines/myReservationsMachine";
import { storageKeys } from "../../src/client/storage";
import type { MoveTimesResponse, PublicReservation } from "../../src/domain/booking";
import { formatDate, formatDateTime, formatTime, formatTimeRange } from "../../src/domain/helsinkiTime";
import { MyReservationsPage } from "../../src/web/pages/booking/MyReservationsPage";
import { reservationStatusLabels } from "../../src/web/pages/booking/labels";
import {
  apiError,
  createFakeApi,
  publicReservation,
  renderBookingRoute,
  type FakeApi,
} from "./bookingPathSupport";
import { describePathTests, type StateAssertions } from "../support/paths";

/*
 * Paths generated from myReservationsMachine, run against the real MyReservationsPage. This
 * browser keeps two bookings, one to come (cancellable and movable) and one past; the API's
 * answers, one per kept booking, and a day's free times for a move, each with the server's quote of
 * what moving there settles, come from a fake the test settles. A move goes to the cheaper
 * 14.00–14.30 of the day chosen (the booking's own, or the next), or to the dearer 14.00–16.00,
 * whose answer sends the visitor to pay the difference (decision 026); 14.00–15.00 costs the same.
 * Each time shows the server's amount, not one worked out from list prices: the dearer time's
 * 10,80 € is what the payment charges (a discount code applied), where the list prices differ by 12 €.
 */

const NOW = new Date("2026-06-16T08:00:00+03:00");
const UPCOMING = publicReservation(
  "11111111-1111-4111-8111-111111111111",
  "2026-06-20T10:00:00+03:00",
  "2026-06-20T11:00:00+03:00",
  { movable: true },
);
const cancelledOf = (r: PublicReservation) =>
  ({
    ...r,
    status: "cancelled",
    cancellable: false,
    movable: false,
    doorUrl: null,
    payment: { method: "card", status: "refunded", refundedCents: 1500 },
  }) satisfies PublicReservation;
const NEXT_DAY = "2026-06-21";
/**
 * The free times a day offers for the move, as the server quotes them: 14.00–14.30 gives 6,00 € back
 * (4,00 € to the payment method, 2,00 € to the gift card), 14.00–15.00 costs the same, 14.00–16.00
 * costs 10,80 € more.
 */
const slotsOn = (date: string): MoveSlot[] => [
  {
    start: `${date}T14:00:00+03:00`,
    end: `${date}T14:30:00+03:00`,
    quote: { differenceCents: -600, refundCents: 400, giftCardReturnCents: 200 },
  },
  {
    start: `${date}T14:00:00+03:00`,
    end: `${date}T15:00:00+03:00`,
    quote: { differenceCents: 0, refundCents: 0, giftCardReturnCents: 0 },
  },
  {
    start: `${date}T14:00:00+03:00`,
    end: `${date}T16:00:00+03:00`,
    quote: { differenceCents: 1080, refundCents: 0, giftCardReturnCents: 0 },
  },
];
/** The API's answer for those times (move-times). */
const moveTimesOf = (date: string, slots: MoveSlot[]): MoveTimesResponse => ({
  date,
  slots: slots.map(({ start, end, quote }) => ({ start, end, ...quote! })),
});
/** What each time's button and, once chosen, the confirmation say, by the time's end (nbsp before €). */
const AMOUNTS: Record<string, { button: string; confirm: string }> = {
  "14:30": {
    button: "−6,00\u00a0€ takaisin",
    confirm: "Saat takaisin 6,00\u00a0€ (maksutavallesi 4,00\u00a0€, lahjakortille 2,00\u00a0€).",
  },
  "15:00": { button: "ei hintaeroa", confirm: "Ei hintaeroa." },
  "16:00": {
    button: "+10,80\u00a0€",
    confirm:
      "Maksat lisää 10,80\u00a0€. Siirryt maksamaan, ja varaus siirretään, kun maksu on tehty. " +
      "Siihen asti varauksesi pysyy nykyisellä ajalla.",
  },
};
const amountsOf = (slot: { end: string }) => AMOUNTS[slot.end.slice(11, 16)]!;
const PAYMENT_URL = "/maksu/demo/44444444-4444-4444-8444-444444444444";
const MOVE_REFUSED = "Valitsemasi aika on juuri varattu. Valitse toinen aika.";
const PAST = publicReservation(
  "33333333-3333-4333-8333-333333333333",
  "2026-06-01T10:00:00+03:00",
  "2026-06-01T11:00:00+03:00",
  { cancellable: false },
);
const kept = (r: PublicReservation) => ({
  id: r.id,
  accessToken: r.accessToken,
  start: r.start,
  endTime: r.end,
});
const KEPT = [kept(UPCOMING), kept(PAST)];
const REFUSED = "Varauksen voi perua viimeistään 24 tuntia ennen alkua.";

const found = (upcoming: PublicReservation): OwnReservationItem[] => [
  { entry: kept(UPCOMING), reservation: upcoming, problem: null },
  { entry: kept(PAST), reservation: PAST, problem: null },
];
const troubled: OwnReservationItem[] = [
  { entry: kept(UPCOMING), reservation: null, problem: "failed", message: "Palvelimella tapahtui virhe." },
  { entry: kept(PAST), reservation: null, problem: "notFound" },
];
const loaded = (items: OwnReservationItem[]) => ({
  type: "xstate.done.actor.loadReservations",
  output: { items, now: NOW.toISOString() },
});

/** The upcoming booking as the API has it now: moved or cancelled as this path did. */
const currentOf = (c: MyReservationsContext) =>
  c.items.find((i) => i.entry.id === UPCOMING.id)?.reservation ?? UPCOMING;

function modelEvents(c: MyReservationsContext) {
  // Once cancelled or moved, the API says so on every later load.
  const current = currentOf(c) as PublicReservation;
  // Moved into its last day of moving (the server says so), it can still be cancelled but not moved
  // again: one move per path keeps the paths few.
  const moved = (choice: { start: string; end: string }) => ({ ...current, ...choice, movable: false });
  return [
    loaded(found(current)),
    loaded(troubled),
    { type: "xstate.error.actor.loadReservations", error: new Error("Kello ei ole käytettävissä.") },
    { type: "reservations.cancel", accessToken: UPCOMING.accessToken },
    { type: "reservations.confirmCancel" },
    { type: "reservations.keep" },
    { type: "reservations.reload" },
    {
      type: "xstate.done.actor.cancelReservation",
      output: { success: true, message: "Varaus peruttu.", reservation: cancelledOf(current) },
    },
    { type: "reservations.move", accessToken: UPCOMING.accessToken },
    // The date field and the day strip only report a change: the next day, from another one.
    ...(c.moveDate === NEXT_DAY ? [] : [{ type: "reservations.moveDate", date: NEXT_DAY }]),
    // The cheaper and the dearer time are chosen; the same-priced one is only shown (its button's
    // amount is checked in every state that shows it), which keeps the paths few.
    ...c.moveSlots
      .filter((slot) => !slot.end.endsWith("T15:00:00+03:00"))
      .map((slot) => ({ type: "reservations.moveSlot", start: slot.start, end: slot.end })),
    { type: "reservations.confirmMove" },
    { type: "reservations.keepTime" },
    { type: "xstate.done.actor.loadMoveDay", output: slotsOn(c.moveDate ?? "") },
    { type: "xstate.error.actor.loadMoveDay", error: apiError(500, "") },
    ...(c.moveChoice
      ? [
          c.moveChoice.end.endsWith("T16:00:00+03:00")
            ? {
                type: "xstate.done.actor.moveReservation",
                output: {
                  success: true,
                  message: "Uusi aika maksaa 10,80 € enemmän.",
                  reservation: current,
                  payment: { redirectUrl: PAYMENT_URL, differenceCents: 1080 },
                },
              }
            : {
                type: "xstate.done.actor.moveReservation",
                output: { success: true, message: "Varaus siirretty.", reservation: moved(c.moveChoice) },
              },
        ]
      : []),
    { type: "xstate.error.actor.moveReservation", error: apiError(409, MOVE_REFUSED) },
    { type: "xstate.error.actor.cancelReservation", error: apiError(409, REFUSED) },
    // A failure that says nothing, so the page falls back to its own words.
    { type: "xstate.error.actor.cancelReservation", error: apiError(500, "") },
  ];
}

const model = new TestModel(myReservationsMachine, {
  events: (s) => modelEvents(s.context) as never,
  filterEvents: (s, e) => s.can(e),
  serializeState: (s) => {
    const c = s.context;
    const items = c.items.map((i) => [
      i.entry.id,
      i.reservation?.status,
      i.reservation?.start,
      i.reservation?.end,
      i.problem,
    ]);
    const move = [
      c.moveToken,
      c.moveDate,
      c.moveSlots.length,
      c.moveChoice?.start,
      c.moveChoice?.end,
      c.moveError,
    ];
    return JSON.stringify([s.value, items, c.cancelToken, c.outcome?.message, move]);
  },
});

/* ---------- Driving the real view ---------- */

type Lookup = { resolve(reservation: unknown): void; reject(error: unknown): void };
let lookups: Map<string, Lookup>;
let failNextClockRead: boolean;
let confirmations: number;
let moveConfirmations: number;
let lastChoice: { start: string; end: string } | null;
let redirects: string[];
let fake: FakeApi;
const user = userEvent.setup({ delay: null });

/** Answers the page's look-up of each kept booking the way `items` says the API did. */
async function answerLookups(items: OwnReservationItem[]) {
  await waitFor(() => expect([...lookups.keys()].sort()).toEqual(KEPT.map((e) => e.accessToken).sort()));
  await act(async () => {
    for (const { entry, reservation, problem, message } of items) {
      const lookup = lookups.get(entry.accessToken)!;
      if (reservation) lookup.resolve(reservation);
      else
        lookup.reject(
          problem === "notFound" ? apiError(404, "Varausta ei löytynyt.") : apiError(500, message!),
        );
    }
    lookups.clear();
  });
}

/** The times a kept booking shows: the server's when it was read, else those kept in storage. */
const shownTimes = (item: OwnReservationItem) =>
  formatTimeRange(item.reservation?.start ?? item.entry.start, item.reservation?.end ?? item.entry.endTime);
const cardOf = (item: OwnReservationItem) =>
  screen.getByRole("heading", { level: 3, name: shownTimes(item) }).closest("li")!;

type ActorResult = { event: { output?: unknown; error?: unknown } };
const executors = {
  "xstate.init": () => {
    localStorage.setItem(storageKeys.reservations, JSON.stringify(KEPT));
    renderBookingRoute("/oma-varaus", "/oma-varaus", <MyReservationsPage />, {
      api: fake.api,
      now: () => {
        if (!failNextClockRead) return NOW;
        failNextClockRead = false;
        throw new Error("Kello ei ole käytettävissä.");
      },
      redirectToPayment: (url: string) => void redirects.push(url),
    });
  },
  "xstate.done.actor.loadReservations": ({ event }: ActorResult) =>
    answerLookups((event.output as { items: OwnReservationItem[] }).items),
  // The loader turns every failed look-up into a marked booking; only the clock it reads last can
  // still make the whole load fail.
  "xstate.error.actor.loadReservations": () => {
    failNextClockRead = true;
    return answerLookups(found(UPCOMING));
  },
  // Only the upcoming booking can be cancelled or moved: its card has the one such button.
  "reservations.cancel": () => user.click(screen.getByRole("button", { name: "Peru varaus" })),
  "reservations.move": () => user.click(screen.getByRole("button", { name: "Siirrä varaus" })),
  "reservations.moveDate": ({ event }: { event: { date: string } }) =>
    act(() => void fireEvent.change(screen.getByLabelText("Päivä"), { target: { value: event.date } })),
  "reservations.moveSlot": async ({ event }: { event: { start: string; end: string } }) => {
    lastChoice = { start: event.start, end: event.end };
    // The start in the day's grid, then the length: each length's button says its amount after the time.
    await user.click(
      screen.getByRole("button", { name: new RegExp(`^Vapaa ${formatDateTime(event.start)}`) }),
    );
    const name = `${formatTimeRange(event.start, event.end)} · ${amountsOf(event).button}`;
    return user.click(screen.getByRole("button", { name }));
  },
  "reservations.confirmMove": async () => {
    moveConfirmations += 1;
    await user.click(screen.getByRole("button", { name: "Siirrä tähän aikaan" }));
  },
  "reservations.keepTime": () => user.click(screen.getByRole("button", { name: "Älä siirrä" })),
  "xstate.done.actor.loadMoveDay": async ({ event }: ActorResult) => {
    const slots = event.output as MoveSlot[];
    const date = slots[0]!.start.slice(0, 10);
    expect(await fake.settle("moveTimes", { value: moveTimesOf(date, slots) })).toEqual([
      UPCOMING.accessToken,
      date,
    ]);
  },
  "xstate.error.actor.loadMoveDay": ({ event }: ActorResult) =>
    fake.settle("moveTimes", { error: event.error }),
  // The move is sent with the difference the visitor was shown, so a changed one is refused.
  "xstate.done.actor.moveReservation": async ({ event }: ActorResult) => {
    expect(await fake.settle("reschedule", { value: event.output })).toEqual([
      UPCOMING.accessToken,
      lastChoice!.start,
      lastChoice!.end,
      slotsOn(lastChoice!.start.slice(0, 10)).find((x) => x.end === lastChoice!.end)!.quote!.differenceCents,
    ]);
  },
  "xstate.error.actor.moveReservation": ({ event }: ActorResult) =>
    fake.settle("reschedule", { error: event.error }),
  "reservations.confirmCancel": async () => {
    confirmations += 1;
    await user.click(screen.getByRole("button", { name: "Kyllä, peru" }));
  },
  "reservations.keep": () => user.click(screen.getByRole("button", { name: "Älä peru" })),
  // After a failed load, the visitor tries again; otherwise another tab kept a new booking (or
  // forgot one).
  "reservations.reload": () => {
    const retry = screen.queryByRole("button", { name: "Yritä uudelleen" });
    if (retry) return user.click(retry);
    return act(() => window.dispatchEvent(new StorageEvent("storage", { key: storageKeys.reservations })));
  },
  "xstate.done.actor.cancelReservation": async ({ event }: ActorResult) => {
    expect(await fake.settle("cancel", { value: event.output })).toEqual([UPCOMING.accessToken]);
  },
  "xstate.error.actor.cancelReservation": ({ event }: ActorResult) =>
    fake.settle("cancel", { error: event.error }),
};

/* ---------- What each state shows ---------- */

type Snapshot = SnapshotFrom<typeof myReservationsMachine>;

/** One kept booking's card, in the section its end puts it in, with what `s` says of it. */
function expectCard(s: Snapshot, item: OwnReservationItem) {
  const { reservation: r, problem, entry } = item;
  const card = within(cardOf(item));
  const upcoming = Date.parse(entry.endTime) > NOW.getTime();
  // Nothing kept here starts today; a cancelled booking moves in with the past ones.
  const off = r?.status === "cancelled";
  expect(cardOf(item).closest("section")).toHaveAccessibleName(
    upcoming && !off ? "Tulevat varaukset" : "Menneet ja perutut varaukset",
  );
  if (problem === "notFound")
    expect(card.getByText("Varausta ei löytynyt. Se on ehkä poistettu.")).toBeVisible();
  if (problem === "failed") {
    expect(card.getByText(`Varauksen tietoja ei saatu päivitettyä. ${item.message}`)).toBeVisible();
    // What the last good read said stays, the gate link with it, and the refresh can be tried again.
    if (r) expect(card.getByText("Alla ovat viimeksi haetut tiedot.")).toBeVisible();
    const again = card.getByRole("button", { name: "Päivitä tiedot" });
    if (s.can({ type: "reservations.reload" })) expect(again).toBeEnabled();
    else expect(again).toBeDisabled();
  } else expect(card.queryByRole("button", { name: "Päivitä tiedot" })).toBeNull();
  if (r) {
    expect(card.getByText(reservationStatusLabels[r.status])).toBeVisible();
    expect(card.getByText("15,00 €")).toBeVisible();
  }
  // A cancelled booking's refund is said from the API (a reload keeps it), unless the cancel's own
  // answer is on the card.
  const shownOutcome = s.context.cancelToken === entry.accessToken && !!s.context.outcome;
  const refund = card.queryByText("Palautettu maksutavallesi 15,00 €.", {
    normalizer: (t) => t.replace(/\s/g, " "),
  });
  if (off && !shownOutcome) expect(refund).toBeVisible();
  else expect(refund).toBeNull();
  // The paid booking's receipt, and while it stands the calendar file, by its token.
  const receipt = card.queryByRole("link", { name: "Kuitti" });
  const ics = card.queryByRole("link", { name: "Lisää kalenteriin" });
  if (r && (r.status === "confirmed" || off)) {
    expect(receipt).toHaveAttribute("href", `/api/v2/reservations/by-token/${r.accessToken}/receipt`);
    if (r.status === "confirmed" && upcoming)
      expect(ics).toHaveAttribute("href", `/api/v2/reservations/by-token/${r.accessToken}/calendar.ics`);
    else expect(ics).toBeNull();
  } else expect(receipt).toBeNull();
  const door = card.queryByRole("link", { name: "Avaa portti" });
  if (r?.status === "confirmed" && upcoming) expect(door).toHaveAttribute("href", `/avaa/door-${r.id}`);
  else expect(door).toBeNull();

  const mine = s.context.cancelToken === entry.accessToken;
  const confirming = mine && s.matches("confirmingCancel");
  const cancelling = mine && s.matches("cancelling");
  const beingMoved =
    s.context.moveToken === entry.accessToken && (s.matches("choosingMove") || s.matches("moving"));
  const cancel = card.queryByRole("button", { name: "Peru varaus" });
  const move = card.queryByRole("button", { name: "Siirrä varaus" });
  if (!r?.cancellable || confirming || cancelling || beingMoved) expect(cancel).toBeNull();
  else if (s.matches("showing")) expect(cancel).toBeEnabled();
  else expect(cancel).toBeDisabled();
  if (!r?.movable || !r.cancellable || confirming || cancelling || beingMoved) expect(move).toBeNull();
  else if (s.matches("showing")) expect(move).toBeEnabled();
  else expect(move).toBeDisabled();
  if (confirming) expect(card.getByRole("group")).toHaveTextContent("Haluatko varmasti perua varauksen?");
  else if (beingMoved) expectMoveChooser(s, card);
  else expect(card.queryByRole("group")).toBeNull();

  const outcome = mine ? s.context.outcome : null;
  // The server's message says the refund; the page does not say it again.
  const status = cancelling
    ? "Perutaan varausta…"
    : beingMoved && s.matches("moving")
      ? "Siirretään varausta…"
      : outcome?.message;
  if (status) expect(card.getByRole("status").textContent).toBe(status);
  else expect(card.queryByRole("status")).toBeNull();
}

/** The move's chooser on the booking being moved: the day, its free times, the choice and the reason of a refusal. */
function expectMoveChooser(s: Snapshot, card: ReturnType<typeof within>) {
  const c = s.context;
  expect(card.getByRole("group")).toHaveTextContent("Valitse uusi aika.");
  expect(card.getByLabelText("Päivä")).toHaveValue(c.moveDate);
  if (c.moveError) expect(card.getByRole("alert")).toHaveTextContent(c.moveError);
  else expect(card.queryByRole("alert")).toBeNull();
  // The day's free starts in the calendar's grid (all of this fixture's lengths start at 14.00), and
  // once one is chosen, its lengths, each with the server's amount.
  const starts = [...new Set(c.moveSlots.map((slot) => slot.start))];
  const grid = card.queryByRole("grid", { name: `Ajat ${formatDate(c.moveDate!)}` });
  if (starts.length === 0) expect(grid).toBeNull();
  else
    expect(
      within(grid!)
        .getAllByRole("button")
        .map((b) => b.querySelector(".time-cell__time")!.textContent),
    ).toEqual(starts.map((start) => formatTime(start)));
  const label = (slot: MoveSlot) => `${formatTimeRange(slot.start, slot.end)} · ${amountsOf(slot).button}`;
  // A start's lengths show once it is picked (the view keeps the start picked when a refused move
  // reloads the day): here all of them, as all start at 14.00.
  const lengths = card.queryByRole("list", { name: "Vapaat ajat" });
  if (c.moveChoice) expect(lengths).not.toBeNull();
  if (lengths)
    expect(
      within(lengths)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(c.moveSlots.map(label));
  for (const slot of lengths ? c.moveSlots : []) {
    const chosen = c.moveChoice?.start === slot.start && c.moveChoice.end === slot.end;
    expect(card.getByRole("button", { name: label(slot) })).toHaveAttribute("aria-pressed", String(chosen));
  }
  // Once chosen, the confirmation repeats the time and its exact amount (not while it is sent).
  const amount = card.queryByText(/^Uusi aika /);
  if (c.moveChoice && !s.matches("moving"))
    expect(amount?.textContent).toBe(
      `Uusi aika ${formatTimeRange(c.moveChoice.start, c.moveChoice.end)}. ${amountsOf(c.moveChoice).confirm}`,
    );
  else expect(amount).toBeNull();
  const confirm = card.getByRole("button", { name: "Siirrä tähän aikaan" });
  // The time, its amount and the confirmation together in the bar that stays in view.
  const bar = confirm.closest(".move-chooser__bar");
  expect(bar).not.toBeNull();
  if (amount) expect(bar).toContainElement(amount);
  if (s.can({ type: "reservations.confirmMove" })) expect(confirm).toBeEnabled();
  else expect(confirm).toBeDisabled();
}

/** The list in its groups; and nothing is cancelled or moved before its confirmation. */
function expectList(s: Snapshot) {
  expect(screen.queryByText("Tässä selaimessa ei ole tallennettuja varauksia.")).toBeNull();
  expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(
    s.context.items.map(shownTimes),
  );
  for (const item of s.context.items) expectCard(s, item);
  expect(fake.calls("cancel")).toHaveLength(confirmations);
  expect(fake.calls("reschedule")).toHaveLength(moveConfirmations);
}

const stateChecks: StateAssertions<typeof myReservationsMachine> = {
  // A reload keeps the bookings read before on the page, their gate links with them.
  loading: async (s) => {
    expect(await screen.findByText("Ladataan varauksia…")).toBeVisible();
    if (s.context.items.length > 0) expectList(s);
    else expect(screen.queryByRole("listitem")).toBeNull();
  },
  showing: async (s) => {
    await waitFor(() => expectList(s));
    expect(screen.queryByText("Ladataan varauksia…")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    if (s.context.outcome && !s.context.outcome.success)
      expect([REFUSED, CANCEL_FAILED]).toContain(s.context.outcome.message);
  },
  // The bookings read before stay listed beside the error; storage still keeps them, so the page
  // never says it keeps none.
  loadFailed: async (s) => {
    expect(s.context.errorMessage).toBe(LOAD_FAILED);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(LOAD_FAILED);
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    if (s.context.items.length > 0) expectList(s);
    else {
      expect(screen.queryByRole("listitem")).toBeNull();
      expect(screen.queryByText("Tässä selaimessa ei ole tallennettuja varauksia.")).toBeNull();
    }
  },
  confirmingCancel: async (s) => {
    expect(await screen.findByRole("button", { name: "Kyllä, peru" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Älä peru" })).toBeEnabled();
    expectList(s);
  },
  cancelling: async (s) => {
    expect(await screen.findByText("Perutaan varausta…")).toBeVisible();
    expectList(s);
  },
  "choosingMove.loadingDay": async (s) => {
    expect(await screen.findByText("Ladataan vapaita aikoja…")).toBeVisible();
    expectList(s);
  },
  "choosingMove.picking": async (s) => {
    await waitFor(() => expectList(s));
    if (s.context.moveSlots.length === 0)
      expect(screen.getByText("Tälle päivälle ei ole vapaita aikoja. Valitse toinen päivä.")).toBeVisible();
  },
  // The day could not be read: the reason, and the day can be chosen again.
  "choosingMove.dayFailed": async (s) => {
    expect(s.context.moveError).toBe(MOVE_DAY_FAILED);
    await waitFor(() => expectList(s));
    expect(screen.getByLabelText("Päivä")).toBeEnabled();
  },
  moving: async (s) => {
    expect(await screen.findByText("Siirretään varausta…")).toBeVisible();
    expectList(s);
  },
  // A dearer time: the page leaves for the payment page; the booking has not moved.
  redirecting: async () => {
    expect(await screen.findByText("Siirrytään maksamaan lisämaksua…")).toBeVisible();
    expect(redirects).toEqual([PAYMENT_URL]);
  },
};

beforeEach(() => {
  localStorage.clear();
  lookups = new Map();
  failNextClockRead = false;
  confirmations = 0;
  moveConfirmations = 0;
  lastChoice = null;
  redirects = [];
  fake = createFakeApi({
    byToken: (token: string) =>
      new Promise<PublicReservation>((resolve, reject) =>
        lookups.set(token, { resolve: resolve as Lookup["resolve"], reject }),
      ),
  });
});

/* ---------- The plan's words (docs/machines/myReservations.md) ---------- */

/** A text as the page shows it, with ordinary spaces for the no-break ones before €. */
const shown = (text: string) => text.replace(/\u00a0/g, " ");
/** A time the move may go to, as its button reads. */
const timeButton = (slot: { start: string; end: string }) =>
  shown(`${formatTimeRange(slot.start, slot.end)} · ${amountsOf(slot).button}`);

/** What the server says of the coming booking on a later load: as kept, cancelled or moved. */
function comingWords(r: PublicReservation) {
  if (r.status === "cancelled") return "now cancelled, its 15,00 € refunded to the card";
  if (r.start !== UPCOMING.start) return `now at ${formatTimeRange(r.start, r.end)} and no longer movable`;
  return "confirmed, paid, movable and cancellable";
}

const steps = {
  "xstate.init":
    `At 8.00 on ti 16.6.2026 (Helsinki time), open /oma-varaus in a browser that keeps two bookings ` +
    `(local storage \`reservations\`): ${formatTimeRange(UPCOMING.start, UPCOMING.end)} (paid 15,00 € by card, ` +
    `movable and cancellable until ${formatDateTime(UPCOMING.cancellableUntil)}) and the past ` +
    `${formatTimeRange(PAST.start, PAST.end)}.`,
  "xstate.done.actor.loadReservations": (e: { output: { items: OwnReservationItem[] } }) => {
    const [coming, past] = e.output.items;
    if (!coming?.reservation)
      return (
        `The server answers the coming booking's look-up 500 “${coming?.message}” and the past ` +
        `one's 404 (${past?.problem === "notFound" ? "no such booking" : "?"}).`
      );
    return `The server gives both bookings: the coming one ${comingWords(coming.reservation as PublicReservation)}, the past one as kept.`;
  },
  // Not to be arranged from the server: a failed look-up only marks its booking.
  "xstate.error.actor.loadReservations":
    "The load fails as a whole, with no words to show (not a server answer: a look-up that fails " +
    "only marks its booking; the jsdom test makes the page's clock fail).",
  "reservations.reload":
    "Press “Yritä uudelleen” or “Päivitä tiedot”, whichever shows; with neither, change the stored " +
    "bookings in another tab of the site without adding one (in its console: " +
    "`localStorage.reservations = JSON.stringify(JSON.parse(localStorage.reservations).reverse())`).",
  "reservations.cancel": "Press “Peru varaus” on the coming booking.",
  "reservations.keep": "Press “Älä peru”.",
  "reservations.confirmCancel": "Press “Kyllä, peru”.",
  "xstate.done.actor.cancelReservation": (e: { output: { message: string } }) =>
    `The server cancels the booking, refunds its 15,00 € and says “${e.output.message}”`,
  "xstate.error.actor.cancelReservation": (e: { error: { status: number; message: string } }) =>
    e.error.message
      ? `The server refuses the cancel: ${e.error.status} “${e.error.message}”`
      : `The server answers ${e.error.status} with no message (the page says “${CANCEL_FAILED}”).`,
  "reservations.move": "Press “Siirrä varaus” on the coming booking.",
  "reservations.moveDate": (e: { date: string }) =>
    `Pick ${formatDate(e.date)} in “Päivä” (the move's date field).`,
  "xstate.done.actor.loadMoveDay": (e: { output: MoveSlot[] }) =>
    `The server offers three times on ${formatDate(e.output[0]!.start)}, all from 14.00: ` +
    e.output.map((slot) => `“${timeButton(slot)}”`).join(", ") +
    " (the money back is 4,00 € to the card and 2,00 € to a gift card).",
  "xstate.error.actor.loadMoveDay": (e: { error: { status: number; message: string } }) =>
    e.error.message
      ? `The server answers the day's times ${e.error.status}: “${e.error.message}”`
      : `The server answers the day's times ${e.error.status} with no message (the page says “${MOVE_DAY_FAILED}”).`,
  "reservations.moveSlot": (e: { start: string; end: string }) =>
    `Press the free time “${formatTime(e.start)}” in the day's grid, then “${timeButton(e)}”.`,
  "reservations.confirmMove": "Press “Siirrä tähän aikaan”.",
  "reservations.keepTime": "Press “Älä siirrä”.",
  "xstate.done.actor.moveReservation": (e: {
    output: { message: string; reservation?: PublicReservation; payment?: unknown };
  }) =>
    e.output.payment
      ? `The server holds the new time and answers that the difference is to be paid first (“${e.output.message}”), with the payment page's address.`
      : `The server moves the booking to ${formatTimeRange(e.output.reservation!.start, e.output.reservation!.end)} and says “${e.output.message}”`,
};

describePathTests(myReservationsMachine, {
  runs: [{ model, events: executors }],
  states: stateChecks,
  steps,
});
