// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Purchase, PurchaseList } from "../../src/domain/admin/purchases";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * The ostokset page in the real admin area (token policy, HTTP client, section machine), with the
 * API answered by the test: it says how many payments match and the whole set's sums, and moves
 * between pages of the same filters; without dates it shows the window the server answered (the
 * last 30 days) and the CSV asks for those dates (issue 21). Each row's money is the ledger's
 * (decision 038): its refunds one by one, a gift card's share, and a refund button only for what
 * can still go back, all of it or a part.
 */

const TOKEN = idToken("admin", BASE + 3_600_000);
const app = createAdminHarness();
afterEach(() => cleanup());

const purchase = (n: number): Purchase => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  createdAt: "2026-06-15T12:00:00+03:00",
  paidAt: "2026-06-15T12:01:00+03:00",
  provider: "demo",
  method: "card",
  status: "paid",
  amountCents: 1500,
  vatCents: 290,
  paidCents: 1500,
  giftCardCents: 0,
  refundedCents: 0,
  refundableCents: 1500,
  kind: "reservation",
  description: `Varaus ${n}`,
  payerName: `Maksaja ${n}`,
  payerEmail: `maksaja${n}@example.com`,
  reservationId: null,
  refunds: [],
});

const page = (n: number, rows: Purchase[]): PurchaseList => ({
  purchases: rows,
  total: 150,
  page: n,
  pageSize: 100,
  from: "2026-05-17",
  to: "2026-06-15",
  totals: { paidCents: 225_000, refundedCents: 1500 },
  providers: ["demo"],
});

it("shows the count and the whole set's sums, and pages with previous and next", async () => {
  const user = userEvent.setup();
  await app.render({ path: "/hallinta/ostokset", token: signedInWith(TOKEN) });
  await app.answerApi("GET", "/api/v2/admin/purchases", 200, page(1, [purchase(1), purchase(2)]));
  expect(
    await screen.findByText(/^su 17\.5\.2026–ma 15\.6\.2026: 150 maksua valituilla ehdoilla\./),
  ).toHaveTextContent(/Maksettu yhteensä 2\s250,00\s€, palautettu 15,00\s€\./);
  expect(screen.getByText("Ilman päivämääriä näytetään viimeiset 30 päivää.")).toBeInTheDocument();
  expect(screen.getByText("Sivu 1 / 2")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Edellinen sivu" })).toBeDisabled();

  await user.click(screen.getByRole("button", { name: "Seuraava sivu" }));
  await app.answerApi("GET", "/api/v2/admin/purchases?page=2", 200, page(2, [purchase(101)]));
  expect(await screen.findByText("Varaus 101")).toBeInTheDocument();
  expect(screen.getByText("Sivu 2 / 2")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Seuraava sivu" })).toBeDisabled();
  expect(screen.getByText(/: 150 maksua/)).toHaveTextContent(/2\s250,00\s€/);

  await user.click(screen.getByRole("button", { name: "Edellinen sivu" }));
  await app.answerApi("GET", "/api/v2/admin/purchases?page=1", 200, page(1, [purchase(1)]));
  expect(await screen.findByText("Varaus 1")).toBeInTheDocument();
});

it("downloads the CSV of the dates the page shows when none were named", async () => {
  const user = userEvent.setup();
  const saved: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => "blob:ostokset";
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  try {
    await app.render({ path: "/hallinta/ostokset", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/purchases", 200, page(1, [purchase(1)]));
    await screen.findByText(/^su 17\.5\.2026–ma 15\.6\.2026: /);
    await user.click(screen.getByRole("button", { name: "Lataa CSV" }));
    await app.answerApi("GET", "/api/v2/admin/purchases.csv?from=2026-05-17&to=2026-06-15", 200, "Aika\r\n");
    await waitFor(() => expect(saved).toEqual(["ostokset-2026-05-17-2026-06-15.csv"]));
  } finally {
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  }
});

const rowOf = (description: string) => screen.getByRole("row", { name: new RegExp(description) });

it("lists each refund of a payment and offers what is left, all of it or a part", async () => {
  const user = userEvent.setup();
  const twice: Purchase = {
    ...purchase(1),
    status: "refunded",
    refundedCents: 1500,
    refundableCents: 0,
    refunds: [
      {
        amountCents: 500,
        to: "provider",
        status: "succeeded",
        reason: "admin_refund",
        createdAt: "2026-06-15T12:30:00+03:00",
      },
      {
        amountCents: 1000,
        to: "provider",
        status: "pending",
        reason: "customer_cancel",
        createdAt: "2026-06-15T13:00:00+03:00",
      },
    ],
  };
  const once: Purchase = {
    ...purchase(2),
    refundedCents: 600,
    refundableCents: 900,
    refunds: [
      {
        amountCents: 600,
        to: "provider",
        status: "succeeded",
        reason: "reservation_move",
        createdAt: "2026-06-15T12:10:00+03:00",
      },
    ],
  };
  await app.render({ path: "/hallinta/ostokset", token: signedInWith(TOKEN) });
  await app.answerApi("GET", "/api/v2/admin/purchases", 200, page(1, [twice, once]));
  await screen.findByText("Varaus 1");

  const first = within(rowOf("Varaus 1"));
  const refunds = first.getByRole("list", { name: "Palautukset" });
  expect(
    within(refunds)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual([
    "5,00\u00a0€ maksutavalle (palautettu)Ylläpidon palautus, ma 15.6.2026 klo 12.30",
    "10,00\u00a0€ maksutavalle (odottaa)Asiakas perui, ma 15.6.2026 klo 13.00",
  ]);
  // Nothing left of it: no refund is offered, never one of 0,00 €.
  expect(first.queryByRole("button", { name: "Palauta" })).toBeNull();

  const second = within(rowOf("Varaus 2"));
  await user.click(second.getByRole("button", { name: "Palauta" }));
  const confirm = second.getByRole("group", { name: "Vahvista palautus" });
  expect(within(confirm).getByLabelText("Palautettava summa €")).toHaveValue("9,00");
  expect(confirm).toHaveTextContent(/Palautetaanko 9,00\s€\?/);
  const amount = within(confirm).getByLabelText("Palautettava summa €");
  await user.clear(amount);
  await user.type(amount, "12");
  expect(confirm).toHaveTextContent(/Anna summa väliltä 0,01–9,00\s€\./);
  expect(within(confirm).getByRole("button", { name: "Vahvista palautus" })).toBeDisabled();
  await user.clear(amount);
  await user.type(amount, "4,50");
  expect(confirm).toHaveTextContent(/Palautetaanko 4,50\s€\?/);
  await user.click(within(confirm).getByRole("button", { name: "Vahvista palautus" }));
  const sent = await app.answerApi("POST", `/api/v2/admin/purchases/${once.id}/refund`, 200, {
    message: "4,50\u00a0€ palautettu.",
    purchase: { ...once, refundedCents: 1050, refundableCents: 450 },
  });
  expect(JSON.parse(String(sent))).toEqual({ amountCents: 450 });
  expect(await screen.findByText(/^4,50\s€ palautettu\.$/)).toBeInTheDocument();
});

it("reads a payment a gift card paid as Lahjakortti and shows a card's share of a split one", async () => {
  const user = userEvent.setup();
  const byCard: Purchase = {
    ...purchase(1),
    provider: "gift_card",
    method: "gift_card",
    amountCents: 0,
    vatCents: 0,
    giftCardCents: 1500,
  };
  const returned: Purchase = {
    ...byCard,
    id: purchase(2).id,
    description: "Varaus 2",
    refundedCents: 1500,
    refundableCents: 0,
    refunds: [
      {
        amountCents: 1500,
        to: "gift_card",
        status: "succeeded",
        reason: "customer_cancel",
        createdAt: "2026-06-15T13:00:00+03:00",
      },
    ],
  };
  const split: Purchase = { ...purchase(3), amountCents: 500, paidCents: 1500, giftCardCents: 1000 };
  await app.render({ path: "/hallinta/ostokset", token: signedInWith(TOKEN) });
  await app.answerApi("GET", "/api/v2/admin/purchases", 200, page(1, [byCard, returned, split]));
  await screen.findByText("Varaus 1");

  const paidByCard = within(rowOf("Varaus 1"));
  expect(paidByCard.getAllByText("Lahjakortti")).toHaveLength(2); // the method and the provider
  expect(paidByCard.queryByText("Kortti")).toBeNull();
  // Its share can go back to the card: the whole 15,00 €, never 0,00 €.
  await user.click(paidByCard.getByRole("button", { name: "Palauta" }));
  expect(paidByCard.getByRole("group", { name: "Vahvista palautus" })).toHaveTextContent(
    /Palautetaanko 15,00\s€\?/,
  );

  const back = within(rowOf("Varaus 2"));
  expect(back.getByText(/^15,00\s€ lahjakortille \(palautettu\)$/)).toBeInTheDocument();
  expect(back.queryByRole("button", { name: "Palauta" })).toBeNull();
  expect(screen.queryByText(/0,00\s€\?/)).toBeNull();

  const splitRow = within(rowOf("Varaus 3"));
  expect(splitRow.getByText("Kortti")).toBeInTheDocument();
  expect(splitRow.getByText(/^15,00\s€$/)).toBeInTheDocument();
  expect(splitRow.getByText(/^josta lahjakortilla 10,00\s€$/)).toBeInTheDocument();
});
