import type { AuditEntry } from "../../../domain/admin/system";
import {
  auditActionLabels,
  auditEntityLabels,
  labelOf,
  reservationStatusLabels,
  settingLabels,
} from "../../../domain/admin/labels";
import { formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";

/**
 * An audit row in words (järjestelmä's Muutoshistoria): what was done, to what (a setting's
 * name, a booking's time and name), and the fields that changed, before and after side by side.
 * The rows hold whatever the service recorded (a table row, a setting's value), so the reading is
 * best-effort: an unknown field keeps its own name. A person's e-mail, name, phone and IP address
 * are never kept (issue 31): a change to one shows as changed, without its values.
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
  priceCents: "Hinta",
  refundedCents: "Palautettu",
  giftCardReturnedCents: "Lahjakortille palautettu",
  amountCents: "Summa",
  reason: "Syy",
  active: "Käytössä",
  code: "Koodi",
  streetAddress: "Katuosoite",
  postalCode: "Postinumero",
  city: "Kaupunki",
  companyName: "Yrityksen nimi",
  businessId: "Y-tunnus",
  feedbackUrl: "Palautelomake",
  latitude: "Leveysaste",
  alt: "Kuvan kuvaus",
  longitude: "Pituusaste",
  weekly: "Viikon aukioloajat",
  gridMinutes: "Aikaruudukko (min)",
  lengthsMinutes: "Varauksen pituudet (min)",
  changeoverMinutes: "Vaihtoaika (min)",
  bookingWindowDays: "Varattavissa etukäteen (pv)",
  holdMinutes: "Maksuaika (min)",
  cancellationHours: "Peruutusaika (h)",
  maxDogs: "Koiria enintään",
  extraDogPriceCents: "Lisäkoiran hinta",
  reactiveDogBufferMinutes: "Reaktiivisen koiran puskuri (min)",
  inHeatGapMinutes: "Juoksuisen nartun siivousväli (min)",
  reactiveDog: "Reaktiivinen koira",
  inHeat: "Juoksuinen narttu",
  extraDogsCents: "Lisäkoirat",
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
  confirmedAt: "Vahvistettu",
  effectiveFrom: "Voimassa alkaen",
  effectiveUntil: "Voimassa asti",
  validFrom: "Voimassa alkaen",
  validUntil: "Voimassa asti",
  lengthMinutes: "Kesto (min)",
  weekdays: "Viikonpäivät",
  fromTime: "Alkaen klo",
  toTime: "Asti klo",
  priority: "Etusija",
  level: "Taso",
  monthlyPriceCents: "Kuukausihinta",
  hoursQuota: "Tuntikiintiö",
  rateBasisPoints: "Verokanta (sadasosaprosenttia)",
  percentOff: "Alennus (%)",
  amountOffCents: "Alennus",
  maxUses: "Käyttökertoja enintään",
  usedCount: "Käytetty",
  initialCents: "Alkusaldo",
  balanceCents: "Saldo",
  expiresAt: "Vanhenee",
  sortOrder: "Järjestys",
  opensAt: "Aukeaa",
  closesAt: "Sulkeutuu",
  date: "Päivä",
  note: "Huomautus",
  description: "Kuvaus",
  number: "Numero",
  dueDate: "Eräpäivä",
  paidAt: "Maksettu",
  voidedAt: "Mitätöity",
  creditedAt: "Hyvitetty",
  creditedCents: "Hyvitetty",
  tierLevel: "Jäsenyystaso",
  tierName: "Jäsenyystaso",
  nextTierLevel: "Seuraava taso",
  nextTierFrom: "Seuraava taso alkaen",
  periodStart: "Jakso alkaa",
  periodEnd: "Jakso päättyy",
  commitment: "Sitoutuminen",
  discountCents: "Alennus",
  vatCents: "ALV",
  method: "Maksutapa",
  provider: "Maksupalvelu",
  customerId: "Asiakas",
};

/** Bookkeeping columns that change with every write and say nothing to the owner. */
const ignoredFields = new Set([
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
]);

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

/** A booking's status in words, money (the *Cents columns) in euros; the rest as valueText reads them. */
function fieldValueText(field: string, value: unknown): string {
  if (field === "status" && typeof value === "string") return labelOf(reservationStatusLabels, value);
  if (field.endsWith("Cents") && typeof value === "number") return formatEuros(value);
  return valueText(value);
}

/** What a changed field whose values the log does not keep shows in place of them. */
export const NOT_KEPT = "ei tallenneta";
export const CHANGED = "muutettu";

function changesOf(before: unknown, after: unknown, changed: string[] = []): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === undefined && after === undefined) return [];
    return [{ field: "Arvo", before: valueText(before), after: valueText(after) }];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter((f) => !ignoredFields.has(f));
  const kept = fields
    .filter((f) => JSON.stringify(was[f]) !== JSON.stringify(is[f]))
    .map((f) => ({
      field: labelOf(fieldLabels, f),
      before: f in was ? fieldValueText(f, was[f]) : "–",
      after: f in is ? fieldValueText(f, is[f]) : "–",
    }));
  const withoutValues = changed
    .filter((f) => !(f in was) && !(f in is) && !ignoredFields.has(f))
    .map((f) => ({ field: labelOf(fieldLabels, f), before: NOT_KEPT, after: CHANGED }));
  return [...kept, ...withoutValues];
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
    changes: changesOf(entry.before, entry.after, entry.changed),
  };
}
