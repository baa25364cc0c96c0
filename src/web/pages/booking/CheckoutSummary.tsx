import { formatTimeRange } from "../../../domain/helsinkiTime";
import { formatEuros, formatVatRate } from "../../../domain/money";
import { formatLength } from "./labels";

type Props = {
  start: string;
  end: string;
  lengthMinutes: number;
  priceCents: number;
  vatCents: number;
  vatRateBasisPoints?: number;
  areaName?: string;
};

/** The booked time and its price with the VAT it contains, as the server computed them. */
export function CheckoutSummary(props: Props) {
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
      <dt>Hinta</dt>
      <dd>{formatEuros(props.priceCents)}</dd>
      <dt>{props.vatRateBasisPoints ? `ALV ${formatVatRate(props.vatRateBasisPoints)}` : "ALV"}</dt>
      <dd>{formatEuros(props.vatCents)} (sisältyy hintaan)</dd>
    </dl>
  );
}
