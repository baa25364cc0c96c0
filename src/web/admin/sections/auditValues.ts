import {
  cancelReasonLabels,
  claimOutcomeLabels,
  discountKindLabels,
  invoiceStatusLabels,
  labelOf,
  lightsModeLabels,
  movedByLabels,
  outboxKindLabels,
  outboxStatusLabels,
  paymentMethodLabels,
  paymentProviderLabels,
  paymentStatusLabels,
  refundReasonLabels,
  reservationKindLabels,
  reservationStatusLabels,
  subscriptionStatusLabels,
} from "../../../domain/admin/labels";
import { fieldLabel, fieldLabels } from "../../../domain/fieldLabels";
import { formatDate, formatDateTime, formatTime, helsinkiDate } from "../../../domain/helsinkiClock";
import { formatEuros, formatVatRate } from "../../../domain/money";

/**
 * An audit row's fields and values as the owner reads them (Muutoshistoria): a field by its
 * Finnish name, a code by its label (`gift_card` is "Lahjakortti", `admin_refunded` "Ylläpito
 * perui ja palautti maksun"), money in euros, a time in Finnish, a day as a day. Bookkeeping
 * columns and references to other rows by id say nothing to the owner and are left out.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Columns that change with every write or only tie rows together: never shown. */
const hiddenFields = new Set([
  "id",
  "createdAt",
  "updatedAt",
  "token",
  "doorToken",
  "accessToken",
  "tokenHash",
  "manageToken",
  "holdIp",
  "holdExpiresAt",
  "providerRef",
  "blockedFrom",
  "blockedUntil",
  "sequence",
  "moveOf",
  "maskedCode",
  "reminderSentAt",
  "checkoutClosedAt",
  "mailId",
  "cancelledPayments",
]);

/** A reference to another row (`reservationId`, `refundIds`) is an id: hidden, but for the area. */
export const isHiddenField = (field: string) =>
  hiddenFields.has(field) || (/Ids?$/.test(field) && field !== "areaId");

/** The field's Finnish name; one without a name is shown as it is (a new column, never wrong). */
export const fieldName = (field: string) => fieldLabel(field) ?? field;

const formOrder = new Map(Object.keys(fieldLabels).map((field, i) => [field, i]));

/** Fields in the order the forms have them (a start before its end); unknown ones last. */
export const byFormOrder = (a: string, b: string) =>
  (formOrder.get(a) ?? formOrder.size) - (formOrder.get(b) ?? formOrder.size);

/** The codes a field holds, by the kind of row (a payment's status is not a booking's). */
const codesOf: Record<string, (entity: string) => Readonly<Record<string, string>> | undefined> = {
  status: (entity) =>
    ({
      reservation: reservationStatusLabels,
      payment: paymentStatusLabels,
      invoice: invoiceStatusLabels,
      membership: subscriptionStatusLabels,
      email: outboxStatusLabels,
    })[entity],
  kind: (entity) =>
    entity === "discount_code"
      ? discountKindLabels
      : entity === "reservation"
        ? reservationKindLabels
        : outboxKindLabels,
  method: () => paymentMethodLabels,
  provider: () => paymentProviderLabels,
  cancelReason: () => cancelReasonLabels,
  reason: (entity) => (entity === "payment" || entity === "invoice" ? refundReasonLabels : undefined),
  mode: () => lightsModeLabels,
  outcome: () => claimOutcomeLabels,
  movedBy: () => movedByLabels,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CLOCK = /^(\d{2}):(\d{2})$/;
const WEEKDAYS = ["ma", "ti", "ke", "to", "pe", "la", "su"];

/** A date is stored as the Helsinki midnight that starts it; validUntil as the one after its last day. */
const isHelsinkiMidnight = (iso: string) => formatTime(iso) === "0.00";

function instantText(field: string, iso: string): string {
  if (!isHelsinkiMidnight(iso)) return formatDateTime(iso);
  // "Voimassa asti" a day: the stored end is the midnight after it (discount codes, gift cards).
  if (field === "validUntil") return formatDate(Date.parse(iso) - 1);
  return formatDate(helsinkiDate(iso));
}

/** A value with no field to read it by (inside a list or a record). */
export function valueText(value: unknown, field = ""): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? "kyllä" : "ei";
  if (typeof value === "string") {
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return instantText(field, value);
    const clock = CLOCK.exec(value);
    if (clock) return `${Number(clock[1])}.${clock[2]}`;
    return value;
  }
  if (typeof value === "number") return String(value).replace(".", ",");
  if (Array.isArray(value)) return value.map((v) => valueText(v, field)).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .filter(([k]) => !isHiddenField(k))
    .map(([k, v]) => `${fieldName(k)}: ${fieldValueText("", k, v)}`)
    .join("; ");
}

/** A field's value in words: its code's label, money in euros, a rate in percent, days by name. */
export function fieldValueText(entity: string, field: string, value: unknown): string {
  const codes = codesOf[field]?.(entity);
  if (codes && typeof value === "string") return labelOf(codes, value);
  if (field.endsWith("Cents") && typeof value === "number") return formatEuros(value);
  if (field === "rateBasisPoints" && typeof value === "number") return formatVatRate(value);
  if (field === "weekdays") {
    if (value === null) return "joka päivä";
    if (Array.isArray(value)) return value.map((d) => WEEKDAYS[Number(d) - 1] ?? String(d)).join(", ");
  }
  if (field === "areaId" && value === null) return "kaikki alueet";
  return valueText(value, field);
}
