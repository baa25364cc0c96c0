import { useActorRef, useSelector } from "@xstate/react";
import { useSearchParams } from "react-router-dom";
import { fromPromise, type ActorRefFrom } from "xstate";
import { invoicePaymentMachine } from "../../../../machines/invoicePaymentMachine";
import { formatDate } from "../../../domain/helsinkiClock";
import { formatRfReference } from "../../../domain/bankTransfer";
import { isOutstanding } from "../../../domain/invoiceStatus";
import { formatReferenceNumber, type Invoice } from "../../../domain/membership";
import { formatEuros, formatVatRate } from "../../../domain/money";
import { PaymentStartError } from "../../components/PaymentStartError";
import { RetryAlert } from "../../components/RetryAlert";
import { useMembershipEnvironment } from "../../membershipEnvironment";
import { PaymentChoice } from "../membership/PaymentChoice";
import { InvoiceReceiptButton } from "./InvoiceReceiptButton";
import { formatDay, invoiceStatusLabel } from "./membershipFormat";

type InvoiceActor = ActorRefFrom<typeof invoicePaymentMachine>;

/**
 * /oma-tili's invoices, newest first; outstanding ones (spec §4) stand out and can be paid. The
 * payment page sends the customer back to `/oma-tili?invoice=<id>&payment=success|cancelled`.
 */
export function InvoicesSection() {
  const env = useMembershipEnvironment();
  const [search] = useSearchParams();
  const actor = useActorRef(
    invoicePaymentMachine.provide({
      actors: {
        loadInvoices: fromPromise(() => env.api.myInvoices()),
        payInvoice: fromPromise(({ input }) =>
          env.api.payInvoice(input.invoiceId, {
            paymentMethod: input.paymentMethod,
            gift_card_code: input.giftCardCode,
          }),
        ),
      },
      actions: { redirectToPayment: (_, { url }) => env.redirectToPayment(url) },
    }),
    { input: { returnedInvoiceId: search.get("invoice"), payment: search.get("payment") } },
  );
  const view = useSelector(actor, (s) =>
    s.matches("loading") ? "loading" : s.matches("loadFailed") ? "failed" : "list",
  );
  const invoices = useSelector(actor, (s) => s.context.invoices);
  const olderLeftOut = useSelector(actor, (s) => s.context.olderLeftOut);
  const errorMessage = useSelector(actor, (s) => (s.matches("loadFailed") ? s.context.errorMessage : null));
  const returned = useSelector(actor, (s) => s.context.returned);
  const paidMessage = useSelector(actor, (s) => s.context.paidMessage);
  const canReload = useSelector(actor, (s) => s.can({ type: "invoices.reload" }));
  const outstanding = invoices.filter(isOutstanding);

  return (
    <section className="card account-section" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Laskut</h2>
      {returned && (
        <p className="notice notice-success" role="status">
          {returned.outcome === "success"
            ? "Kiitos! Maksu on vastaanotettu. Laskun tila päivittyy, kun maksu on vahvistettu."
            : "Maksu peruttiin. Lasku on edelleen avoinna."}
        </p>
      )}
      {paidMessage && (
        <p className="notice notice-success" role="status">
          {paidMessage}
        </p>
      )}
      {view === "loading" && (
        <p className="muted" role="status">
          Ladataan laskuja…
        </p>
      )}
      {view === "failed" && (
        <RetryAlert
          message={errorMessage}
          canRetry={canReload}
          onRetry={() => actor.send({ type: "invoices.reload" })}
        />
      )}
      {view === "list" && invoices.length === 0 && <p>Sinulla ei ole laskuja.</p>}
      {view === "list" && outstanding.length > 0 && (
        <p>
          Avoimia laskuja {outstanding.length}, yhteensä{" "}
          <strong>{formatEuros(outstanding.reduce((sum, i) => sum + i.due_cents, 0))}</strong>.
        </p>
      )}
      {view === "list" && invoices.length > 0 && (
        <ul className="invoice-list">
          {invoices.map((invoice) => (
            <InvoiceItem key={invoice.id} invoice={invoice} actor={actor} />
          ))}
        </ul>
      )}
      {view === "list" && olderLeftOut && (
        <p className="muted">
          Tässä ovat uusimmat laskusi ja kaikki avoimet. Vanhemmat laskut löytyvät omista tiedoistasi: Tietosi
          → Näytä omat tiedot.
        </p>
      )}
    </section>
  );
}

function InvoiceItem({ invoice, actor }: { invoice: Invoice; actor: InvoiceActor }) {
  const outstanding = isOutstanding(invoice);
  const headingId = `invoice-${invoice.id}-heading`;
  const paying = useSelector(actor, (s) => s.context.invoiceId === invoice.id && !s.matches("list"));
  const canPay = useSelector(actor, (s) => s.can({ type: "invoices.pay", invoiceId: invoice.id }));
  const className = [
    "invoice",
    outstanding && "invoice--outstanding",
    invoice.is_overdue && "invoice--overdue",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <li className={className}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId}>
          Lasku {invoice.number} <span className="badge">{invoiceStatusLabel(invoice)}</span>
        </h3>
        <dl className="details-list">
          <dt>Kuvaus</dt>
          <dd>{invoice.description}</dd>
          <dt>Jakso</dt>
          <dd>
            {formatDay(invoice.period.start)} – {formatDay(invoice.period.end)}
          </dd>
          <dt>Summa</dt>
          <dd>
            {formatEuros(invoice.amount_cents)} (sis. ALV {formatVatRate(invoice.vat_rate_basis_points)}{" "}
            {formatEuros(invoice.vat_cents)})
          </dd>
          {invoice.status === "open" && invoice.due_cents !== invoice.amount_cents && (
            <>
              <dt>Maksamatta</dt>
              <dd>
                <strong>{formatEuros(invoice.due_cents)}</strong> (osa laskusta on jo maksettu)
              </dd>
            </>
          )}
          <dt>Eräpäivä</dt>
          <dd>{formatDay(invoice.due_date)}</dd>
          <dt>Viitenumero</dt>
          <dd>{formatReferenceNumber(invoice.reference_number)}</dd>
          {invoice.paid_at && (
            <>
              <dt>Maksettu</dt>
              <dd>{formatDate(invoice.paid_at)}</dd>
            </>
          )}
        </dl>
        {outstanding && !paying && (
          <button
            type="button"
            className="button"
            aria-label={`Maksa lasku ${invoice.number}`}
            disabled={!canPay}
            onClick={() => actor.send({ type: "invoices.pay", invoiceId: invoice.id })}
          >
            Maksa lasku
          </button>
        )}
        {paying && <InvoicePaymentForm invoice={invoice} actor={actor} />}
        {outstanding && invoice.bank_transfer && (
          <BankTransferDetails invoice={invoice} transfer={invoice.bank_transfer} />
        )}
        {invoice.status === "paid" && <InvoiceReceiptButton invoiceId={invoice.id} number={invoice.number} />}
      </article>
    </li>
  );
}

function InvoicePaymentForm({ invoice, actor }: { invoice: Invoice; actor: InvoiceActor }) {
  const step = useSelector(actor, (s) =>
    s.matches("paying") ? "paying" : s.matches("redirecting") ? "redirecting" : "choosing",
  );
  const paymentMethod = useSelector(actor, (s) => s.context.paymentMethod);
  const giftCardCode = useSelector(actor, (s) => s.context.giftCardCode);
  const paymentFailure = useSelector(actor, (s) => s.context.paymentFailure);
  const giftCardError = useSelector(actor, (s) => s.context.giftCardError);
  const canEdit = useSelector(actor, (s) => s.can({ type: "invoices.editGiftCard", code: "" }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: "invoices.submit" }));
  const canClose = useSelector(actor, (s) => s.can({ type: "invoices.close" }));

  const failureId = `invoice-${invoice.id}-payment-error`;

  return (
    <form
      className="payment-form"
      aria-label={`Laskun ${invoice.number} maksaminen`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: "invoices.submit" });
      }}
    >
      <p>
        Maksettava: <strong>{formatEuros(invoice.due_cents)}</strong>
      </p>
      <PaymentChoice
        idPrefix={`invoice-${invoice.id}`}
        paymentMethod={paymentMethod}
        giftCardCode={giftCardCode}
        giftCardError={giftCardError}
        disabled={!canEdit}
        onPaymentMethod={(method) => actor.send({ type: "invoices.chooseMethod", paymentMethod: method })}
        onGiftCardCode={(code) => actor.send({ type: "invoices.editGiftCard", code })}
      />
      {step === "paying" && (
        <p className="muted" role="status">
          Luodaan maksua…
        </p>
      )}
      {step === "redirecting" && (
        <p className="muted" role="status">
          Siirrytään maksamaan…
        </p>
      )}
      {paymentFailure && (
        <PaymentStartError id={failureId} failure={paymentFailure} buttonLabel="Siirry maksamaan" />
      )}
      <div className="button-row">
        <button
          type="submit"
          className="button"
          disabled={!canSubmit}
          aria-describedby={paymentFailure ? failureId : undefined}
        >
          Siirry maksamaan
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!canClose}
          onClick={() => actor.send({ type: "invoices.close" })}
        >
          Sulje
        </button>
      </div>
    </form>
  );
}

/**
 * How to pay the invoice from one's own bank (issue 36): folded under one line, as most pay with
 * the button above; the printable invoice carries the same with the barcode's picture.
 */
function BankTransferDetails({
  invoice,
  transfer,
}: {
  invoice: Invoice;
  transfer: NonNullable<Invoice["bank_transfer"]>;
}) {
  return (
    <details className="bank-transfer">
      <summary>Maksa tilisiirrolla</summary>
      <dl className="details-list">
        <dt>Saaja</dt>
        <dd>{transfer.recipient}</dd>
        <dt>Tilinumero (IBAN)</dt>
        <dd>{transfer.iban}</dd>
        <dt>BIC</dt>
        <dd>{transfer.bic}</dd>
        <dt>Viitenumero</dt>
        <dd>
          {formatReferenceNumber(invoice.reference_number)}
          <br />
          <span className="muted">RF-muodossa {formatRfReference(transfer.reference_rf)}</span>
        </dd>
        <dt>Maksettava</dt>
        <dd>{formatEuros(transfer.amount_cents)}</dd>
        <dt>Eräpäivä</dt>
        <dd>{formatDay(invoice.due_date)}</dd>
        <dt>Virtuaaliviivakoodi</dt>
        <dd>
          <code className="virtual-barcode">{transfer.virtual_barcode}</code>
        </dd>
      </dl>
      <p className="muted">
        Liitä virtuaaliviivakoodi verkkopankkiin, niin tilinumero, summa, viite ja eräpäivä täyttyvät itse.
        Käytä viitenumeroa, niin maksu kohdistuu laskulle.
      </p>
      <InvoiceReceiptButton invoiceId={invoice.id} number={invoice.number} document="invoice" />
    </details>
  );
}
