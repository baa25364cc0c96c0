// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Purchase, PurchaseList } from "../../src/domain/admin/purchases";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * The ostokset page in the real admin area (token policy, HTTP client, section machine), with the
 * API answered by the test: it says how many payments match and the whole set's sums, and moves
 * between pages of the same filters; without dates it shows the window the server answered (the
 * last 30 days) and the CSV asks for those dates (issue 21).
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
  refundedCents: 0,
  kind: "reservation",
  description: `Varaus ${n}`,
  payerName: `Maksaja ${n}`,
  payerEmail: `maksaja${n}@example.com`,
  reservationId: null,
  refund: null,
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
