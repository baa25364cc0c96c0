import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { formatHours, hoursBetween } from "../../../../machines/memberQuota";
import { addDays } from "../../../domain/helsinkiClock";
import type { MemberReservation } from "../../../domain/membership";
import { useSiteInfo } from "../../useSiteInfo";
import { MoveChooser } from "../booking/MoveChooser";
import type { MemberBookingRef } from "./MemberBookingFlow";
import "../booking/booking.css";

/**
 * 'Siirrä varaus' on a member booking's card (decision 026): the shared MoveChooser on the days of
 * the booking window, with the hours the new time takes. A refusal (taken meanwhile, over the
 * quota) shows in it with the choice kept.
 */
export function MemberMoveChooser({
  actorRef,
  reservation: r,
}: {
  actorRef: MemberBookingRef;
  reservation: MemberReservation;
}) {
  const phase = useSelector(actorRef, (s) =>
    s.matches("moving")
      ? "moving"
      : s.matches({ movePicking: "picking" })
        ? "picking"
        : s.matches({ movePicking: "dayFailed" })
          ? "dayFailed"
          : "loadingDay",
  );
  const date = useSelector(actorRef, (s) => s.context.moveDate);
  const slots = useSelector(actorRef, (s) => s.context.moveSlots);
  const choice = useSelector(actorRef, (s) => s.context.moveChoice);
  const error = useSelector(actorRef, (s) => s.context.moveError);
  const today = useSelector(actorRef, (s) => s.context.today);
  const canConfirm = useSelector(actorRef, (s) => s.can({ type: "move.confirm" }));
  const windowDays = useSiteInfo().site?.slotRules.bookingWindowDays;
  const send = actorRef.send;
  return (
    <MoveChooser
      id={r.id}
      date={date ?? ""}
      minDate={today}
      maxDate={windowDays ? addDays(today, windowDays) : undefined}
      intro="Valitse uusi päivä ja aika. Varauksen tunnit lasketaan sen jakson kiintiöstä, jolle uusi aika osuu."
      summary={
        choice && (
          <p className="muted">
            Uusi aika käyttää kiintiöstä {formatHours(hoursBetween(choice.start, choice.end))} (nyt{" "}
            {formatHours(r.hours)}).
          </p>
        )
      }
      phase={phase}
      slots={slots}
      choice={choice}
      error={error}
      canConfirm={canConfirm}
      onDate={(next) => send({ type: "move.date", date: next })}
      onSlot={(slot) => send({ type: "move.slot", start: slot.start, end: slot.end })}
      onConfirm={() => send({ type: "move.confirm" })}
      onKeep={() => send({ type: "move.close" })}
    />
  );
}

/** The move's answer on the card; it takes the focus the closed chooser had. */
export function MovedNotice({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p className="notice notice-success" role="status" tabIndex={-1} ref={ref}>
      {message}
    </p>
  );
}
