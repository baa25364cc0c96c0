import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csvCell, csvDocument, euros } from "../../src/server/lists/csv.js";
import { financeCsv } from "../../src/server/finance/csv.js";
import type { FinanceReport } from "../../src/domain/admin/finance.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { readCsv } from "../support/csv.js";

/*
 * CSV formula injection (OWASP): free text that starts with =, +, -, @, a tab or a carriage return
 * is written with a leading ' so a spreadsheet shows it and never runs it. Amounts we format
 * ourselves stay numbers, a negative one included, so the accountant's sums still work.
 */
const formulaStarts = ["=", "+", "-", "@", "\t", "\r"];

/** A cell a spreadsheet may run as a formula (leading spaces may be trimmed); a plain number is not one. */
const live = (cell: string) =>
  /^[\t\r]/.test(cell) || (/^[=+\-@]/.test(cell.trimStart()) && !/^-?\d+(,\d+)?$/.test(cell.trim()));

describe("csv cells", () => {
  it.each(formulaStarts)("neutralises free text starting with %j", (start) => {
    const cell = csvCell(`${start}1+1`);
    // A carriage return also needs quoting; inside the quotes the first character is the '.
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(unquoted).toBe(`'${start}1+1`);
  });

  it("leaves other text, our numbers and our amounts as they are", () => {
    expect(csvCell("Ansa Asiakas")).toBe("Ansa Asiakas");
    expect(csvCell("2026-06-16")).toBe("2026-06-16");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(-3)).toBe("-3");
    // A refund written by us: still the number -21,00 for the spreadsheet, quoted for its comma.
    expect(csvCell(euros(-2100))).toBe('"-21,00"');
    expect(csvCell(euros(123450))).toBe('"1234,50"');
    // The same characters typed as free text are text.
    expect(csvCell("-21,00")).toBe(`"'-21,00"`);
    expect(csvDocument([["=1+1", euros(-5)]])).toBe('\uFEFF\'=1+1;"-0,05"\r\n');
  });

  it("is safe read with ; or , : text with a separator, quote or line break stays one cell", () => {
    const names = [
      'Maija,=HYPERLINK("https://evil.example","x")',
      "Maija,=SUM(1)",
      "Ansa, +1+1",
      "Rivi\n=1+1",
      "Rivi\r\n@SUM(1)",
      'Lainaus"=1+1',
      "Puoli;=1+1",
      "-12,50",
      "Sarkain,\t=1",
    ];
    const text = csvDocument(names.map((name) => [name, euros(-1250), 3, euros(99)]));
    // Read with ; (as written): each row its four cells, the text as typed after its guard, and
    // our amounts whole, the negative one still a number.
    const rows = readCsv(text, ";");
    expect(rows).toHaveLength(names.length);
    for (const [i, row] of rows.entries())
      expect(row, JSON.stringify(names[i])).toEqual([
        /^[=+\-@\t\r]/.test(names[i]!) ? `'${names[i]}` : names[i],
        "-12,50",
        "3",
        "0,99",
      ]);
    // Read with , : no cell starts a formula, nor does a free text's part after a comma.
    for (const row of readCsv(text, ",")) for (const cell of row) expect(live(cell), cell).toBe(false);
  });

  it("neutralises free text in the finance report's invoice rows, keeping a negative net a number", () => {
    const flow = { salesCents: 0, refundsCents: 2100, netCents: -2100 };
    const report: FinanceReport = {
      from: "2026-09-01",
      to: "2026-09-01",
      groupBy: "day",
      series: [{ ...flow, period: "2026-09-01", singleCents: 0, membershipCents: 0 }],
      products: [],
      methods: [],
      vat: [],
      totals: { ...flow, grossCents: -2100, vatCents: 0, netCents: -2100, discountsCents: 0 },
      giftCards: { soldCents: 0, redeemedCents: 0 },
      noShows: { bookings: 0, minutes: 0 },
      invoices: {
        today: "2026-09-01",
        open: { count: 1, totalCents: 3900 },
        overdue: { count: 0, totalCents: 0 },
        rows: [
          {
            id: "i1",
            number: 1,
            name: "@SUM(1)",
            email: "-1-1@example.com",
            description: '=HYPERLINK("https://evil.example","x")',
            issuedAt: "2026-09-01T10:00:00+03:00",
            dueDate: "2026-09-15",
            amountCents: 3900,
            overdue: false,
          },
        ],
      },
    };
    const lines = financeCsv(report).slice(1).split("\r\n");
    expect(lines).toContain(
      `1;'@SUM(1);'-1-1@example.com;"'=HYPERLINK(""https://evil.example"",""x"")";2026-09-15;"39,00";ei`,
    );
    expect(lines).toContain('2026-09-01;"0,00";"0,00";"0,00";"21,00";"-21,00"');
  });
});

describe.each(databaseKinds)("purchases.csv against formula injection (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("csv-injection");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  it("writes payers named like formulas as text", async () => {
    const names = ['=HYPERLINK("https://evil.example","x")', "@SUM(1)", "+1+1", "-1-1"];
    for (const [i, name] of names.entries()) {
      const [from, to] = [10 + i, 11 + i];
      await bookAndPay(t, `2026-06-16T${from}:00:00+03:00`, `2026-06-16T${to}:00:00+03:00`, {
        name,
        email: `payer${i}@example.com`,
      });
    }
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v2/admin/purchases.csv",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(rows).toHaveLength(4);
    const body = rows.join("\n");
    expect(body).toContain(`;"'=HYPERLINK(""https://evil.example"",""x"")";`);
    expect(body).toContain(";'@SUM(1);");
    expect(body).toContain(";'+1+1;");
    expect(body).toContain(";'-1-1;");
    // No cell of any row starts a formula (amounts are ours: plain numbers).
    for (const row of rows) {
      for (const cell of row.split(";")) {
        expect(cell.replace(/^"(.*)"$/, "$1")).not.toMatch(/^[=+@\t\r]|^-(?!\d+,\d{2}$)/);
      }
    }
  });
});
