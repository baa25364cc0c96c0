import { formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { dogOptionsText } from "../../../domain/dogRules";
import { formatEuros, formatVatRate } from "../../../domain/money";
import { formatLength } from "./labels";

type Props = {
  start: string;
  end: string;
  lengthMinutes: number;
  /** The price to pay for the booking (after any discount), and the VAT it contains. */
  priceCents: number;
  vatCents: number;
  vatRateBasisPoints?: number;
  areaName?: string;
  /** What a discount code took off the list price. */
  discountCents?: number;
  /** The dogs after the first added this to the list price; the dogs' options (decision 036). */
  extraDogsCents?: number;
  dogs?: number;
  reactiveDog?: boolean;
  inHeat?: boolean;
  /** What a gift card pays of the price, and what is left to pay through the payment page. */
  giftCardCents?: number;
  payableCents?: number;
  /** Until when a booking of the slot may be cancelled or moved, and whether one made now could. */
  cancellableUntil?: string;
  cancellable?: boolean;
};

/** The booked time and its price with the VAT it contains, as the server computed them. */
export function CheckoutSummary(props: Props) {
  const discount = props.discountCents ?? 0;
  const giftCard = props.giftCardCents ?? 0;
  return (
    <dl className="booking-summary card">
      {props.areaName && (
        <>
          <dt>Alue</dt>
          <dd>{props.areaName}</dd>
        </>
      )}
      <dt>Aika</dt>
      <dd>{formatTimeRange(props.start, props.end)}</dd>
      <dt>Kesto</dt>
      <dd>{formatLength(props.lengthMinutes)}</dd>
      <DogLines {...props} />
      {discount > 0 && (
        <>
          <dt>Listahinta</dt>
          <dd>{formatEuros(props.priceCents + discount)}</dd>
          <dt>Alennus</dt>
          <dd>−{formatEuros(discount)}</dd>
        </>
      )}
      <dt>Hinta</dt>
      <dd>{formatEuros(props.priceCents)}</dd>
      <dt>{props.vatRateBasisPoints ? `ALV ${formatVatRate(props.vatRateBasisPoints)}` : "ALV"}</dt>
      <dd>{formatEuros(props.vatCents)} (sisältyy hintaan)</dd>
      {giftCard > 0 && (
        <>
          <dt>Lahjakortilla</dt>
          <dd>−{formatEuros(giftCard)}</dd>
          <dt>Maksettavaa</dt>
          <dd>{formatEuros(props.payableCents ?? props.priceCents - giftCard)}</dd>
        </>
      )}
      {props.cancellableUntil && (
        <>
          <dt>Peruutus ja siirto</dt>
          <dd>
            {props.cancellable === false
              ? "Ei mahdollista: aika alkaa pian"
              : `${formatDateTime(props.cancellableUntil)} asti`}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The dogs and their options, and the extra dogs' share of the list price, when any. */
function DogLines(props: Pick<Props, "dogs" | "extraDogsCents" | "reactiveDog" | "inHeat">) {
  const options = dogOptionsText(props);
  const extra = props.extraDogsCents ?? 0;
  return (
    <>
      {props.dogs !== undefined && (
        <>
          <dt>Koiria</dt>
          <dd>{props.dogs}</dd>
        </>
      )}
      {options && (
        <>
          <dt>Huomioitavaa</dt>
          <dd>{options}</dd>
        </>
      )}
      {extra > 0 && (
        <>
          <dt>Lisäkoirat</dt>
          <dd>{formatEuros(extra)} (sisältyy hintaan)</dd>
        </>
      )}
    </>
  );
}

/** The summary of a quote: the price after the discount, and the gift card's share. */
export function quoteSummaryProps(quote: {
  start: string;
  end: string;
  lengthMinutes: number;
  totalCents: number;
  vatCents: number;
  vatRateBasisPoints: number;
  discountCents: number;
  giftCardCents: number;
  payableCents: number;
  extraDogsCents?: number;
  cancellableUntil?: string;
  cancellable?: boolean;
}): Props {
  return {
    start: quote.start,
    end: quote.end,
    lengthMinutes: quote.lengthMinutes,
    priceCents: quote.totalCents,
    vatCents: quote.vatCents,
    vatRateBasisPoints: quote.vatRateBasisPoints,
    discountCents: quote.discountCents,
    giftCardCents: quote.giftCardCents,
    payableCents: quote.payableCents,
    extraDogsCents: quote.extraDogsCents,
    cancellableUntil: quote.cancellableUntil,
    cancellable: quote.cancellable,
  };
}
