import { rfReference } from "../../src/domain/bankTransfer.js";
import { readBankStatement } from "../../src/server/bankTransfers/camt.js";
import { HttpError } from "../../src/server/errors.js";
import { camtFile } from "../support/camt.js";

/*
 * Reading the bank's camt.054 and camt.053 files (issue 36): every booked credit, a batch booking
 * as its several payments, a reversal marked, debits and unbooked entries left out; a file that is
 * not such a statement refused whole with a Finnish reason.
 */
const IBAN = "FI2112345600000785";

const refusal = (xml: string) => {
  try {
    readBankStatement(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error("The file was read");
};

describe("readBankStatement", () => {
  it("reads a camt.054's credits, a batch booking as one transfer per payment", () => {
    const statement = readBankStatement(
      camtFile({
        iban: "FI21 1234 5600 0007 85",
        entries: [
          {
            archiveRef: "20260720ABCD0001",
            amount: "29.00",
            transactions: [
              {
                reference: "10028",
                amount: "29.00",
                payer: "Maija Meikäläinen",
                payerIban: "FI79 4405 2020 0360 82",
              },
            ],
          },
          {
            archiveRef: "20260720BTCH0002",
            amount: "68.50",
            date: "2026-07-21",
            transactions: [
              {
                archiveRef: "20260720BTCH0002-1",
                reference: "00000000000000010031",
                amount: "39.50",
                payer: "A & B Oy",
              },
              {
                archiveRef: "20260720BTCH0002-2",
                reference: rfReference("10044"),
                amount: "29",
                payer: "Pekka",
              },
            ],
          },
          { archiveRef: "OUT1", amount: "100.00", credit: false, transactions: [{ amount: "100.00" }] },
          { archiveRef: "PEND1", amount: "5.00", booked: false, transactions: [{ amount: "5.00" }] },
        ],
      }),
    );
    expect(statement.kind).toBe("camt.054");
    expect(statement.accountIbans).toEqual([IBAN]);
    expect(statement.skipped).toBe(2);
    expect(statement.transfers).toEqual([
      {
        archiveRef: "20260720ABCD0001",
        reference: "10028",
        nationalReference: "10028",
        amountCents: 2900,
        payerName: "Maija Meikäläinen",
        payerIban: "FI7944052020036082",
        bookedOn: "2026-07-20",
        reversal: false,
      },
      {
        archiveRef: "20260720BTCH0002-1",
        reference: "00000000000000010031",
        nationalReference: "10031",
        amountCents: 3950,
        payerName: "A & B Oy",
        payerIban: null,
        bookedOn: "2026-07-21",
        reversal: false,
      },
      {
        archiveRef: "20260720BTCH0002-2",
        reference: rfReference("10044"),
        nationalReference: "10044",
        amountCents: 2900,
        payerName: "Pekka",
        payerIban: null,
        bookedOn: "2026-07-21",
        reversal: false,
      },
    ]);
  });

  it("reads a camt.053 of version 08 and marks a reversal of a credit", () => {
    const statement = readBankStatement(
      camtFile({
        kind: "053",
        version: "08",
        iban: IBAN,
        entries: [
          {
            archiveRef: "A1",
            amount: "12.30",
            transactions: [{ reference: "10028", amount: "12.30", payer: "Liisa" }],
          },
          {
            archiveRef: "A2",
            amount: "12.30",
            credit: false,
            reversal: true,
            transactions: [{ reference: "10028", amount: "12.30" }],
          },
        ],
      }),
    );
    expect(statement.kind).toBe("camt.053");
    expect(statement.transfers.map((t) => [t.archiveRef, t.amountCents, t.payerName, t.reversal])).toEqual([
      ["A1", 1230, "Liisa", false],
      ["A2", 1230, null, true],
    ]);
  });

  it("numbers a batch's payments by the entry's archive reference when they have none of their own", () => {
    const statement = readBankStatement(
      camtFile({
        iban: IBAN,
        entries: [
          {
            archiveRef: "B9",
            amount: "3.00",
            transactions: [
              { reference: "10028", amount: "1.00" },
              { reference: "10031", amount: "2.00" },
            ],
          },
        ],
      }),
    );
    expect(statement.transfers.map((t) => t.archiveRef)).toEqual(["B9/1", "B9/2"]);
  });

  it("refuses what is not a bank's statement, saying why", () => {
    expect(refusal("")).toContain("tiedosto on tyhjä");
    expect(refusal("<Document><Broken></Document>")).toContain("ei ole kelvollista XML:ää");
    expect(refusal('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>')).toContain(
      "ei ole pankin camt.054- tai camt.053-tiedosto",
    );
    const usd = camtFile({
      iban: IBAN,
      entries: [{ archiveRef: "U1", amount: "5.00", currency: "USD", transactions: [{ amount: "5.00" }] }],
    }).replace('<Amt Ccy="EUR">5.00</Amt>', '<Amt Ccy="USD">5.00</Amt>');
    expect(refusal(usd)).toContain("valuutassa USD");
    expect(
      refusal(camtFile({ iban: IBAN, entries: [{ amount: "5.00", transactions: [{ amount: "5.00" }] }] })),
    ).toContain("puuttuu arkistointitunnus");
    const twice = camtFile({
      iban: IBAN,
      entries: [
        { archiveRef: "D1", amount: "5.00", transactions: [{ amount: "5.00" }] },
        { archiveRef: "D1", amount: "6.00", transactions: [{ amount: "6.00" }] },
      ],
    });
    expect(refusal(twice)).toContain("D1 on tiedostossa kahdesti");
    expect(
      refusal(
        camtFile({
          iban: IBAN,
          entries: [{ archiveRef: "F1", amount: "5,00", transactions: [{ amount: "5,00" }] }],
        }),
      ),
    ).toContain('summa "5,00" ei ole euromäärä');
  });
});
