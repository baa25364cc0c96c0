import { useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  checkoutMachine,
  DEFAULT_MAX_DOGS,
  type CheckoutDetails,
  type CheckoutQuote,
  type CheckoutReservation,
  type PaymentStart,
} from "../../../../machines/checkoutMachine";
import { appendStoredReservation, toStoredReservation } from "../../../client/reservations";
import { isoDateTime } from "../../../domain/booking";
import { helsinkiDate } from "../../../domain/helsinkiTime";
import { formatEuros } from "../../../domain/money";
import { useBookingEnvironment } from "./bookingEnvironment";
import { checkoutPath } from "./CalendarPage";
import { CheckoutForm } from "./CheckoutForm";
import { checkoutRules, toCreateReservationInput } from "./checkoutRules";
import { CheckoutSummary } from "./CheckoutSummary";
import { ConfirmationView } from "./ConfirmationView";
import "./booking.css";

/**
 * `/checkout/:start?/:end?` — a new visit to the URL (e.g. "Yritä uudelleen" after a cancelled
 * payment drops the query) starts a fresh checkout, hence the key.
 */
export function CheckoutPage() {
  const location = useLocation();
  return <CheckoutFlow key={location.pathname + location.search} />;
}

function CheckoutFlow() {
  const env = useBookingEnvironment();
  const { start, end } = useParams();
  const [search] = useSearchParams();

  const actorRef = useActorRef(
    checkoutMachine.provide({
      actors: {
        loadQuote: fromPromise<{ quote: CheckoutQuote; maxDogs: number }, { start: string; end: string }>(
          async ({ input }) => {
            // Without the park's settings the form still works with the default number of dogs.
            const [quote, site] = await Promise.all([
              env.api.quote(input.start, input.end),
              env.api.site().catch(() => null),
            ]);
            return { quote, maxDogs: site?.slotRules.maxDogs ?? DEFAULT_MAX_DOGS };
          },
        ),
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
      },
    }),
    {
      input: {
        start,
        end,
        payment: search.get("payment"),
        token: search.get("token"),
        rules: checkoutRules,
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
  const retry = () => actorRef.send({ type: "checkout.retry" });
  const busy = (text: string) => (
    <p role="status" className="muted">
      {text}
    </p>
  );
  const showForm = state.matches("editing") || state.matches("creatingPayment") || state.matches("failed");

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
      {state.matches("quoteFailed") && (
        <ErrorCard message={context.errorMessage} onRetry={retry}>
          {calendarLink("Takaisin varauskalenteriin")}
        </ErrorCard>
      )}
      {state.matches("unavailable") && context.quote && (
        <>
          <CheckoutSummary {...context.quote} />
          <div className="card" role="alert">
            <p className="error-message">{context.quote.reason ?? "Valitsemasi aika ei ole varattavissa."}</p>
            {calendarLink("Valitse toinen aika")}
          </div>
        </>
      )}
      {showForm && context.quote && <CheckoutSummary {...context.quote} />}
      {state.matches("failed") && <ErrorCard message={context.errorMessage} onRetry={retry} />}
      {showForm && (
        <CheckoutForm
          details={context.details}
          fieldErrors={context.fieldErrors}
          maxDogs={context.maxDogs}
          enabled={state.matches("editing")}
          canSubmit={state.can({ type: "checkout.submit" })}
          onEdit={(details) => actorRef.send({ type: "checkout.edit", details })}
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
            {checkoutRules.slotIsValid(context.start, context.end) && (
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

/** The calendar on the slot's own day when the slot is readable, otherwise today's. */
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

function calendarPathFor(start: string): string {
  return isoDateTime.safeParse(start).success
    ? `/varauskalenteri/${helsinkiDate(start)}`
    : "/varauskalenteri";
}
