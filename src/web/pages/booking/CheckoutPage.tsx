import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import { DEFAULT_MAX_DOGS } from "../../../domain/dogRules";
import {
  checkoutMachine,
  type CheckoutDetails,
  type CheckoutQuote,
  type CheckoutReservation,
  type OwnHold,
  type PaymentStart,
  type QuoteRequest,
} from "../../../../machines/checkoutMachine";
import {
  checkoutDraft,
  findOwnHold,
  forgetCheckoutDraft,
  forgetHeldCheckout,
  heldCheckout,
  rememberCheckoutDraft,
  rememberHeldCheckout,
} from "../../../client/checkoutHold";
import { appendStoredReservation, toStoredReservation } from "../../../client/storedReservations";
import { isoDateTime } from "../../../domain/booking";
import { formatTime, helsinkiDate } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { useBookingEnvironment } from "./bookingEnvironment";
import { checkoutPath } from "./CalendarPage";
import { lateBookingWarning } from "./cancellationWindow";
import { CheckoutForm } from "./CheckoutForm";
import { slotIsValid, toCreateReservationInput, withCheckoutRules } from "./checkoutRules";
import { CheckoutSummary, quoteSummaryProps } from "./CheckoutSummary";
import { ConfirmationView } from "./ConfirmationView";
import "./booking.css";

/**
 * `/checkout/:start?/:end?` — a new visit to the URL (e.g. "Yritä uudelleen" after a cancelled
 * payment drops the query) starts a fresh checkout, hence the key; it starts from the details this
 * tab last sent to payment, or else last typed, so a retry or a reload keeps the form's values.
 */
export function CheckoutPage() {
  const location = useLocation();
  // Back from the payment page may restore this page as it was left ("Siirrytään maksamaan…") from
  // the browser's back-forward cache: load it anew, so the checkout finds the visitor's own hold.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  return <CheckoutFlow key={location.pathname + location.search} />;
}

/**
 * The calendar's answers about the dogs (`?koiria=2&reaktiivinen=1&juoksuinen=1`, CalendarPage's
 * checkoutPath): only those given, so a remembered draft keeps the rest.
 */
function dogsFromSearch(search: URLSearchParams): Partial<CheckoutDetails> {
  const given: Partial<CheckoutDetails> = {};
  const dogs = Number(search.get("koiria"));
  if (Number.isInteger(dogs) && dogs >= 1 && dogs <= 20) given.dogs = dogs;
  if (search.get("reaktiivinen") === "1") given.reactiveDog = true;
  if (search.get("juoksuinen") === "1") given.inHeat = true;
  return given;
}

function CheckoutFlow() {
  const env = useBookingEnvironment();
  const { start, end } = useParams();
  const [search] = useSearchParams();
  // A slot offered from the waitlist (its e-mail's link): the offer's token and the offered address.
  const waitlistToken = search.get("jono") ?? undefined;
  const offeredEmail = search.get("email");
  // What the calendar asked about the dogs (decision 036): it wins over a remembered draft.
  const fromCalendar = dogsFromSearch(search);

  const actorRef = useActorRef(
    withCheckoutRules(checkoutMachine).provide({
      actors: {
        loadQuote: fromPromise<{ quote: CheckoutQuote; maxDogs: number }, QuoteRequest>(
          async ({ input: { start, end, ...codes } }) => {
            // Without the park's settings the form still works with the default number of dogs.
            const [quote, site] = await Promise.all([
              env.api.quote(start, end, waitlistToken ? { ...codes, waitlistToken } : codes),
              env.api.site().catch(() => null),
            ]);
            return { quote, maxDogs: site?.slotRules.maxDogs ?? DEFAULT_MAX_DOGS };
          },
        ),
        findOwnHold: fromPromise<OwnHold | null, { start: string; end: string }>(({ input }) =>
          findOwnHold(input, (token) => env.api.byToken(token), env.now()),
        ),
        releaseHold: fromPromise<unknown, { token: string }>(({ input }) => env.api.cancel(input.token)),
        createPayment: fromPromise<PaymentStart, { start: string; end: string; details: CheckoutDetails }>(
          ({ input }) =>
            env.api.create({
              ...toCreateReservationInput(input.start, input.end, input.details),
              ...(waitlistToken ? { waitlistToken } : {}),
            }),
        ),
        loadReservation: fromPromise<CheckoutReservation, { token: string }>(({ input }) =>
          env.api.byToken(input.token),
        ),
      },
      actions: {
        redirectToPayment: (_, { url }) => env.redirectToPayment(url),
        storeReservation: (_, { reservation }) => appendStoredReservation(toStoredReservation(reservation)),
        rememberHold: (_, held) => rememberHeldCheckout(held),
        forgetHold: () => forgetHeldCheckout(),
        rememberDraft: (_, { details }) => rememberCheckoutDraft(details),
        forgetDraft: () => forgetCheckoutDraft(),
      },
    }),
    {
      input: {
        start,
        end,
        payment: search.get("payment"),
        token: search.get("token"),
        draft: {
          ...(heldCheckout()?.details ??
            (offeredEmail ? { ...checkoutDraft(), email: offeredEmail } : checkoutDraft())),
          ...fromCalendar,
        },
      },
    },
  );
  // Narrow selections: the page re-renders only when what it shows changes. The machine is flat,
  // so its value is the one state it is in.
  const phase = useSelector(actorRef, (s) => s.value);
  const slotStart = useSelector(actorRef, (s) => s.context.start);
  const slotEnd = useSelector(actorRef, (s) => s.context.end);
  const quote = useSelector(actorRef, (s) => s.context.quote);
  const errorMessage = useSelector(actorRef, (s) => s.context.errorMessage);
  const ownHold = useSelector(actorRef, (s) => s.context.ownHold);
  const details = useSelector(actorRef, (s) => s.context.details);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const maxDogs = useSelector(actorRef, (s) => s.context.maxDogs);
  const reservation = useSelector(actorRef, (s) => s.context.reservation);
  const paymentFailure = useSelector(actorRef, (s) => s.context.paymentFailure);
  const canContinuePayment = useSelector(actorRef, (s) => s.can({ type: "checkout.continuePayment" }));
  const canReleaseHold = useSelector(actorRef, (s) => s.can({ type: "checkout.releaseHold" }));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: "checkout.submit" }));
  const canApplyCodes = useSelector(actorRef, (s) => s.can({ type: "checkout.applyCodes" }));
  const calendarLink = (text: string) => (
    <Link className="button button-secondary" to={calendarPathFor(slotStart)}>
      {text}
    </Link>
  );
  const send = (type: "checkout.retry" | "checkout.continuePayment" | "checkout.releaseHold") => () =>
    actorRef.send({ type });
  const retry = send("checkout.retry");
  const busy = (text: string) => (
    <p role="status" className="muted">
      {text}
    </p>
  );
  const showForm = phase === "editing" || phase === "updatingQuote" || phase === "creatingPayment";
  const holdDecision = phase === "ownHold" || phase === "releasingHold";

  return (
    <section className="page checkout">
      <h1>{phase === "confirmed" ? "Varaus vahvistettu" : "Varaus ja maksu"}</h1>

      {phase === "invalidSlot" && (
        <div className="card" role="alert">
          <p className="error-message">Varattavaa aikaa ei tunnistettu. Valitse aika varauskalenterista.</p>
          {calendarLink("Siirry varauskalenteriin")}
        </div>
      )}
      {phase === "loadingQuote" && busy("Haetaan hintaa…")}
      {phase === "checkingOwnHold" && busy("Tarkistetaan aikaa…")}
      {phase === "quoteFailed" && (
        <ErrorCard message={errorMessage} onRetry={retry}>
          {calendarLink("Takaisin varauskalenteriin")}
        </ErrorCard>
      )}
      {phase === "unavailable" && quote && (
        <>
          <CheckoutSummary {...quoteSummaryProps(quote)} />
          <div className="card" role="alert">
            <p className="error-message">{quote.reason ?? "Valitsemasi aika ei ole varattavissa."}</p>
            {calendarLink("Valitse toinen aika")}
          </div>
        </>
      )}
      {holdDecision && ownHold && (
        <div className="card" role="status">
          <p>
            Sinulla on tälle ajalle keskeneräinen maksu.
            {ownHold.holdExpiresAt &&
              ` Aika on varattu sinulle klo ${formatTime(ownHold.holdExpiresAt)} asti.`}
          </p>
          {errorMessage && <p className="error-message">{errorMessage}</p>}
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={!canContinuePayment}
              onClick={send("checkout.continuePayment")}
            >
              Jatka maksamaan
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={!canReleaseHold}
              onClick={send("checkout.releaseHold")}
            >
              Vapauta aika ja valitse toinen
            </button>
          </div>
          {phase === "releasingHold" && busy("Vapautetaan aikaa…")}
        </div>
      )}
      {phase === "holdReleased" && (
        <div className="card" role="status">
          <p>Aika on vapautettu.</p>
          <div className="button-row">
            {calendarLink("Valitse toinen aika")}
            <button type="button" className="button button-secondary" onClick={retry}>
              Varaa tämä aika uudelleen
            </button>
          </div>
        </div>
      )}
      {showForm && (
        // Two columns on a wide screen: the form, and beside it the price, kept in view (sticky)
        // so a code's new total shows where it is typed. On a phone the price comes first.
        <div className="checkout-layout">
          <div className="checkout-layout__summary">
            {quote && <CheckoutSummary {...quoteSummaryProps(quote)} />}
            {phase === "updatingQuote" && busy("Päivitetään hintaa…")}
          </div>
          <div className="checkout-layout__form">
            <CheckoutForm
              details={details}
              fieldErrors={fieldErrors}
              maxDogs={maxDogs}
              codeMessages={{
                discountCode: quote?.discountMessage ?? null,
                giftCardCode: quote?.giftCardMessage ?? null,
              }}
              enabled={phase === "editing"}
              paymentFailure={paymentFailure}
              lateWarning={quote ? lateBookingWarning(quote) : null}
              canSubmit={canSubmit}
              canApplyCodes={canApplyCodes}
              nothingToPay={quote?.payableCents === 0}
              onEdit={(details) => actorRef.send({ type: "checkout.edit", details })}
              onApplyCodes={() => actorRef.send({ type: "checkout.applyCodes" })}
              onSubmit={() => actorRef.send({ type: "checkout.submit" })}
            />
          </div>
        </div>
      )}
      {phase === "creatingPayment" && busy("Luodaan maksua…")}
      {phase === "slotTaken" && (
        <div className="card" role="alert">
          <p className="error-message">{errorMessage}</p>
          {calendarLink("Valitse toinen aika")}
        </div>
      )}
      {phase === "redirecting" && busy("Siirrytään maksamaan…")}
      {(phase === "confirming" || phase === "waitingForConfirmation") && busy("Vahvistetaan maksua…")}
      {phase === "confirmationFailed" && (
        <ErrorCard message={errorMessage} onRetry={retry}>
          <Link className="button button-secondary" to="/oma-varaus">
            Oma varaus
          </Link>
        </ErrorCard>
      )}
      {phase === "confirmed" && reservation && <ConfirmationView reservation={reservation} />}
      {phase === "notConfirmed" && (
        <div className="card" role="alert">
          <p className="error-message">
            Varausta ei vahvistettu: maksu jäi kesken tai varauksen pitoaika ehti päättyä. Aikaa ei varattu.
          </p>
          {!!reservation?.payment?.refundedCents && (
            <p>Maksu {formatEuros(reservation.payment.refundedCents)} palautetaan maksutavallesi.</p>
          )}
          {calendarLink("Takaisin varauskalenteriin")}
        </div>
      )}
      {phase === "paymentCancelled" && (
        <div className="card" role="status">
          <p>Maksu peruttiin. Aikaa ei varattu.</p>
          <div className="button-row">
            {slotIsValid(slotStart, slotEnd) && (
              <Link className="button" to={checkoutPath(slotStart, slotEnd)}>
                Yritä uudelleen
              </Link>
            )}
            {calendarLink("Takaisin varauskalenteriin")}
          </div>
        </div>
      )}
    </section>
  );
}

/** A failed step: the message, a retry button and whatever else the visitor can do instead. */
function ErrorCard({
  message,
  onRetry,
  children,
}: {
  message: string | null;
  onRetry(): void;
  children?: ReactNode;
}) {
  return (
    <div className="card" role="alert">
      <p className="error-message">{message}</p>
      <div className="button-row">
        <button type="button" className="button" onClick={onRetry}>
          Yritä uudelleen
        </button>
        {children}
      </div>
    </div>
  );
}

/** The calendar on the slot's own day when the slot is readable, otherwise today's. */
function calendarPathFor(start: string): string {
  return isoDateTime.safeParse(start).success
    ? `/varauskalenteri/${helsinkiDate(start)}`
    : "/varauskalenteri";
}
