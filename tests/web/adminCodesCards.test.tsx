// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminDiscountCode } from "../../src/domain/admin/discountCodes";
import type { AdminGiftCard } from "../../src/domain/admin/giftCards";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * The alennuskoodit and lahjakortit pages in the real admin area (token policy, HTTP client,
 * section machine), with the API answered by the test: a gift card's code is shown once and
 * printable, the list masks it; a discount code's form sends what the admin typed, shows the
 * server's refusal, and a code's uses open from the list.
 */

const TOKEN = idToken("admin", BASE + 3_600_000);
const app = createAdminHarness();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A list's column names: every column has one, its buttons' too (read by screen readers only). */
const columnsWithActions = (...names: string[]) => [...names, "Toiminnot"];

const CARD: AdminGiftCard = {
  id: "11111111-1111-4111-8111-111111111111",
  maskedCode: "••••-••••-••••-NPQR",
  initialCents: 2550,
  balanceCents: 2550,
  active: true,
  status: "active",
  validUntil: "2027-06-30",
  note: "Arvonnan voittaja",
  createdAt: "2026-06-15T12:00:00+03:00",
};

describe("lahjakortit", () => {
  it("shows a new card's code once, prints it, and lists the card masked", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/lahjakortit", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/gift-cards", 200, {
      giftCards: [],
      total: 0,
      page: 1,
      pageSize: 100,
    });
    await screen.findByText("Lahjakortteja ei löytynyt.");

    await user.type(screen.getByLabelText("Arvo €"), "25,50");
    await user.type(screen.getByLabelText("Viimeinen voimassaolopäivä (vapaaehtoinen)"), "2027-06-30");
    await user.click(screen.getByRole("button", { name: "Luo lahjakortti" }));
    await app.answerApi("POST", "/api/v2/admin/gift-cards", 201, {
      message: "Lahjakortti 25,50 € luotu. Koodi näytetään vain nyt: tulosta tai kirjoita se talteen.",
      giftCard: CARD,
      code: "ABCD-EFGH-JKLM-NPQR",
    });
    await app.answerApi("GET", "/api/v2/admin/gift-cards", 200, {
      giftCards: [CARD],
      total: 1,
      page: 1,
      pageSize: 100,
    });

    const card = await screen.findByRole("article", { name: "Tulostettava lahjakortti" });
    // The form is empty again: the same card is not issued twice by accident.
    expect(screen.getByLabelText("Arvo €")).toHaveValue("");
    // Focus is on the new card, so its code is what a screen reader reads next.
    await waitFor(() => expect(screen.getByRole("heading", { name: "Lahjakortti luotu" })).toHaveFocus());
    expect(within(card).getByText("ABCD-EFGH-JKLM-NPQR")).toBeInTheDocument();
    expect(within(card).getByText(/^25,50\s€$/)).toBeInTheDocument();
    expect(within(card).getByText("ke 30.6.2027 asti")).toBeInTheDocument();
    const list = await screen.findByRole("table", { name: "Lahjakortit" });
    expect(within(list).getByText("••••-••••-••••-NPQR")).toBeInTheDocument();
    expect(list).not.toHaveTextContent("ABCD");
    expect(
      within(list)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(columnsWithActions("Koodi", "Arvo", "Saldo", "Tila", "Voimassa", "Muistiinpano", "Luotu"));

    await user.click(screen.getByRole("button", { name: "Tulosta kortti" }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Koodi on talletettu, sulje" }));
    expect(screen.queryByText("ABCD-EFGH-JKLM-NPQR")).toBeNull();
  });

  it("pages the card list with the shared previous and next", async () => {
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/lahjakortit", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/gift-cards", 200, {
      giftCards: [CARD],
      total: 150,
      page: 1,
      pageSize: 100,
    });
    expect(await screen.findByRole("table", { name: "Lahjakortit" })).toHaveTextContent(
      "150 korttia, sivu 1 / 2",
    );
    expect(screen.getByRole("button", { name: "Edellinen sivu" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Seuraava sivu" }));
    // The next page is asked for by its number (the prefix must match the request).
    await app.answerApi("GET", "/api/v2/admin/gift-cards?page=2", 200, {
      giftCards: [{ ...CARD, id: "22222222-2222-4222-8222-222222222222", maskedCode: "••••-••••-••••-WXYZ" }],
      total: 150,
      page: 2,
      pageSize: 100,
    });
    await waitFor(() =>
      expect(screen.getByRole("table", { name: "Lahjakortit" })).toHaveTextContent("sivu 2 / 2"),
    );
    expect(screen.getByText("••••-••••-••••-WXYZ")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Seuraava sivu" })).toBeDisabled();
  });

  it("opens a card's history and deactivates it", async () => {
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/lahjakortit", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/gift-cards", 200, {
      giftCards: [CARD],
      total: 1,
      page: 1,
      pageSize: 100,
    });
    await user.click(await screen.findByRole("button", { name: "Historia ••••-••••-••••-NPQR" }));
    await app.answerApi("GET", "/api/v2/admin/gift-cards", 200, {
      giftCards: [CARD],
      total: 1,
      page: 1,
      pageSize: 100,
    });
    await app.answerApi("GET", `/api/v2/admin/gift-cards/${CARD.id}`, 200, {
      giftCard: { ...CARD, balanceCents: 1050 },
      transactions: [
        {
          id: 1,
          kind: "issue",
          amountCents: 2550,
          balanceAfterCents: 2550,
          note: null,
          createdAt: CARD.createdAt,
          payment: null,
        },
        {
          id: 2,
          kind: "redeem",
          amountCents: -1500,
          balanceAfterCents: 1050,
          note: null,
          createdAt: "2026-06-16T09:00:00+03:00",
          payment: { id: "p-1", status: "paid", kind: "reservation", description: "Varaus la 20.6.2026" },
        },
      ],
    });
    const history = await screen.findByRole("table", { name: "Kortin ••••-••••-••••-NPQR tapahtumat" });
    expect(within(history).getByText("Maksettu kortilla")).toBeInTheDocument();
    expect(within(history).getByText("Varaus la 20.6.2026")).toBeInTheDocument();
    expect(within(history).getByText(/^−15,00\s€$/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Poista käytöstä ••••-••••-••••-NPQR" }));
    await app.answerApi("POST", `/api/v2/admin/gift-cards/${CARD.id}/deactivate`, 200, {
      message: "Lahjakortti ••••-••••-••••-NPQR poistettu käytöstä.",
      giftCard: { ...CARD, active: false, status: "inactive" },
    });
    const inactive = { ...CARD, active: false, status: "inactive" };
    await app.answerApi("GET", "/api/v2/admin/gift-cards", 200, {
      giftCards: [inactive],
      total: 1,
      page: 1,
      pageSize: 100,
    });
    await app.answerApi("GET", `/api/v2/admin/gift-cards/${CARD.id}`, 200, {
      giftCard: inactive,
      transactions: [],
    });
    expect(await screen.findByText(/poistettu käytöstä\./)).toBeInTheDocument();
    // The list is drawn afresh: focus is back on the same card's button, now the other way round.
    expect(screen.getByRole("button", { name: "Ota käyttöön ••••-••••-••••-NPQR" })).toHaveFocus();
  });
});

const CODE: AdminDiscountCode = {
  id: 7,
  code: "KEVAT10",
  kind: "percent",
  percentOff: 10,
  amountOffCents: null,
  validFrom: null,
  validUntil: "2026-06-30",
  maxUses: 5,
  usedCount: 1,
  active: true,
  description: "Kevätkampanja",
  createdAt: "2026-06-01T10:00:00+03:00",
};

describe("alennuskoodit", () => {
  it("lists codes with their uses, shows a refusal, and opens a code's uses", async () => {
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/alennuskoodit", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/discount-codes", 200, { discountCodes: [CODE] });
    const list = await screen.findByRole("table", { name: "Alennuskoodit" });
    const row = within(list).getByText("KEVAT10").closest("tr")!;
    expect(row).toHaveTextContent("10 %");
    expect(row).toHaveTextContent("1 / 5");
    expect(row).toHaveTextContent("ti 30.6.2026 asti");
    expect(row).toHaveTextContent("Käytössä");
    expect(
      within(list)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(columnsWithActions("Koodi", "Alennus", "Voimassa", "Käytöt", "Tila", "Kuvaus"));

    const form = screen.getByRole("form", { name: "Uusi alennuskoodi" });
    await user.type(within(form).getByLabelText("Koodi"), "kesa5");
    await user.selectOptions(within(form).getByLabelText("Alennuksen tyyppi"), "fixed");
    await user.type(within(form).getByLabelText("Alennus (% tai €)"), "5,00");
    await user.click(within(form).getByRole("button", { name: "Luo alennuskoodi" }));
    await app.answerApi("POST", "/api/v2/admin/discount-codes", 409, {
      message: "Samanlainen alennuskoodi on jo olemassa. Valitse toinen koodi.",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Samanlainen alennuskoodi on jo olemassa.");
    await user.click(screen.getByRole("button", { name: "Sulje" }));

    await user.click(screen.getByRole("button", { name: "Käytöt KEVAT10" }));
    await app.answerApi("GET", "/api/v2/admin/discount-codes", 200, { discountCodes: [CODE] });
    await app.answerApi("GET", "/api/v2/admin/discount-codes/7/uses", 200, {
      discountCode: CODE,
      uses: [
        {
          id: 1,
          status: "used",
          amountCents: 150,
          createdAt: "2026-06-15T12:00:00+03:00",
          releasedAt: null,
          reservation: {
            id: "r-1",
            name: "Ansa Asiakas",
            email: "ansa@example.com",
            start: "2026-06-20T10:00:00+03:00",
            end: "2026-06-20T11:00:00+03:00",
            status: "confirmed",
          },
        },
      ],
    });
    const uses = await screen.findByRole("table", { name: "Koodin KEVAT10 käytöt" });
    expect(within(uses).getByText("Ansa Asiakas")).toBeInTheDocument();
    expect(within(uses).getByText(/^1,50\s€$/)).toBeInTheDocument();
    expect(within(uses).getByText("Käytetty")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});
