import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  checkoutMachine,
  DEFAULT_MAX_DOGS,
  type CheckoutDetails,
  type CheckoutQuote,
  type CheckoutReservation,
  type OwnHold,
  type PaymentStart,
  type QuoteRequest,
} from "../../../../machines/checkoutMachine";
import {
  findOwnHold,
  forgetHeldCheckout,
  heldCheckout,
  rememberHeldCheckout,
} from "../../../client/checkoutHold";
import { appendStoredReservation, toStoredReservation } from "../../../client/reservations";
import { isoDateTime } from "../../../domain/booking";
import { formatTime, helsinkiDate } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { useBookingEnvironment } from "./bookingEnvironment";
import { checkoutPath } from "./CalendarPage";
import { CheckoutForm } from "./CheckoutForm";
import { slotIsValid, toCreateReservationInput, withCheckoutRules } from "./checkoutRules";
import { CheckoutSummary, quoteSummaryProps } from "./CheckoutSummary";
import { ConfirmationView } from "./ConfirmationView";
import "./booking.css";

/**
 * `/checkout/:start?/:end?` — a new visit to the URL (e.g. "Yritä uudelleen" after a cancelled
 * payment drops the query) starts a fresh checkout, hence the key; it starts from the details this
 * tab last sent to payment, so a retry keeps the form's values.
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

function CheckoutFlow() {
  const env = useBookingEnvironment();
  const { start, end } = useParams();
  const [search] = useSearchParams();

  const actorRef = useActorRef(
    withCheckoutRules(checkoutMachine).provide({
      actors: {
        loadQuote: fromPromise<{ quote: CheckoutQuote; maxDogs: number }, QuoteRequest>(
          async ({ input: { start, end, ...codes } }) => {
            // Without the park's settings the form still works with the default number of dogs.
            const [quote, site] = await Promise.all([
              env.api.quote(start, end, codes),
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
          ({ input }) => env.api.create(toCreateReservationInput(input.start, input.end, input.details)),
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
      },
    }),
    {
      input: {
        start,
        end,
        payment: search.get("payment"),
        token: search.get("token"),
        draft: heldCheckout()?.details ?? null,
      },
    },
  );
  const state = useSelector(actorRef, (s) => s);
  const { context } = state;
  const calendarLink = (text: string) => (
    <Link className="button button-secondary" to={calendarPathFor(context.start)}>
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
  const showForm =
    state.matches("editing") ||
    state.matches("updatingQuote") ||
    state.matches("creatingPayment") ||
    state.matches("failed");
  const holdDecision = state.matches("ownHold") || state.matches("releasingHold");

  return (
    <section className="page checkout">
      <h1>{state.matches("confirmed") ? "Varaus vahvistettu" : "Varaus ja maksu"}</h1>

      {state.matches("invalidSlot") && (
        <div className="card" role="alert">
          <p className="error-message">Varattavaa aikaa ei tunnistettu. Valitse aika varauskalenterista.</p>
          {calendarLink("Siirry varauskalenteriin")}
        </div>
      )}
      {state.matches("loadingQuote") && busy("Haetaan hintaa…")}
      {state.matches("checkingOwnHold") && busy("Tarkistetaan aikaa…")}
      {state.matches("quoteFailed") && (
        <ErrorCard message={context.errorMessage} onRetry={retry}>
          {calendarLink("Takaisin varauskalenteriin")}
        </ErrorCard>
      )}
      {state.matches("unavailable") && context.quote && (
        <>
          <CheckoutSummary {...quoteSummaryProps(context.quote)} />
          <div className="card" role="alert">
            <p className="error-message">{context.quote.reason ?? "Valitsemasi aika ei ole varattavissa."}</p>
            {calendarLink("Valitse toinen aika")}
          </div>
        </>
      )}
      {holdDecision && context.ownHold && (
        <div className="card" role="status">
          <p>
            Sinulla on tälle ajalle keskeneräinen maksu.
            {context.ownHold.holdExpiresAt &&
              ` Aika on varattu sinulle klo ${formatTime(context.ownHold.holdExpiresAt)} asti.`}
          </p>
          {context.errorMessage && <p className="error-message">{context.errorMessage}</p>}
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={!state.can({ type: "checkout.continuePayment" })}
              onClick={send("checkout.continuePayment")}
            >
              Jatka maksamaan
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={!state.can({ type: "checkout.releaseHold" })}
              onClick={send("checkout.releaseHold")}
            >
              Vapauta aika ja valitse toinen
            </button>
          </div>
          {state.matches("releasingHold") && busy("Vapautetaan aikaa…")}
        </div>
      )}
      {state.matches("holdReleased") && (
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
      {showForm && context.quote && <CheckoutSummary {...quoteSummaryProps(context.quote)} />}
      {state.matches("updatingQuote") && busy("Päivitetään hintaa…")}
      {state.matches("failed") && <ErrorCard message={context.errorMessage} onRetry={retry} />}
      {showForm && (
        <CheckoutForm
          details={context.details}
          fieldErrors={context.fieldErrors}
          maxDogs={context.maxDogs}
          codeMessages={{
            discountCode: context.quote?.discountMessage ?? null,
            giftCardCode: context.quote?.giftCardMessage ?? null,
          }}
          enabled={state.matches("editing")}
          canSubmit={state.can({ type: "checkout.submit" })}
          canApplyCodes={state.can({ type: "checkout.applyCodes" })}
          onEdit={(details) => actorRef.send({ type: "checkout.edit", details })}
          onApplyCodes={() => actorRef.send({ type: "checkout.applyCodes" })}
          onSubmit={() => actorRef.send({ type: "checkout.submit" })}
        />
      )}
      {state.matches("creatingPayment") && busy("Luodaan maksua…")}
      {state.matches("slotTaken") && (
        <div className="card" role="alert">
          <p className="error-message">{context.errorMessage}</p>
          {calendarLink("Valitse toinen aika")}
        </div>
      )}
      {state.matches("redirecting") && busy("Siirrytään maksamaan…")}
      {(state.matches("confirming") || state.matches("waitingForConfirmation")) &&
        busy("Vahvistetaan maksua…")}
      {state.matches("confirmationFailed") && (
        <ErrorCard message={context.errorMessage} onRetry={retry}>
          <Link className="button button-secondary" to="/oma-varaus">
            Oma varaus
          </Link>
        </ErrorCard>
      )}
      {state.matches("confirmed") && context.reservation && (
        <ConfirmationView reservation={context.reservation} />
      )}
      {state.matches("notConfirmed") && (
        <div className="card" role="alert">
          <p className="error-message">
            Varausta ei vahvistettu: maksu jäi kesken tai varauksen pitoaika ehti päättyä. Aikaa ei varattu.
          </p>
          {!!context.reservation?.payment?.refundedCents && (
            <p>Maksu {formatEuros(context.reservation.payment.refundedCents)} palautetaan maksutavallesi.</p>
          )}
          {calendarLink("Takaisin varauskalenteriin")}
        </div>
      )}
      {state.matches("paymentCancelled") && (
        <div className="card" role="status">
          <p>Maksu peruttiin. Aikaa ei varattu.</p>
          <div className="button-row">
            {slotIsValid(context.start, context.end) && (
              <Link className="button" to={checkoutPath(context.start, context.end)}>
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
