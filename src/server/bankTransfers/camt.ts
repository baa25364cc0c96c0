import { XMLParser, XMLValidator } from "fast-xml-parser";
import { compactIban, nationalReferenceOf } from "../../domain/bankTransfer.js";
import { badRequest } from "../errors.js";

/**
 * Reads a bank's ISO 20022 file of incoming payments (issue 36): camt.054 (a debit/credit
 * notification, what Finnish banks send for reference payments) or camt.053 (the account
 * statement), versions 02 to 13, with a kept XML parser (fast-xml-parser), never by regular
 * expressions. Every booked credit comes out as one transfer: a batch booking (one entry of many
 * reference payments) gives one per transaction, each with the bank's archive reference. A
 * reversal of a credit comes out marked as such; other debits and unbooked entries are counted,
 * not returned. A file that is not such a statement, or has money in another currency, is refused
 * whole with a Finnish reason: nothing of it is used.
 */

export type StatementTransfer = {
  /** The bank's archive reference (arkistointitunnus): unique per transaction, never used twice. */
  archiveRef: string;
  /** The reference as the payer gave it (national or RF), or null when there was none. */
  reference: string | null;
  /** The national reference it names (an RF reference's digits), or null. */
  nationalReference: string | null;
  amountCents: number;
  payerName: string | null;
  payerIban: string | null;
  /** The booking date, YYYY-MM-DD. */
  bookedOn: string;
  /** A credit taken back by the bank (RvslInd): money out, not in. */
  reversal: boolean;
};

export type BankStatement = {
  kind: "camt.054" | "camt.053";
  /** The account the file is for (compact), when it says. */
  accountIbans: string[];
  transfers: StatementTransfer[];
  /** Debits (the park's own payments out) and entries not yet booked, which are not read. */
  skipped: number;
};

/** Most a statement may weigh: a month of a small park's payments is a few hundred kilobytes. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.001\.(0[2-9]|1[0-3])$/;

/** Elements that may repeat: always read as lists, so one and many look alike. */
const LISTS = new Set(["Ntfctn", "Stmt", "Ntry", "NtryDtls", "TxDtls", "Strd", "Ustrd"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Elements by their local names (a bank may write <ns2:Ntry>); the xmlns attributes stay, to be checked.
  transformTagName: (name: string) => name.slice(name.indexOf(":") + 1),
  // Every value as its text: references keep their leading zeros, amounts are read as decimals.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] => {
  const values: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map(node).filter((n): n is Node => n !== undefined);
};
/** The text at a path of element names, or null. */
function text(start: unknown, ...path: string[]): string | null {
  let at: unknown = start;
  for (const name of path) {
    const n = node(at);
    if (!n) return null;
    at = n[name];
    if (Array.isArray(at)) at = at[0];
  }
  if (typeof at === "string") return at.trim() || null;
  const n = node(at);
  return n && typeof n["#text"] === "string" ? n["#text"].trim() || null : null;
}

const refused = (why: string) =>
  badRequest(`Tiedostoa ei voitu lukea: ${why} Mitään ei kirjattu.`, "statement");

/** "123.45" with its currency, as cents; anything but euros refuses the file. */
function centsOf(amount: unknown, where: string): number {
  const n = node(amount);
  const value = typeof amount === "string" ? amount : text(n);
  const currency = n?.["@Ccy"];
  if (currency !== undefined && currency !== "EUR")
    throw refused(`kirjaus ${where} on valuutassa ${String(currency)}, ja vain euromääräiset luetaan.`);
  const match = value && /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw refused(`kirjauksen ${where} summa "${value ?? ""}" ei ole euromäärä.`);
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** The booking date of an entry: Dt, or the day of DtTm (the bank's own day, as written). */
function bookedOnOf(entry: Node): string | null {
  const day = text(entry, "BookgDt", "Dt") ?? text(entry, "BookgDt", "DtTm") ?? text(entry, "ValDt", "Dt");
  return day && /^\d{4}-\d{2}-\d{2}/.test(day) ? day.slice(0, 10) : null;
}

/** Booked: `BOOK` (version 02's Sts, or Sts/Cd from version 08 on). */
const isBooked = (entry: Node) => (text(entry, "Sts") ?? text(entry, "Sts", "Cd")) === "BOOK";

/** The payer: Dbtr/Nm (version 02) or Dbtr/Pty/Nm (version 08 on), and the account it came from. */
function payerOf(tx: Node | undefined): { payerName: string | null; payerIban: string | null } {
  const parties = node(tx?.RltdPties);
  const name = text(parties, "Dbtr", "Nm") ?? text(parties, "Dbtr", "Pty", "Nm");
  const iban = text(parties, "DbtrAcct", "Id", "IBAN");
  return { payerName: name, payerIban: iban ? compactIban(iban) : null };
}

/** The creditor reference of a transaction (structured remittance), or null. */
function referenceOf(tx: Node | undefined): string | null {
  for (const strd of list(node(tx?.RmtInf)?.Strd)) {
    const ref = text(strd, "CdtrRefInf", "Ref");
    if (ref) return ref.replace(/\s/g, "");
  }
  return null;
}

/** Parses a statement; throws a 400 with a Finnish reason when the file is not one. */
export function readBankStatement(xml: string): BankStatement {
  if (!xml.trim()) throw refused("tiedosto on tyhjä.");
  if (Buffer.byteLength(xml) > STATEMENT_MAX_BYTES)
    throw refused("tiedosto on yli 5 Mt. Lataa lyhyemmän ajan tiliote.");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw refused(`se ei ole kelvollista XML:ää (rivi ${valid.err.line}).`);
  let parsed: Node;
  try {
    parsed = parser.parse(xml) as Node;
  } catch {
    throw refused("se ei ole kelvollista XML:ää.");
  }
  const document = node(parsed.Document);
  // The camt namespace, declared as the default or for a prefix.
  const version = Object.entries(document ?? {})
    .filter(([key, value]) => key.startsWith("@xmlns") && typeof value === "string")
    .map(([, value]) => NAMESPACE.exec(value as string))
    .find((match) => match !== null);
  if (!document || !version)
    throw refused(
      "se ei ole pankin camt.054- tai camt.053-tiedosto (ISO 20022). Hae verkkopankista viitesiirtojen XML-aineisto.",
    );
  const kind = version[1] === "054" ? "camt.054" : "camt.053";
  const reports =
    kind === "camt.054"
      ? list(node(document.BkToCstmrDbtCdtNtfctn)?.Ntfctn)
      : list(node(document.BkToCstmrStmt)?.Stmt);
  if (reports.length === 0) throw refused("tiedostossa ei ole yhtään tiliotetta tai ilmoitusta.");

  const accountIbans = new Set<string>();
  const transfers: StatementTransfer[] = [];
  let skipped = 0;
  for (const report of reports) {
    const iban = text(report, "Acct", "Id", "IBAN");
    if (iban) accountIbans.add(compactIban(iban));
    for (const [e, entry] of list(report.Ntry).entries()) {
      const where = text(entry, "NtryRef") ?? text(entry, "AcctSvcrRef") ?? String(e + 1);
      const reversal = text(entry, "RvslInd") === "true";
      const credit = text(entry, "CdtDbtInd") === "CRDT";
      // A reversal of a credit is booked as a debit; a debit otherwise is the park's own payment.
      if (!isBooked(entry) || (credit ? reversal : !reversal)) {
        skipped++;
        continue;
      }
      const bookedOn = bookedOnOf(entry);
      if (!bookedOn) throw refused(`kirjaukselta ${where} puuttuu kirjauspäivä.`);
      const entryCents = centsOf(entry.Amt, where);
      const entryRef = text(entry, "AcctSvcrRef");
      const txs = list(node(list(entry.NtryDtls)[0])?.TxDtls);
      const parts = txs.length > 0 ? txs : [undefined];
      for (const [t, tx] of parts.entries()) {
        const txRef = text(tx, "Refs", "AcctSvcrRef");
        const archiveRef =
          txRef ?? (entryRef ? (parts.length > 1 ? `${entryRef}/${t + 1}` : entryRef) : null);
        if (!archiveRef) throw refused(`kirjaukselta ${where} puuttuu arkistointitunnus.`);
        // The payment's own amount: AmtDtls/TxAmt (version 02), or Amt (version 08 on).
        const amount = node(node(tx?.AmtDtls)?.TxAmt)?.Amt ?? tx?.Amt;
        const amountCents =
          amount === undefined ? (parts.length > 1 ? null : entryCents) : centsOf(amount, where);
        if (amountCents === null) throw refused(`koontikirjauksen ${where} tapahtumalta puuttuu summa.`);
        const reference = referenceOf(tx);
        transfers.push({
          archiveRef,
          reference,
          nationalReference: reference ? nationalReferenceOf(reference) : null,
          amountCents,
          ...payerOf(tx),
          bookedOn,
          reversal,
        });
      }
    }
  }
  const seen = new Set<string>();
  for (const t of transfers) {
    if (seen.has(t.archiveRef)) throw refused(`arkistointitunnus ${t.archiveRef} on tiedostossa kahdesti.`);
    seen.add(t.archiveRef);
  }
  return { kind, accountIbans: [...accountIbans], transfers, skipped };
}
