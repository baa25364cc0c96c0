// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PriceList, PriceRuleView } from "../../src/domain/admin/prices";
import type { AdminReservation, ReservationList } from "../../src/domain/admin/reservations";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * Where focus goes in the admin area when what held it goes away (issue 32): a saved price's row
 * is drawn afresh, so focus moves to the same row's save button (a new price's own row); the phone
 * menu closed with Escape hands focus back to its button; a booking cancelled from varaukset'
 * list keeps focus on its row, and a block removed gives it to the blocks' heading.
 */

const TOKEN = idToken("admin", BASE + 3_600_000);
const app = createAdminHarness();
afterEach(cleanup);

const TODAY = "2026-06-15";
const rule = (id: number, ruleId: number, name: string, priceCents: number, effectiveFrom = "2000-01-01") =>
  ({
    id,
    ruleId,
    name,
    lengthMinutes: 60,
    priceCents,
    weekdays: null,
    fromTime: null,
    toTime: null,
    priority: 0,
    active: true,
    effectiveFrom,
    effectiveUntil: null,
  }) satisfies PriceRuleView;

const prices = (priceRules: PriceRuleView[]): PriceList => ({
  today: TODAY,
  priceRules,
  membershipTiers: [],
  vatRates: [{ id: 1, rateBasisPoints: 2550, effectiveFrom: "2000-01-01", effectiveUntil: null }],
  membership: {
    commitmentDiscountPercent: 10,
    invoiceDueDays: 14,
    signupPaymentMinutes: 30,
    suspendAfterDays: 7,
    rolloverPercent: 100,
    pauseMaxWeeks: 12,
  },
  lengthsMinutes: [30, 60],
});

const saveButtonOf = (formName: string) =>
  within(screen.getByRole("form", { name: formName })).getByRole("button", {
    name: /^(Tallenna|Lisää hinta)$/,
  });

describe("hinnasto", () => {
  it("keeps focus on the saved price's row, a new price's own row, and the button of a refused save", async () => {
    const user = userEvent.setup();
    const evening = rule(2, 2, "Ilta", 1800);
    await app.render({ path: "/hallinta/hinnasto", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/prices", 200, prices([rule(1, 1, "Perus", 1500), evening]));

    // A changed price: a new version of rule 2 from today, with a new id.
    const price = within(screen.getByRole("form", { name: "Hinta Ilta" })).getByLabelText("Hinta €");
    await user.clear(price);
    await user.type(price, "19,00");
    await user.click(saveButtonOf("Hinta Ilta"));
    await app.answerApi("PUT", "/api/v2/admin/price-rules/2", 200, {
      priceRule: rule(5, 2, "Ilta", 1900, TODAY),
    });
    const afterChange = [rule(1, 1, "Perus", 1500), rule(5, 2, "Ilta", 1900, TODAY)];
    await app.answerApi("GET", "/api/v2/admin/prices", 200, prices(afterChange));
    expect(await screen.findByText("Hinta tallennettu.")).toBeInTheDocument();
    expect(saveButtonOf("Hinta Ilta")).toHaveFocus();

    // A new price: its row is known from the answer.
    const added = screen.getByRole("form", { name: "Uusi hinta" });
    await user.type(within(added).getByLabelText("Uusi hinta"), "Aamu");
    await user.type(within(added).getByLabelText("Hinta €"), "12,00");
    await user.click(saveButtonOf("Uusi hinta"));
    await app.answerApi("POST", "/api/v2/admin/price-rules", 201, {
      priceRule: rule(6, 3, "Aamu", 1200, TODAY),
    });
    await app.answerApi(
      "GET",
      "/api/v2/admin/prices",
      200,
      prices([...afterChange, rule(6, 3, "Aamu", 1200, TODAY)]),
    );
    await screen.findByRole("form", { name: "Hinta Aamu" });
    expect(saveButtonOf("Hinta Aamu")).toHaveFocus();

    // A refused save draws nothing new: focus stays on the button, by the server's words.
    await user.click(saveButtonOf("Hinta Perus"));
    await app.answerApi("PUT", "/api/v2/admin/price-rules/1", 400, { message: "Hinta puuttuu." });
    expect(await screen.findByRole("alert")).toHaveTextContent("Hinta puuttuu.");
    expect(saveButtonOf("Hinta Perus")).toHaveFocus();
  });
});

describe("varaukset", () => {
  const booking: AdminReservation = {
    id: "11111111-1111-4111-8111-111111111111",
    areaId: 1,
    areaName: "Iso alue",
    start: "2026-06-16T10:00:00+03:00",
    end: "2026-06-16T11:00:00+03:00",
    status: "confirmed",
    kind: "single",
    name: "Ansa Asiakas",
    email: "ansa@example.com",
    phone: null,
    dogs: 1,
    priceCents: 1500,
    paymentStatus: "paid",
    cancelledAt: null,
    cancelReason: null,
    createdAt: "2026-06-10T12:00:00+03:00",
  };
  const block = {
    id: 7,
    areaId: null,
    areaName: null,
    start: "2026-06-17T08:00:00+03:00",
    end: "2026-06-17T09:00:00+03:00",
    reason: "Aidan huolto",
  };
  const week = (reservations: AdminReservation[], blocks: (typeof block)[]): ReservationList => ({
    reservations,
    blocks,
    areas: [{ id: 1, name: "Iso alue", active: true }],
    days: [],
  });
  const RANGE = "/api/v2/admin/reservations?from=2026-06-15&to=2026-06-21";

  it("keeps focus on a cancelled booking's row, and gives a removed block's to the blocks' heading", async () => {
    const user = userEvent.setup();
    await app.render({
      path: "/hallinta/varaukset?nakyma=lista&paiva=2026-06-16",
      token: signedInWith(TOKEN),
    });
    await app.answerApi("GET", RANGE, 200, week([booking], [block]));

    await user.click(await screen.findByRole("button", { name: "Peru ja palauta" }));
    await user.click(screen.getByRole("button", { name: "Vahvista peruminen" }));
    await app.answerApi("POST", `/api/v2/admin/reservations/${booking.id}/cancel`, 200, {
      message: "Varaus peruttu ja 15,00 € palautettu.",
    });
    await app.answerApi("GET", RANGE, 200, week([{ ...booking, status: "cancelled" }], [block]));
    expect(await screen.findByText("Varaus peruttu ja 15,00 € palautettu.")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: /Ansa Asiakas/ }).closest("tr")).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Selvä" }));
    await user.click(screen.getByRole("button", { name: "Poista sulku" }));
    await app.answerApi("DELETE", "/api/v2/admin/blocks/7", 200, { message: "Sulku poistettu." });
    await app.answerApi("GET", RANGE, 200, week([{ ...booking, status: "cancelled" }], []));
    expect(await screen.findByText("Ei sulkuja näinä päivinä.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sulut" })).toHaveFocus();
  });
});

describe("the phone menu", () => {
  it("closes with Escape and gives focus back to its button", async () => {
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/hinnasto", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/prices", 200, prices([]));
    const button = screen.getByRole("button", { name: "Valikko" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    screen.getByRole("link", { name: "Talous" }).focus();
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });
});
