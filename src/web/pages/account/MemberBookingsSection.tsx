import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { fromPromise } from "xstate";
import type { CalendarDay, AvailabilityQuery } from "../../../../machines/bookingCalendarMachine";
import { DEFAULT_MAX_DOGS } from "../../../domain/dogRules";
import {
  memberBookingMachine,
  memberSlotCalendar,
  type BookingRequest,
  type MemberBookingsData,
  type MoveRequest,
  type ReservationOutcome,
} from "../../../../machines/memberBookingMachine";
import { freeMoveSlots, type MoveSlot } from "../../../domain/moveSlots";
import { formatHours, remainingHours } from "../../../../machines/memberQuota";
import type { Subscription } from "../../../domain/membership";
import { suspensionMessage } from "../../../domain/invoiceStatus";
import { formatDate, helsinkiDate } from "../../../domain/helsinkiClock";
import {
  useSubscription,
  useSubscriptionActor,
  type SubscriptionSnapshot,
} from "../../session/SubscriptionProvider";
import { useWideScreen } from "../booking/useWideScreen";
import { MemberBookingFlow, type MemberBookingRef } from "./MemberBookingFlow";
import { MemberReservationList } from "./MemberReservationList";
import { useMemberBookingEnvironment, type MemberBookingEnvironment } from "./memberBookingEnvironment";
import { carriedText } from "./membershipFormat";
import "./account.css";

/** The list and the park's dog limit in one go; the limit has a default. */
async function loadMemberBookings(env: MemberBookingEnvironment): Promise<MemberBookingsData> {
  const [reservations, maxDogs] = await Promise.all([
    env.api.reservations(),
    env.api.maxDogs().catch(() => DEFAULT_MAX_DOGS),
  ]);
  return { reservations, maxDogs, now: env.now().toISOString() };
}

/** The shared membership once it is known (null: none); undefined while it loads or failed. */
const knownMembership = (s: SubscriptionSnapshot) =>
  ["none", "pending", "active", "cancelled"].some((state) => s.matches(state as never))
    ? s.context.subscription
    : undefined;

/**
 * Asks the shared subscription actor to read the membership again after the quota changed. It takes
 * `subscription.reload` only when pending or failed; otherwise `subscription.load` reads it afresh
 * (this section keeps showing the old hours meanwhile: `knownMembership` skips the loading).
 */
export function reloadMembership(subscription: ReturnType<typeof useSubscriptionActor>) {
  const reload = { type: "subscription.reload" } as const;
  subscription.send(subscription.getSnapshot().can(reload) ? reload : { type: "subscription.load" });
}

/** /oma-tili: the member's quota, booking with it, and the member's bookings, moved or cancelled (issue 7). */
export function MemberBookingsSection() {
  const env = useMemberBookingEnvironment();
  const wide = useWideScreen();
  const subscriptionActor = useSubscriptionActor();
  const actorRef = useActorRef(
    memberBookingMachine.provide({
      actions: { membershipChanged: () => reloadMembership(subscriptionActor) },
      actors: {
        loadMemberBookings: fromPromise(() => loadMemberBookings(env)),
        bookSlot: fromPromise<ReservationOutcome, BookingRequest>(({ input }) => env.api.book(input)),
        cancelReservation: fromPromise<ReservationOutcome, { id: string }>(({ input }) =>
          env.api.cancel(input.id),
        ),
        // A member booking has no price to keep: every free start and length of the day is offered.
        loadMoveDay: fromPromise<MoveSlot[], { date: string }>(async ({ input }) => {
          const { days } = await env.api.availability(input.date, input.date);
          return freeMoveSlots(days.find((day) => day.date === input.date));
        }),
        moveReservation: fromPromise<ReservationOutcome, MoveRequest>(({ input }) =>
          env.api.reschedule(input.id, input.start, input.end),
        ),
        slotCalendar: memberSlotCalendar.provide({
          actors: {
            loadAvailability: fromPromise<{ days: CalendarDay[] }, AvailabilityQuery>(({ input }) =>
              env.api.availability(input.from, input.to),
            ),
          },
        }),
      },
    }),
    { input: { today: helsinkiDate(env.now()), calendarView: wide ? "week" : "day" } },
  );
  const step = useSelector(actorRef, (s) =>
    s.matches("loading") ? "loading" : s.matches("loadFailed") ? "failed" : "ready",
  );
  const message = useSelector(actorRef, (s) => s.context.message);
  const membership = useSubscription(knownMembership);

  useEffect(() => {
    if (membership !== undefined) actorRef.send({ type: "membership.updated", subscription: membership });
  }, [actorRef, membership]);

  return (
    <section className="card member-bookings" aria-labelledby="member-bookings-title">
      <h2 id="member-bookings-title">Varaukset</h2>
      {step === "loading" && (
        <p role="status" className="muted">
          Ladataan varauksiasi…
        </p>
      )}
      {step === "failed" && (
        <div role="alert">
          <p className="error-message">{message}</p>
          <button type="button" className="button" onClick={() => actorRef.send({ type: "bookings.retry" })}>
            Yritä uudelleen
          </button>
        </div>
      )}
      {step === "ready" && (
        <>
          <MemberQuota actorRef={actorRef} />
          <MemberBookingFlow actorRef={actorRef} />
          <MemberReservationList actorRef={actorRef} />
        </>
      )}
    </section>
  );
}

/** "Jäljellä x h / y h tällä jaksolla" and the way to book, or where to go without a membership. */
function MemberQuota({ actorRef }: { actorRef: MemberBookingRef }) {
  const subscription = useSelector(actorRef, (s) => s.context.subscription);
  const updating = useSelector(
    actorRef,
    (s) => s.context.awaitingMembership && s.context.subscription !== undefined,
  );
  const canStart = useSelector(actorRef, (s) => s.can({ type: "booking.start" }));
  const resting = useSelector(actorRef, (s) => s.matches("showing"));
  const membershipFailed = useSubscription((s) => s.matches("error"));

  if (subscription === undefined) {
    return (
      <p className="muted member-quota" role={membershipFailed ? "alert" : "status"}>
        {membershipFailed
          ? "Jäsenyytesi tietoja ei saatu ladattua, joten jäsenvaraus ei ole nyt käytettävissä."
          : "Ladataan tuntikiintiötä…"}
      </p>
    );
  }
  if (!subscription?.has_access) return <NoMemberBooking subscription={subscription} />;
  const { hours_used: used } = subscription.usage;
  // The period's own hours and those carried into it from the last (decision 055).
  const quota = subscription.usage.hours_quota + (subscription.carried?.hours ?? 0);
  const left = remainingHours(subscription);
  const period = subscription.current_period;
  return (
    <div className="member-quota" aria-busy={updating}>
      <p className="member-quota__left">
        Jäljellä {formatHours(left)} / {formatHours(quota)} tällä jaksolla
      </p>
      {updating && <p className="muted">Päivitetään…</p>}
      <meter
        className="member-quota__meter"
        min={0}
        max={quota}
        value={used}
        aria-label={`Käytetty ${formatHours(used)} / ${formatHours(quota)}`}
      />
      {period && (
        <p className="muted">
          Jakso {formatDate(period.start)} – {formatDate(period.end)}
        </p>
      )}
      {subscription.carried && <p className="muted">{carriedText(subscription.carried)}</p>}
      {subscription.access_ends_on && (
        <p className="muted">
          Jäsenyys on irtisanottu: voit varata jäsenenä {formatDate(subscription.access_ends_on)} asti.
        </p>
      )}
      {subscription.unpaid?.suspended && (
        <p>
          {suspensionMessage(subscription.unpaid)} <a href="#invoices-heading">Siirry laskuihin</a>
        </p>
      )}
      {left <= 0 && (
        <p>
          Tämän jakson tunnit on käytetty. Lisäaikaa voit varata{" "}
          <Link to="/varauskalenteri">varauskalenterista</Link> kertavarauksena.
        </p>
      )}
      {resting && (
        <button
          type="button"
          className="button"
          disabled={!canStart}
          onClick={() => actorRef.send({ type: "booking.start" })}
        >
          Varaa jäsenaika
        </button>
      )}
    </div>
  );
}

function NoMemberBooking({ subscription }: { subscription: Subscription | null }) {
  const why = !subscription
    ? "Sinulla ei ole jäsenyyttä."
    : subscription.status === "pending"
      ? "Jäsenyytesi alkaa, kun ensimmäinen lasku on maksettu."
      : "Jäsenyytesi ei ole nyt voimassa.";
  return (
    <div className="member-quota">
      <p>
        {why} Jäsenenä varaat kuukauden tuntikiintiösi puitteissa ilman erillistä maksua:{" "}
        <Link to="/jasenyys">tutustu jäsenyyteen</Link>. Kertavarauksen voit tehdä{" "}
        <Link to="/varauskalenteri">varauskalenterista</Link>.
      </p>
    </div>
  );
}
