import type { AuditEntry } from "../../../domain/admin/system";
import {
  auditActionLabels,
  auditEntityLabels,
  labelOf,
  reservationStatusLabels,
  settingLabels,
} from "../../../domain/admin/labels";
import { formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";

/**
 * An audit row in words (järjestelmä's Muutoshistoria): what was done, to what (a setting's
 * name, a booking's time and name), and the fields that changed, before and after side by side.
 * The rows hold whatever the service recorded (a table row, a setting's value), so the reading is
 * best-effort: an unknown field keeps its own name, and nothing is ever hidden.
 */

export type AuditChange = { field: string; before: string; after: string };
export type AuditText = { action: string; subject: string; changes: AuditChange[] };

/** Field names as the forms call them; the rest show as they are stored. */
const fieldLabels: Record<string, string> = {
  name: "Nimi",
  email: "Sähköposti",
  phone: "Puhelin",
  status: "Tila",
  startsAt: "Alkaa",
  endsAt: "Päättyy",
  areaId: "Alue",
  dogs: "Koiria",
  priceCents: "Hinta (senttiä)",
  refundedCents: "Palautettu (senttiä)",
  giftCardReturnedCents: "Lahjakortille palautettu (senttiä)",
  amountCents: "Summa (senttiä)",
  reason: "Syy",
  active: "Käytössä",
  code: "Koodi",
  streetAddress: "Katuosoite",
  postalCode: "Postinumero",
  city: "Kaupunki",
  companyName: "Yrityksen nimi",
  businessId: "Y-tunnus",
  feedbackUrl: "Palautelomake",
  weekly: "Viikon aukioloajat",
  gridMinutes: "Aikaruudukko (min)",
  lengthsMinutes: "Varauksen pituudet (min)",
  changeoverMinutes: "Vaihtoaika (min)",
  bookingWindowDays: "Varattavissa etukäteen (pv)",
  holdMinutes: "Maksuaika (min)",
  cancellationHours: "Peruutusaika (h)",
  maxDogs: "Koiria enintään",
  perEmail: "Sähköpostia kohden",
  perIp: "IP-osoitetta kohden",
  opensBeforeMinutes: "Aukeaa ennen (min)",
  closesAfterMinutes: "Sulkeutuu jälkeen (min)",
  text: "Teksti",
  commitmentDiscountPercent: "Sitoutumisalennus (%)",
  invoiceDueDays: "Maksuaika (pv)",
  signupPaymentMinutes: "Ensimmäisen maksun aika (min)",
  addedBy: "Lisännyt",
  outcome: "Tulos",
  error: "Virhe",
  sent: "Lähetetty",
  requested: "Pyydetty",
  attempts: "Yrityksiä",
  lastError: "Viimeisin virhe",
  cancelReason: "Peruutuksen syy",
  cancelledAt: "Peruttu",
};

/** Bookkeeping columns that change with every write and say nothing to the owner. */
const ignoredFields = new Set(["id", "createdAt", "updatedAt", "token", "doorToken", "manageToken"]);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? "kyllä" : "ei";
  if (typeof value === "string") {
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return value;
  }
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${labelOf(fieldLabels, k)}: ${valueText(v)}`)
    .join("; ");
}

/** A booking's status in words; other fields as valueText reads them. */
const fieldValueText = (field: string, value: unknown) =>
  field === "status" && typeof value === "string"
    ? labelOf(reservationStatusLabels, value)
    : valueText(value);

function changesOf(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === undefined && after === undefined) return [];
    return [{ field: "Arvo", before: valueText(before), after: valueText(after) }];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter((f) => !ignoredFields.has(f));
  return fields
    .filter((f) => JSON.stringify(was[f]) !== JSON.stringify(is[f]))
    .map((f) => ({
      field: labelOf(fieldLabels, f),
      before: f in was ? fieldValueText(f, was[f]) : "–",
      after: f in is ? fieldValueText(f, is[f]) : "–",
    }));
}

/** What the row is about, in words: "Aukioloajat", "Varaus 16.6.2026 klo 10.00–11.00, Maija". */
function subjectOf(entry: AuditEntry): string {
  const entity = labelOf(auditEntityLabels, entry.entity);
  if (entry.entity === "settings" && entry.entityId) return labelOf(settingLabels, entry.entityId);
  const row = isRecord(entry.after) ? entry.after : isRecord(entry.before) ? entry.before : null;
  if (
    entry.entity === "reservation" &&
    row &&
    typeof row.startsAt === "string" &&
    typeof row.endsAt === "string"
  ) {
    const name = typeof row.name === "string" ? `, ${row.name}` : "";
    return `${entity} ${formatTimeRange(row.startsAt, row.endsAt)}${name}`;
  }
  const named =
    row && ["name", "code", "number", "email"].map((k) => row[k]).find((v) => typeof v === "string");
  if (typeof named === "string") return `${entity} ${named}`;
  return entry.entityId ? `${entity} ${entry.entityId}` : entity;
}

export function auditText(entry: AuditEntry): AuditText {
  return {
    action: labelOf(auditActionLabels, entry.action),
    subject: subjectOf(entry),
    changes: changesOf(entry.before, entry.after),
  };
}
