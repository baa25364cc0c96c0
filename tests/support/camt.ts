/**
 * Bank files as Finnish banks send them (ISO 20022, the Finance Finland / Finanssiala guide to
 * camt.054 reference payments and camt.053 statements), written by the team for the tests: a
 * notification or a statement of one account, each entry booked with its amount and archive
 * reference; a batch entry (one booking of many reference payments) carries each payment in its
 * own TxDtls with its own archive reference, reference and payer. Version 02 writes the payer as
 * Dbtr/Nm and the status as Sts; version 08 as Dbtr/Pty/Nm and Sts/Cd, as those schemas do.
 */

export type CamtTransaction = {
  archiveRef?: string;
  reference?: string;
  amount: string;
  payer?: string;
  payerIban?: string;
};

export type CamtEntry = {
  archiveRef?: string;
  amount: string;
  currency?: string;
  credit?: boolean;
  reversal?: boolean;
  booked?: boolean;
  date?: string;
  /** One, or several for a batch booking. */
  transactions: CamtTransaction[];
};

export type CamtFile = {
  kind?: "054" | "053";
  version?: "02" | "08";
  iban: string;
  entries: CamtEntry[];
};

const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function transaction(t: CamtTransaction, version: string): string {
  const payer = t.payer
    ? version === "02"
      ? `<Dbtr><Nm>${esc(t.payer)}</Nm></Dbtr>`
      : `<Dbtr><Pty><Nm>${esc(t.payer)}</Nm></Pty></Dbtr>`
    : "";
  const account = t.payerIban ? `<DbtrAcct><Id><IBAN>${t.payerIban}</IBAN></Id></DbtrAcct>` : "";
  const amount =
    version === "02"
      ? `<AmtDtls><TxAmt><Amt Ccy="EUR">${t.amount}</Amt></TxAmt></AmtDtls>`
      : `<Amt Ccy="EUR">${t.amount}</Amt>`;
  return `
          <TxDtls>
            <Refs>${t.archiveRef ? `<AcctSvcrRef>${t.archiveRef}</AcctSvcrRef>` : ""}</Refs>
            ${amount}
            ${payer || account ? `<RltdPties>${payer}${account}</RltdPties>` : ""}
            ${
              t.reference
                ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${t.reference}</Ref></CdtrRefInf></Strd></RmtInf>`
                : ""
            }
          </TxDtls>`;
}

function entry(e: CamtEntry, version: string, n: number): string {
  const status = e.booked === false ? "PDNG" : "BOOK";
  return `
      <Ntry>
        <NtryRef>${n}</NtryRef>
        <Amt Ccy="${e.currency ?? "EUR"}">${e.amount}</Amt>
        <CdtDbtInd>${e.credit === false ? "DBIT" : "CRDT"}</CdtDbtInd>
        ${e.reversal ? "<RvslInd>true</RvslInd>" : ""}
        ${version === "02" ? `<Sts>${status}</Sts>` : `<Sts><Cd>${status}</Cd></Sts>`}
        <BookgDt><Dt>${e.date ?? "2026-07-20"}</Dt></BookgDt>
        <ValDt><Dt>${e.date ?? "2026-07-20"}</Dt></ValDt>
        ${e.archiveRef ? `<AcctSvcrRef>${e.archiveRef}</AcctSvcrRef>` : ""}
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>${
          e.transactions.length > 1 ? `<Btch><NbOfTxs>${e.transactions.length}</NbOfTxs></Btch>` : ""
        }${e.transactions.map((t) => transaction(t, version)).join("")}
        </NtryDtls>
      </Ntry>`;
}

/** A camt.054 notification (or a camt.053 statement) of the account's credits. */
export function camtFile(file: CamtFile): string {
  const kind = file.kind ?? "054";
  const version = file.version ?? "02";
  const body = `
      <GrpHdr><MsgId>MSG-${kind}-1</MsgId><CreDtTm>2026-07-21T06:00:00+03:00</CreDtTm></GrpHdr>
      <${kind === "054" ? "Ntfctn" : "Stmt"}>
        <Id>${kind}-1</Id>
        <CreDtTm>2026-07-21T06:00:00+03:00</CreDtTm>
        <Acct><Id><IBAN>${file.iban.replace(/\s/g, "")}</IBAN></Id><Ccy>EUR</Ccy></Acct>
        ${file.entries.map((e, i) => entry(e, version, i + 1)).join("")}
      </${kind === "054" ? "Ntfctn" : "Stmt"}>`;
  const root = kind === "054" ? "BkToCstmrDbtCdtNtfctn" : "BkToCstmrStmt";
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.${kind}.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <${root}>${body}
  </${root}>
</Document>
`;
}

/** "29.00" from cents, as a camt amount. */
export const camtAmount = (cents: number) => (cents / 100).toFixed(2);
