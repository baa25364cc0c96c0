import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useSyncExternalStore } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  chosenMoveSlot,
  myReservationsMachine,
  type CancelOutcome,
  type MoveDayInput,
  type MoveOutcome,
  type MoveRequest,
  type OwnReservationItem,
} from "../../../../machines/myReservationsMachine";
import { helsinkiDate } from "../../../domain/helsinkiClock";
import { quotedMoveSlots, type MoveSlot } from "../../../domain/moveSlots";
import { failureStatus, serverMessageOr } from "../../../../machines/remoteFailure";
import {
  appendStoredReservation,
  readStoredReservations,
  toStoredReservation,
  updateStoredReservation,
} from "../../../client/storedReservations";
import { subscribeToReservations } from "../../../client/storage";
import { RetryAlert } from "../../components/RetryAlert";
import { useBookingEnvironment, type BookingEnvironment } from "./bookingEnvironment";
import { groupOwnReservations } from "./ownReservationGroups";
import { MoveChooser } from "./MoveChooser";
import { ReservationCard } from "./ReservationCard";
import { ReservationLookupForm } from "./ReservationLookupForm";
import "./booking.css";

/**
 * The receipt e-mail links to `/oma-varaus?varaus={accessToken}`, so the booking can be opened on a
 * device that did not make it: a linked booking the server knows is kept in this browser too.
 */
async function adoptLinkedReservation(env: BookingEnvironment, accessToken: string | null) {
  if (!accessToken || readStoredReservations().some((e) => e.accessToken === accessToken)) return;
  try {
    appendStoredReservation(toStoredReservation(await env.api.byToken(accessToken)));
  } catch {
    // An unknown or mistyped link adds nothing; the stored bookings are still listed.
  }
}

/** Reads the kept bookings and refreshes each from the API; one that fails does not hide the others. */
async function loadOwnReservations(env: BookingEnvironment, linkedToken: string | null) {
  await adoptLinkedReservation(env, linkedToken);
  const items = await Promise.all(
    readStoredReservations().map(async (entry): Promise<OwnReservationItem> => {
      try {
        const reservation = await env.api.byToken(entry.accessToken);
        // Keep the header's "Omat varaukset" rule (spec §1) on the server's times.
        const cancelled = reservation.status === "cancelled" || reservation.status === "expired";
        if (
          reservation.end !== entry.endTime ||
          reservation.start !== entry.start ||
          cancelled !== (entry.cancelled ?? false)
        ) {
          updateStoredReservation(entry.id, {
            start: reservation.start,
            endTime: reservation.end,
            cancelled,
          });
        }
        return { entry, reservation, problem: null };
      } catch (error) {
        if (failureStatus(error) === 404) return { entry, reservation: null, problem: "notFound" };
        return { entry, reservation: null, problem: "failed", message: serverMessageOr(error, "") };
      }
    }),
  );
  return { items, now: env.now().toISOString() };
}

/**
 * A day's free times the booking may move to: every free start and length, each with what moving
 * there pays or gives back, quoted by the server for this booking (the figure the move charges).
 */
async function loadMoveDay(env: BookingEnvironment, input: MoveDayInput): Promise<MoveSlot[]> {
  return quotedMoveSlots(await env.api.moveTimes(input.accessToken, input.date));
}

/** What the payment page's return says about a dearer move (decision 026). */
const MOVE_RETURN: Record<string, { text: string; ok: boolean }> = {
  success: { text: "Lisämaksu on maksettu ja varaus siirretty uuteen aikaan.", ok: true },
  cancelled: { text: "Maksu peruttiin, joten varausta ei siirretty. Varauksesi on ennallaan.", ok: false },
  failed: {
    text: "Maksu ei ehtinyt ajoissa, joten varausta ei siirretty. Maksu palautetaan; varauksesi on ennallaan.",
    ok: false,
  },
};

const sameStrings = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** `/oma-varaus` — the bookings made in this browser, with the gate link, moving and cancelling. */
export function MyReservationsPage() {
  const env = useBookingEnvironment();
  const [searchParams] = useSearchParams();
  const linkedToken = searchParams.get("varaus");
  const moveReturn = MOVE_RETURN[searchParams.get("siirto") ?? ""];
  const actorRef = useActorRef(
    myReservationsMachine.provide({
      actors: {
        loadReservations: fromPromise(() => loadOwnReservations(env, linkedToken)),
        cancelReservation: fromPromise<CancelOutcome, { accessToken: string }>(async ({ input }) => {
          const outcome = await env.api.cancel(input.accessToken);
          const kept = readStoredReservations().find((e) => e.accessToken === input.accessToken);
          if (kept) updateStoredReservation(kept.id, { cancelled: true });
          return outcome;
        }),
        loadMoveDay: fromPromise<MoveSlot[], MoveDayInput>(({ input }) => loadMoveDay(env, input)),
        moveReservation: fromPromise<MoveOutcome, MoveRequest>(({ input }) =>
          env.api.reschedule(input.accessToken, input.start, input.end, input.expectedDifferenceCents),
        ),
      },
      actions: { redirectToPayment: (_, { url }) => env.redirectToPayment(url) },
    }),
  );
  // Narrow selections: the page re-renders only when what it shows changes. The machine is flat,
  // so its value is the one state it is in.
  const phase = useSelector(actorRef, (s) => s.value);
  const items = useSelector(actorRef, (s) => s.context.items);
  const loadedAt = useSelector(actorRef, (s) => s.context.loadedAt);
  const cancelToken = useSelector(actorRef, (s) => s.context.cancelToken);
  const outcome = useSelector(actorRef, (s) => s.context.outcome);
  const errorMessage = useSelector(actorRef, (s) => s.context.errorMessage);
  const canReload = useSelector(actorRef, (s) => s.can({ type: "reservations.reload" }));
  const moveToken = useSelector(actorRef, (s) => s.context.moveToken);
  const moveDate = useSelector(actorRef, (s) => s.context.moveDate);
  const moveSlots = useSelector(actorRef, (s) => s.context.moveSlots);
  const moveChoice = useSelector(actorRef, (s) => s.context.moveChoice);
  const moveError = useSelector(actorRef, (s) => s.context.moveError);
  const moveQuote = useSelector(actorRef, (s) => chosenMoveSlot(s.context)?.quote ?? null);
  const canConfirmMove = useSelector(actorRef, (s) => s.can({ type: "reservations.confirmMove" }));
  const movePhase = useSelector(actorRef, (s) =>
    s.matches("moving")
      ? "moving"
      : s.matches({ choosingMove: "picking" })
        ? "picking"
        : s.matches({ choosingMove: "dayFailed" })
          ? "dayFailed"
          : "loadingDay",
  );
  const movable = useSelector(
    actorRef,
    (s) =>
      s.context.items
        .map((item) => item.entry.accessToken)
        .filter((accessToken) => s.can({ type: "reservations.move", accessToken })),
    sameStrings,
  );
  const cancellable = useSelector(
    actorRef,
    (s) =>
      s.context.items
        .map((item) => item.entry.accessToken)
        .filter((accessToken) => s.can({ type: "reservations.cancel", accessToken })),
    sameStrings,
  );

  // A booking confirmed in another tab (or this one) appears without a reload.
  useEffect(() => subscribeToReservations(() => actorRef.send({ type: "reservations.reload" })), [actorRef]);

  const groups = groupOwnReservations(items, loadedAt);
  // Today's first booking that opens the gate: its link is the view's primary action (decision 048).
  const doorToday = groups.today.find((i) => i.reservation?.doorUrl && i.reservation.status === "confirmed");
  const card = (item: OwnReservationItem) => (
    <ReservationCard
      key={item.entry.id}
      item={item}
      past={groups.pastOrCancelled.includes(item)}
      confirming={phase === "confirmingCancel" && cancelToken === item.entry.accessToken}
      cancelling={phase === "cancelling" && cancelToken === item.entry.accessToken}
      outcome={cancelToken === item.entry.accessToken ? outcome : null}
      canCancel={cancellable.includes(item.entry.accessToken)}
      canReload={canReload}
      canMove={movable.includes(item.entry.accessToken)}
      doorFirst={item === doorToday && !moveToken}
      moveChooser={
        moveToken === item.entry.accessToken &&
        phase !== "redirecting" && (
          <MoveChooser
            id={item.entry.id}
            date={moveDate ?? ""}
            minDate={helsinkiDate(loadedAt ? new Date(loadedAt) : env.now())}
            intro="Valitse uusi aika. Jokaisen ajan kohdalla näkyy, paljonko maksat lisää tai saat takaisin; lisämaksu maksetaan ennen siirtoa."
            phase={movePhase}
            slots={moveSlots}
            choice={moveChoice}
            chosenQuote={moveQuote}
            error={moveError}
            canConfirm={canConfirmMove}
            onDate={(date) => actorRef.send({ type: "reservations.moveDate", date })}
            onSlot={(slot) =>
              actorRef.send({ type: "reservations.moveSlot", start: slot.start, end: slot.end })
            }
            onConfirm={() => actorRef.send({ type: "reservations.confirmMove" })}
            onKeep={() => actorRef.send({ type: "reservations.keepTime" })}
          />
        )
      }
      onMove={() => actorRef.send({ type: "reservations.move", accessToken: item.entry.accessToken })}
      onCancel={() => actorRef.send({ type: "reservations.cancel", accessToken: item.entry.accessToken })}
      onConfirm={() => actorRef.send({ type: "reservations.confirmCancel" })}
      onKeep={() => actorRef.send({ type: "reservations.keep" })}
      onReload={() => actorRef.send({ type: "reservations.reload" })}
    />
  );
  const group = (id: string, title: string, items: OwnReservationItem[], className = "") =>
    items.length > 0 && (
      <section aria-labelledby={id} className={className || undefined}>
        <h2 id={id}>{title}</h2>
        <ul className="plain-list reservation-list">{items.map(card)}</ul>
      </section>
    );

  const loading = phase === "loading";
  const loadFailed = phase === "loadFailed";
  // With nothing stored and no linked booking, what the load will find is known: the page says so
  // at once instead of a loading line that the answer replaces. This is also what the page is
  // prerendered with, so nothing moves when it hydrates (decision 030).
  const hasStored = useSyncExternalStore(
    subscribeToReservations,
    () => readStoredReservations().length > 0,
    () => false,
  );
  const surelyNone = loading && !hasStored && !linkedToken;

  return (
    <section className="page my-reservations">
      <h1>Oma varaus</h1>
      {moveReturn && (
        <p role="status" className={moveReturn.ok ? "notice notice-success" : "notice"}>
          {moveReturn.text}
        </p>
      )}
      {phase === "redirecting" && <p role="status">Siirrytään maksamaan lisämaksua…</p>}
      {loading && !surelyNone && (
        <p role="status" className="muted">
          Ladataan varauksia…
        </p>
      )}
      {loadFailed && (
        <RetryAlert
          message={errorMessage}
          canRetry={canReload}
          onRetry={() => actorRef.send({ type: "reservations.reload" })}
        />
      )}
      {/* Nothing read after a failed load is not nothing stored: there only the error speaks. */}
      {((phase === "showing" && items.length === 0) || surelyNone) && (
        <div className="card">
          <p>Tässä selaimessa ei ole tallennettuja varauksia.</p>
          <p className="muted">
            Teitkö varauksen toisella laitteella? Vahvistusviestissä on linkki, joka avaa varauksen ja portin
            millä tahansa laitteella.
          </p>
          <Link className="button" to="/varauskalenteri">
            Varaa aika
          </Link>
        </div>
      )}
      {/* While a refresh runs, the bookings read before (and their gate links) stay on the page. */}
      {items.length > 0 && (
        <>
          <p className="muted">Varaukset, jotka on tehty tällä selaimella.</p>
          {group("today-title", "Nyt ja tänään", groups.today)}
          {group("upcoming-title", "Tulevat varaukset", groups.upcoming)}
          {group(
            "past-title",
            "Menneet ja perutut varaukset",
            groups.pastOrCancelled,
            "reservation-list--past",
          )}
          <p>
            <Link to="/varauskalenteri">Varaa uusi aika</Link>
          </p>
        </>
      )}
      {/* Bookings made on another device come here by the links this e-mails. */}
      <ReservationLookupForm />
    </section>
  );
}
