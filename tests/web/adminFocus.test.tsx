// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PriceList, PriceRuleView } from "../../src/domain/admin/prices";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * Where focus goes in the admin area when what held it goes away (issue 32): a saved price's row
 * is drawn afresh, so focus moves to the same row's save button (a new price's own row); the phone
 * menu closed with Escape hands focus back to its button.
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
  membership: { commitmentDiscountPercent: 10, invoiceDueDays: 14, signupPaymentMinutes: 30 },
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
