import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { MemberBookingMachine } from "../../../../machines/memberBookingMachine";
import { formatHours, quotaForChoice } from "../../../../machines/memberQuota";
import { formatTimeRange } from "../../../domain/helsinkiClock";
import { MemberSlotCalendar } from "./MemberSlotCalendar";
import { DogOptionsFields } from "../booking/DogOptionsFields";

export type MemberBookingRef = ActorRefFrom<MemberBookingMachine>;
type Snapshot = SnapshotFrom<MemberBookingMachine>;

const FLOW_STEPS = ["choosing", "overQuota", "confirming", "booking", "bookFailed"] as const;
const flowStep = (s: Snapshot) => FLOW_STEPS.find((step) => s.matches(step)) ?? null;

/** Booking with the quota: the calendar, the hours it uses, the dogs, and the answer. */
export function MemberBookingFlow({ actorRef }: { actorRef: MemberBookingRef }) {
  const step = useSelector(actorRef, flowStep);
  const booked = useSelector(actorRef, (s) => (s.matches({ showing: "booked" }) ? s.context.outcome : null));
  const message = useSelector(actorRef, (s) => s.context.message);
  const calendar = useSelector(actorRef, (s) => s.children.slotCalendar);
  const send = actorRef.send;

  if (booked) {
    return (
      <div className="notice notice-success member-booked" role="status">
        <p>{message}</p>
        <p>
          {formatTimeRange(booked.start, booked.end)} · {booked.dogs} {booked.dogs === 1 ? "koira" : "koiraa"}{" "}
          · kiintiöstä {formatHours(booked.hours)}
        </p>
      </div>
    );
  }
  if (!step) return null;

  const close = (
    <button type="button" className="button button-secondary" onClick={() => send({ type: "booking.close" })}>
      Sulje
    </button>
  );
  const chooseAnother = (
    <button type="button" className="button button-secondary" onClick={() => send({ type: "booking.back" })}>
      Valitse toinen aika
    </button>
  );
  return (
    <section className="member-booking" aria-labelledby="member-booking-title">
      <h3 id="member-booking-title">{step === "choosing" ? "Valitse aika" : "Vahvista jäsenvaraus"}</h3>
      {step === "choosing" && (
        <>
          {calendar && <MemberSlotCalendar calendarRef={calendar} />}
          <div className="button-row">{close}</div>
        </>
      )}
      {(step === "overQuota" || step === "bookFailed") && (
        <div role="alert">
          <p className="error-message">{message}</p>
          <div className="button-row">
            {chooseAnother}
            {close}
          </div>
        </div>
      )}
      {(step === "confirming" || step === "booking") && (
        <BookingConfirmation
          actorRef={actorRef}
          busy={step === "booking"}
          close={close}
          back={chooseAnother}
        />
      )}
    </section>
  );
}

type ConfirmationProps = { actorRef: MemberBookingRef; busy: boolean; close: ReactNode; back: ReactNode };

function BookingConfirmation({ actorRef, busy, close, back }: ConfirmationProps) {
  const choice = useSelector(actorRef, (s) => s.context.choice);
  const subscription = useSelector(actorRef, (s) => s.context.subscription);
  const dogs = useSelector(actorRef, (s) => s.context.dogs);
  const reactiveDog = useSelector(actorRef, (s) => s.context.reactiveDog);
  const inHeat = useSelector(actorRef, (s) => s.context.inHeat);
  const maxDogs = useSelector(actorRef, (s) => s.context.maxDogs);
  const canConfirm = useSelector(actorRef, (s) => s.can({ type: "booking.confirm" }));
  if (!choice || !subscription) return null;
  const quota = quotaForChoice(subscription, choice);
  return (
    <>
      <dl className="member-booking__summary">
        <dt>Aika</dt>
        <dd>{formatTimeRange(choice.start, choice.end)}</dd>
        <dt>Käyttää kiintiöstä</dt>
        <dd>{formatHours(quota.hours)}</dd>
        <dt>Jäljellä varauksen jälkeen</dt>
        <dd>
          {quota.laterPeriod
            ? "Varaus kuuluu seuraavaan jaksoon, ja sen tunnit lasketaan sen jakson kiintiöstä."
            : `${formatHours(quota.leftAfter)} / ${formatHours(subscription.usage.hours_quota)} tällä jaksolla`}
        </dd>
      </dl>
      <div className="form-field">
        <label htmlFor="member-booking-dogs">Koirien määrä</label>
        <select
          id="member-booking-dogs"
          value={dogs}
          disabled={busy}
          onChange={(e) => actorRef.send({ type: "booking.setDogs", dogs: Number(e.target.value) })}
        >
          {Array.from({ length: maxDogs }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <fieldset disabled={busy} className="member-booking__dog-options">
        <legend className="visually-hidden">Koirien erityistarpeet</legend>
        <DogOptionsFields
          idPrefix="member-booking"
          reactiveDog={reactiveDog}
          inHeat={inHeat}
          onChange={(options) => actorRef.send({ type: "booking.setDogs", dogs, ...options })}
        />
      </fieldset>
      {busy && <p role="status">Varataan…</p>}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={!canConfirm}
          onClick={() => actorRef.send({ type: "booking.confirm" })}
        >
          Vahvista varaus
        </button>
        {!busy && back}
        {!busy && close}
      </div>
    </>
  );
}
