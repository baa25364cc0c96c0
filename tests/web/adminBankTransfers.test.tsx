// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BankTransfer, BankTransferList, StatementPreview } from "../../src/domain/admin/bankTransfers";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * Tilisiirrot in the real admin area (token policy, HTTP client, section machine), with the API
 * answered by the test: the owner picks the bank's file, sees what each credit would do, applies
 * it, and decides a waiting transfer; a file that is no statement is said beside the form while
 * the queue stays.
 */

// jsdom's Blob has no text() (every browser's has): read it as a browser would, by its FileReader.
if (!("text" in Blob.prototype))
  Object.defineProperty(Blob.prototype, "text", {
    value(this: Blob) {
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(this);
      });
    },
  });

const TOKEN = idToken("admin", BASE + 3_600_000);
const app = createAdminHarness();
afterEach(cleanup);

const PATH = "/hallinta/v2/jasenydet/tilisiirrot";
const CUSTOMER_ID = "3f0e9a52-1c2b-4d3e-8f4a-5b6c7d8e9f01";
const WAITING: BankTransfer = {
  id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  archive_ref: "20260720ARCH0007",
  reference: "10028",
  amount_cents: 1000,
  payer_name: "Anna Aalto",
  booked_on: "2026-07-20",
  status: "queued",
  problem: "partial",
  resolution: null,
  note: null,
  invoice: { id: "i-1", number: 1002, status: "open", customer_id: CUSTOMER_ID, due_cents: 3900 },
};
const APPLIED: BankTransfer = {
  ...WAITING,
  id: "6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e",
  archive_ref: "20260719ARCH0001",
  amount_cents: 3900,
  status: "applied",
  problem: null,
  invoice: { id: "i-0", number: 1001, status: "paid", customer_id: CUSTOMER_ID, due_cents: 0 },
};
const LIST: BankTransferList = { queued: [WAITING], recent: [APPLIED] };
const PREVIEW: StatementPreview = {
  kind: "camt.054",
  skipped: 1,
  entries: [
    {
      archive_ref: "20260721ARCH0009",
      reference: "10031",
      amount_cents: 3900,
      payer_name: "Pekka Pihlaja",
      booked_on: "2026-07-21",
      outcome: "pay",
      invoice: { id: "i-2", number: 1003, status: "open", customer_id: null, due_cents: 3900 },
    },
    {
      archive_ref: "20260721ARCH0010",
      reference: "12345672",
      amount_cents: 2500,
      payer_name: null,
      booked_on: "2026-07-21",
      outcome: "unknown",
      invoice: null,
    },
  ],
};
const XML = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"/>';

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  const file = new File([XML], "heinakuu.xml", { type: "text/xml" });
  await user.upload(screen.getByLabelText("Tiliotetiedosto (XML)"), file);
}

describe("tilisiirrot", () => {
  it("previews a statement, applies it, and shows what it did", async () => {
    const user = userEvent.setup();
    await app.render({ path: PATH, token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, LIST);
    const queued = await screen.findByRole("heading", { level: 2, name: "Odottaa päätöstä (1)" });
    expect(queued).toBeInTheDocument();
    const recent = screen.getByRole("table", { name: "Viimeksi kirjatut tilisiirrot" });
    expect(within(recent).getByRole("row", { name: /20260719ARCH0001/ })).toHaveTextContent("Lasku maksettu");

    await chooseFile(user);
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, LIST);
    const sent = await app.answerApi("POST", "/api/v2/admin/bank-statements/preview", 200, PREVIEW);
    expect(JSON.parse(String(sent))).toEqual({ statement: XML });
    await screen.findByRole("heading", { level: 2, name: "heinakuu.xml: 2 tilisiirtoa" });
    expect(screen.getByText(/1 veloitusta tai keskeneräistä kirjausta ohitettiin/)).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Tiliotteen tilisiirrot" });
    expect(within(table).getByRole("row", { name: /Pekka Pihlaja/ })).toHaveTextContent(
      "Merkitään maksetuksi",
    );
    expect(within(table).getByRole("row", { name: /12345672/ })).toHaveTextContent(
      "Jonoon: tuntematon viite",
    );

    await user.click(screen.getByRole("button", { name: "Kirjaa 2 maksua" }));
    const applied = await app.answerApi("POST", "/api/v2/admin/bank-statements", 200, {
      message: "Tiliote luettu (2 tilisiirtoa). 1 lasku merkittiin maksetuksi. 1 odottaa päätöstäsi jonossa.",
      paid: 1,
      queued: 1,
      recorded: 0,
    });
    expect(JSON.parse(String(applied))).toEqual({ statement: XML });
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, LIST);
    await app.answerApi("POST", "/api/v2/admin/bank-statements/preview", 200, {
      ...PREVIEW,
      entries: PREVIEW.entries.map((e) => ({ ...e, outcome: "recorded" })),
    });
    expect(await screen.findByText(/1 lasku merkittiin maksetuksi/)).toBeInTheDocument();
    // Read already: nothing more to apply, only to close.
    expect(screen.queryByRole("button", { name: /^Kirjaa/ })).toBeNull();
    expect(within(table).getAllByText("Luettu jo aiemmin")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Sulje esikatselu" }));
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, LIST);
    await screen.findByRole("heading", { level: 2, name: "Odottaa päätöstä (1)" });
    expect(screen.queryByRole("table", { name: "Tiliotteen tilisiirrot" })).toBeNull();
  });

  it("says why a file is no statement beside the form, and keeps the queue", async () => {
    const user = userEvent.setup();
    await app.render({ path: PATH, token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, LIST);
    await screen.findByRole("heading", { level: 2, name: "Odottaa päätöstä (1)" });
    await chooseFile(user);
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, LIST);
    await app.answerApi("POST", "/api/v2/admin/bank-statements/preview", 400, {
      message: "Tiedostoa ei voitu lukea: se ei ole kelvollista XML:ää (rivi 1). Mitään ei kirjattu.",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("se ei ole kelvollista XML:ää");
    expect(screen.getByRole("heading", { level: 2, name: "Odottaa päätöstä (1)" })).toBeInTheDocument();
  });

  it("sends the owner's decision on a waiting transfer with its note", async () => {
    const user = userEvent.setup();
    await app.render({ path: PATH, token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, LIST);
    const card = (await screen.findByRole("heading", { level: 3, name: /10,00\s€ · Vajaa maksu/ })).closest(
      "li",
    )!;
    expect(card).toHaveTextContent(/Lasku 1002: avoinna, maksamatta 39,00\s€/);
    const decision = within(card).getByLabelText("Päätös");
    expect(
      within(decision)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Merkitse lasku maksetuksi",
      "Kirjaa osamaksuksi, lasku jää avoimeksi",
      "Palautettu maksajalle käsin",
    ]);
    await user.selectOptions(decision, "part_payment");
    await user.type(within(card).getByLabelText("Muistiinpano"), "Loput ensi viikolla");
    await user.click(within(card).getByRole("button", { name: "Tallenna päätös" }));
    const body = await app.answerApi("POST", `/api/v2/admin/bank-transfers/${WAITING.id}/resolve`, 200, {
      message: "10,00 € kirjattu laskulle 1002. Laskua on vielä maksamatta 29,00 €.",
    });
    expect(JSON.parse(String(body))).toEqual({ resolution: "part_payment", note: "Loput ensi viikolla" });
    await app.answerApi("GET", "/api/v2/admin/bank-transfers", 200, { queued: [], recent: LIST.recent });
    expect(await screen.findByText(/kirjattu laskulle 1002/)).toBeInTheDocument();
    expect(screen.getByText(/Ei odottavia tilisiirtoja/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Odottaa päätöstä (0)" })).toHaveFocus();
  });
});
