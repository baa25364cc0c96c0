/**
 * What the audit log keeps of a change (issue 31): ids, the action, the admin, and the values that
 * are no one's personal data (statuses, times, amounts, settings). A person's e-mail, name, phone
 * and IP address, and link secrets (decision 024), are never copied into it: a field holding one is
 * left out of the stored before and after, and an update names it in `changed` instead (that it
 * changed, not what it was). Migration 0023 rewrote the rows written before this the same way;
 * tests/server/auditRedaction.test.ts holds the two to one answer.
 */

/** Fields that hold a person's contact details or address, or a link's secret, in any entity. */
export const PERSONAL_FIELDS = [
  "email",
  "to",
  "phone",
  "ip",
  "holdIp",
  "requestedIp",
  "mailbox",
  "accessToken",
  "doorToken",
  "token",
  "tokenHash",
  "manageToken",
] as const;

/**
 * Entities whose `name` is a thing's (an area, a tier, a price rule, the company's settings), not a
 * person's. Elsewhere (a booking, an invoice) `name` is the person's and is left out.
 */
export const THINGS_WITH_NAMES = [
  "area",
  "settings",
  "membership_tier",
  "price_rule",
  "discount_code",
  "gift_card",
  "vat_rate",
  "block",
  "opening_exception",
  "photo",
  "lights",
] as const;

/** An e-mail address inside a text (an error message, a note): replaced by REMOVED. */
export const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
export const REMOVED = "[poistettu]";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The fields left out of an entity's rows. */
export function personalFieldsOf(entity: string): Set<string> {
  const named = (THINGS_WITH_NAMES as readonly string[]).includes(entity);
  return new Set<string>(named ? PERSONAL_FIELDS : [...PERSONAL_FIELDS, "name"]);
}

/** The value (JSON, as stored) without the personal fields, at any depth, and with no e-mail address in a text. */
function strip(value: unknown, personal: Set<string>): unknown {
  if (typeof value === "string") return value.replace(EMAIL_IN_TEXT, REMOVED);
  if (Array.isArray(value)) return value.map((v) => strip(v, personal));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !personal.has(key))
      .map(([key, v]) => [key, strip(v, personal)]),
  );
}

/** Equal as JSON values (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]))
    );
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return a === b;
}

/**
 * An audit row's before and after as kept: JSON (dates as ISO strings, undefined as null) without
 * personal fields, and for an update (a record before and after) the names of every field that
 * changed, personal ones included, in code-point order; null otherwise.
 */
export function redactAudit(
  entity: string,
  before: unknown,
  after: unknown,
): { before: unknown; after: unknown; changed: string[] | null } {
  const was = toJson(before);
  const is = toJson(after);
  const personal = personalFieldsOf(entity);
  const changed =
    isRecord(was) && isRecord(is)
      ? [...new Set([...Object.keys(was), ...Object.keys(is)])]
          .filter((k) => k in was !== k in is || !sameJson(was[k], is[k]))
          .sort()
      : null;
  return { before: strip(was, personal), after: strip(is, personal), changed };
}

/** Dates become ISO strings, undefined becomes null: what jsonb can hold and a reader expects. */
const toJson = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === undefined ? null : v)));
