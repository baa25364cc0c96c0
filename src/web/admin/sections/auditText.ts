import type { AuditEntry } from "../../../domain/admin/system";
import {
  auditActionLabels,
  auditEntityLabels,
  labelOf,
  paymentMethodLabels,
  settingLabels,
} from "../../../domain/admin/labels";
import { formatDate, formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { byFormOrder, fieldName, fieldValueText, isHiddenField, isRecord, valueText } from "./auditValues";

/**
 * An audit row in words (järjestelmä's Muutoshistoria): what was done, to what (a setting's
 * name, a booking's time, a code, a card's last characters), and the fields that changed, before
 * and after side by side, in the owner's words (auditValues.ts). The rows hold whatever the service
 * recorded (a table row, a setting's value, a list of price versions), so the reading is
 * best-effort: an unknown field keeps its own name. A person's e-mail, name, phone and IP address
 * are never kept (issue 31): a change to one shows as changed, without its values. A row's id is
 * never the subject when it has a name or a time; when it has neither, a short reference to it.
 */

export type AuditChange = { field: string; before: string; after: string };
export type AuditText = { action: string; subject: string; changes: AuditChange[] };

/** What a changed field whose values the log does not keep shows in place of them. */
export const NOT_KEPT = "ei tallenneta";
export const CHANGED = "muutettu";

/**
 * Actions whose `after` is what the action did (a refund's amount, a resend's outcome), not the
 * row after it: their rows are that result, without the record it started from.
 */
const resultActions = new Set([
  "payment.refund",
  "mail.resend",
  "mail.resend.result",
  "invoice.resend",
  "invoice.resend.result",
  "admin.claim.set",
  "admin.claim.clear",
]);

/**
 * A price, tier or VAT change keeps the versions of its series before and after (decision 013):
 * the one in force before and the newest after are what changed.
 */
function latestVersion(value: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(value)) return undefined;
  const versions = value.filter(isRecord);
  if (versions.length !== value.length || versions.length === 0) return undefined;
  const from = (v: Record<string, unknown>) => String(v.effectiveFrom ?? "");
  return versions.toSorted((a, b) => from(a).localeCompare(from(b))).at(-1);
}

function changesOf(entry: AuditEntry): AuditChange[] {
  const { entity } = entry;
  const result = resultActions.has(entry.action);
  const before = result ? null : (latestVersion(entry.before) ?? entry.before);
  const after = latestVersion(entry.after) ?? entry.after;
  const changed = result ? [] : (entry.changed ?? []);
  if (!isRecord(before) && !isRecord(after)) {
    if (before === undefined && after === undefined) return [];
    const row = { field: "Arvo", before: valueText(before), after: valueText(after) };
    return row.before === row.after ? [] : [row];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])]
    .filter((f) => !isHiddenField(f))
    .toSorted(byFormOrder);
  const kept = fields
    .map((f) => ({
      field: fieldName(f),
      before: f in was ? fieldValueText(entity, f, was[f]) : "–",
      after: f in is ? fieldValueText(entity, f, is[f]) : "–",
    }))
    // Unchanged, or nothing both before and after (a new row's empty columns).
    .filter((c) => c.before !== c.after);
  const withoutValues = changed
    .filter((f) => !(f in was) && !(f in is) && !isHiddenField(f))
    .map((f) => ({ field: fieldName(f), before: NOT_KEPT, after: CHANGED }));
  return [...kept, ...withoutValues];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as a visible reference: "nro 12", a uuid by its first characters; a readable one (an e-mail) as it is. */
const shortId = (id: string) => (/^\d+$/.test(id) ? `nro ${id}` : UUID.test(id) ? `${id.slice(0, 8)}…` : id);

/** "••••-••••-••••-FN55" is "…FN55": the last group tells the cards apart. */
const cardEnding = (masked: string) => `…${masked.split("-").at(-1)}`;

/** What the row is about, in words: "Aukioloajat", "Varaus ti 16.6.2026 klo 10.00–11.00". */
function subjectOf(entry: AuditEntry): string {
  const entity = labelOf(auditEntityLabels, entry.entity);
  if (entry.entity === "settings" && entry.entityId) return labelOf(settingLabels, entry.entityId);
  const pick = (value: unknown) => latestVersion(value) ?? (isRecord(value) ? value : null);
  const row = pick(entry.after) ?? pick(entry.before);
  const text = (key: string) => (row && typeof row[key] === "string" ? (row[key] as string) : undefined);
  const starts = text("startsAt");
  const ends = text("endsAt");
  if (starts && ends) {
    const name = text("name") ? `, ${text("name")}` : "";
    return `${entity} ${formatTimeRange(starts, ends)}${name}`;
  }
  if (entry.entity === "payment" && row && typeof row.amountCents === "number") {
    // The row before the refund: what was paid, how and when.
    const paid = isRecord(entry.before) ? entry.before : row;
    const method = typeof paid.method === "string" ? `, ${labelOf(paymentMethodLabels, paid.method)}` : "";
    const when = typeof paid.paidAt === "string" ? `, ${formatDateTime(paid.paidAt)}` : "";
    return `${entity} ${formatEuros(Number(paid.amountCents))}${method}${when}`;
  }
  if (text("maskedCode")) return `${entity} ${cardEnding(text("maskedCode")!)}`;
  const named = ["name", "code", "number", "tierName", "email"].map(text).find(Boolean);
  if (named) return `${entity} ${named}`;
  if (entry.entity === "opening_exception" && entry.entityId)
    return `${entity} ${formatDate(entry.entityId)}`;
  return entry.entityId ? `${entity} ${shortId(entry.entityId)}` : entity;
}

export function auditText(entry: AuditEntry): AuditText {
  return {
    action: labelOf(auditActionLabels, entry.action),
    subject: subjectOf(entry),
    changes: changesOf(entry),
  };
}
