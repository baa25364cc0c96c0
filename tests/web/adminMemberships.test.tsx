// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MemberPage, MembershipList } from "../../src/domain/admin/memberships";
import { addDays, helsinkiDate, isoWeekday } from "../../src/domain/helsinkiClock";
import type { StandingSlot } from "../../src/domain/standingSlot";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";
import { invoiceFixture, SUBSCRIPTION_ID, subscriptionFixture } from "../support/membership";

/*
 * The jäsenyydet page in the real admin area (token policy, HTTP client, section machine), with
 * the API answered by the test: the filters live in the address and reach the API, a member opens
 * on a URL of their own with invoices, usage and bookings, and every action is confirmed first
 * and says what the server answered, in Finnish.
 */

const TOKEN = idToken("admin", BASE + 3_600_000);
const app = createAdminHarness();
afterEach(cleanup);

const CUSTOMER_ID = "3f0e9a52-1c2b-4d3e-8f4a-5b6c7d8e9f01";
const OPEN_ID = "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
const PAID_ID = "8d2e3f4a-5b6c-4d7e-9f0a-1b2c3d4e5f60";

const LIST: MembershipList = {
  memberships: [
    {
      id: SUBSCRIPTION_ID,
      customer_id: CUSTOMER_ID,
      name: "Anna Aalto",
      email: "anna@example.com",
      tier_level: 1,
      tier_name: "Perus",
      status: "active",
      commitment: "none",
      monthly_price_cents: 3900,
      start_date: "2026-05-01",
      commitment_end_date: null,
      access_ends_on: null,
      open_invoices: { count: 1, cents: 3900 },
      overdue_invoices: { count: 1, cents: 3900 },
      usage: { hours_used: 2, hours_quota: 8 },
      pending_tier_change: { tier_level: 3, tier_name: "Premium", hours_quota: 40, from: "2026-07-01" },
      pause: { starts_on: "2026-08-01", last_day: "2026-08-28", weeks: 4, current: false },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
  counts: { byStatus: [{ status: "active", count: 1 }], overdue: 1, overdueCents: 3900 },
  tiers: [
    { level: 1, name: "Perus" },
    { level: 2, name: "Plus" },
    { level: 3, name: "Premium" },
  ],
};

const STANDING_ID = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";
/** A series on Tuesdays whose weeks lie ahead of the day the test runs: two booked, one not had. */
function standingSeries(): StandingSlot {
  let first = addDays(helsinkiDate(new Date()), 1);
  while (isoWeekday(first) !== 2) first = addDays(first, 1);
  const week = (n: number, status: "booked" | "skipped") => ({
    date: addDays(first, 7 * n),
    status,
    start: `${addDays(first, 7 * n)}T17:00:00+02:00`,
    end: `${addDays(first, 7 * n)}T18:00:00+02:00`,
    reservation_id: status === "booked" ? `9e3f4a5b-6c7d-4e8f-8a1b-2c3d4e5f6a7${n}` : null,
    reason: status === "booked" ? null : "Aika on jo varattu.",
  });
  return {
    id: STANDING_ID,
    summary: "Joka viikko tiistaisin klo 17.00–18.00",
    weekday: 2,
    start_time: "17:00",
    minutes: 60,
    dogs: 1,
    reactive_dog: false,
    in_heat: false,
    first_date: first,
    weeks: 8,
    last_date: addDays(first, 49),
    ended_from: null,
    active: true,
    weeks_list: [week(0, "booked"), week(1, "skipped"), week(2, "booked")],
  };
}

const MEMBER: MemberPage = {
  customer: {
    id: CUSTOMER_ID,
    email: "anna@example.com",
    name: "Anna Aalto",
    phone: null,
    created_at: "2026-05-01T10:00:00+03:00",
    last_login_at: "2026-06-14T18:00:00+03:00",
  },
  subscriptions: [
    {
      ...subscriptionFixture({
        tier_level: 1,
        tier_name: "Perus",
        monthly_price_cents: 3900,
        usage: { hours_used: 2, hours_quota: 8, percent: 25 },
      }),
      created_at: "2026-05-01T10:00:00+03:00",
      activated_at: "2026-05-01T10:01:00+03:00",
      next_period_start: "2026-07-01",
      pending_tier_change: null,
    },
  ],
  invoices: [
    {
      ...invoiceFixture({ id: OPEN_ID, number: 1003, amount_cents: 3900, is_overdue: true }),
      subscription_id: SUBSCRIPTION_ID,
      email: "anna@example.com",
      voided_at: null,
      credited_at: null,
      credited_cents: null,
    },
    {
      ...invoiceFixture({
        id: PAID_ID,
        number: 1001,
        description: "Jäsenyys Perus 1.5.–31.5.2026",
        status: "void",
        paid_at: "2026-05-01T10:01:00+03:00",
      }),
      subscription_id: SUBSCRIPTION_ID,
      email: "anna@example.com",
      voided_at: "2026-06-10T12:00:00+03:00",
      credited_at: "2026-06-10T12:00:00+03:00",
      credited_cents: 3900,
    },
  ],
  usage: [
    {
      subscription_id: SUBSCRIPTION_ID,
      start: "2026-06-01",
      end: "2026-06-30",
      hours_used: 2,
      hours_quota: 8,
      hours_carried: 3,
      percent: 25,
      current: true,
    },
  ],
  reservations: [
    {
      id: "9e3f4a5b-6c7d-4e8f-8a1b-2c3d4e5f6a70",
      kind: "subscriber",
      areaName: "Koirapuisto",
      start: "2026-06-20T10:00:00+03:00",
      end: "2026-06-20T12:00:00+03:00",
      status: "confirmed",
      dogs: 1,
      hours: 2,
      priceCents: 0,
      doorUrl: null,
      accessToken: "x".repeat(43),
      cancellable: true,
      cancellableUntil: "2026-06-20T10:00:00+03:00",
      noShow: false,
    },
  ],
  standing: [standingSeries()],
  tiers: [
    { level: 1, name: "Perus", hours_quota: 8, monthly_price_cents: 3900 },
    { level: 3, name: "Premium", hours_quota: 40, monthly_price_cents: 8900 },
  ],
};

const search = () => app.router.search();
const apiCalled = (part: string) => app.calls.some((c) => c.url.includes(part));

describe("jäsenyydet", () => {
  it("keeps the filters in the address, sends them to the API, and opens a member on a URL of their own", async () => {
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/v2/jasenydet?taso=1&tila=active", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/memberships", 200, LIST);
    expect(apiCalled("/api/v2/admin/memberships?tier=1&status=active")).toBe(true);

    const table = await screen.findByRole("table", { name: "Jäsenyydet (1)" });
    const row = within(table).getByRole("row", { name: /Anna Aalto/ });
    expect(row).toHaveTextContent("Perus");
    expect(row).toHaveTextContent("→ Premium ke 1.7.2026 alkaen");
    expect(row).toHaveTextContent("Tauko la 1.8.2026–pe 28.8.2026");
    expect(row).toHaveTextContent("Voimassa");
    expect(row).toHaveTextContent("2 / 8 h");
    expect(row).toHaveTextContent(/1 kpl, 39,00\s€.*1 kpl, 39,00\s€/);
    expect(screen.getByText(/Erääntynyt lasku 1 jäsenellä, yhteensä 39,00\s€/)).toBeInTheDocument();
    expect(screen.getByLabelText("Tila")).toHaveValue("active");
    expect(screen.getByLabelText("Taso")).toHaveValue("1");

    await user.selectOptions(screen.getByLabelText("Erääntynyt lasku"), "true");
    await user.type(screen.getByLabelText("Nimi tai sähköposti"), "aalto");
    await user.click(screen.getByRole("button", { name: "Suodata" }));
    expect(search()).toBe("?taso=1&tila=active&myohassa=kylla&haku=aalto");
    await app.answerApi("GET", "/api/v2/admin/memberships", 200, LIST);
    expect(apiCalled("tier=1&status=active&overdue=true&q=aalto")).toBe(true);

    await user.click(await screen.findByRole("link", { name: "Anna Aalto" }));
    expect(search()).toBe(`?taso=1&tila=active&myohassa=kylla&haku=aalto&jasen=${CUSTOMER_ID}`);
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, MEMBER);
    await screen.findByRole("heading", { level: 2, name: "Anna Aalto" });
    expect(screen.getByRole("heading", { level: 3, name: "Jäsenyys Perus: Voimassa" })).toBeInTheDocument();
    const invoices = screen.getByRole("table", { name: "Laskut" });
    expect(within(invoices).getByRole("row", { name: /^1003/ })).toHaveTextContent("Erääntynyt");
    const credited = within(invoices).getByRole("row", { name: /^1001/ });
    expect(credited).toHaveTextContent("Hyvitetty");
    expect(credited).toHaveTextContent(/39,00\s€ palautettu/);
    const usage = screen.getByRole("table", { name: "Käyttö jaksoittain" });
    const current = within(usage).getByRole("row", { name: /\(kuluva\)/ });
    expect(current).toHaveTextContent("25 %");
    expect(current).toHaveTextContent("8 h+ 3 h siirtynyt");
    const bookings = screen.getByRole("table", { name: "Varaukset" });
    expect(within(bookings).getByRole("row", { name: /la 20\.6\.2026/ })).toHaveTextContent("Jäsenvaraus");

    // Back to the list as it was filtered.
    await user.click(screen.getByRole("link", { name: "← Takaisin jäsenyyksiin" }));
    expect(search()).toBe("?taso=1&tila=active&myohassa=kylla&haku=aalto");
    await app.answerApi("GET", "/api/v2/admin/memberships", 200, { ...LIST, memberships: [], total: 0 });
    await screen.findByText("Ei jäsenyyksiä valituilla ehdoilla.");
    expect(screen.getByLabelText("Nimi tai sähköposti")).toHaveValue("aalto");
  });

  it("asks before each action and says what the server answered, in Finnish", async () => {
    const user = userEvent.setup();
    await app.render({ path: `/hallinta/v2/jasenydet?jasen=${CUSTOMER_ID}`, token: signedInWith(TOKEN) });
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, MEMBER);

    // Cancel: the confirmation says what the member's rules mean here; nothing is sent before it.
    await user.click(await screen.findByRole("button", { name: "Irtisano jäsenen puolesta" }));
    const confirm = screen.getByRole("group", { name: "Vahvista: Irtisano jäsenen puolesta" });
    expect(confirm).toHaveTextContent("kuluvan jakson loppuun, ti 30.6.2026 asti");
    expect(apiCalled("/cancel")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Vahvista irtisanominen" }));
    await app.answerApi("POST", `/api/v2/admin/memberships/${SUBSCRIPTION_ID}/cancel`, 200, {
      message: "Jäsenyys irtisanottu. Jäsenyys on käytössä maksetun jakson loppuun, ti 30.6.2026 asti.",
    });
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, MEMBER);
    expect(await screen.findByText(/^Jäsenyys irtisanottu\./)).toBeInTheDocument();
    // The confirmation that held focus is gone: focus is on the membership's heading (issue 32).
    expect(screen.getByRole("heading", { name: /^Jäsenyys Perus/ })).toHaveFocus();

    // Void refused by the server: the reason is shown and the page stays.
    await user.click(screen.getByRole("button", { name: "Mitätöi lasku 1003" }));
    await user.click(screen.getByRole("button", { name: "Vahvista mitätöinti" }));
    await app.answerApi("POST", `/api/v2/admin/invoices/${OPEN_ID}/void`, 409, {
      message: "Lasku 1003 on liittymisen ensimmäinen lasku.",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Lasku 1003 on liittymisen ensimmäinen lasku.",
    );
    expect(screen.getByRole("table", { name: "Laskut" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sulje" }));

    // A tier change names the tier and the date before it is sent.
    await user.selectOptions(screen.getByLabelText("Uusi taso ke 1.7.2026 alkaen"), "3");
    await user.click(screen.getByRole("button", { name: "Vaihda taso" }));
    const tier = screen.getByRole("group", { name: "Vahvista tasomuutos" });
    expect(tier).toHaveTextContent("Premium-tasoon ke 1.7.2026 alkavasta jaksosta");
    expect(tier).toHaveTextContent("kiintiö on 40 h");
    await user.click(within(tier).getByRole("button", { name: "Vahvista tasomuutos" }));
    await app.answerApi("POST", `/api/v2/admin/memberships/${SUBSCRIPTION_ID}/tier-change`, 200, {
      message: "Taso vaihtuu Premium-tasoon ke 1.7.2026 alkavasta jaksosta.",
    });
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, MEMBER);
    expect(await screen.findByText(/^Taso vaihtuu Premium-tasoon/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /^Jäsenyys Perus/ })).toHaveFocus();

    // Resend of an overdue invoice says a reminder goes; "Peruuta" sends nothing.
    await user.click(screen.getByRole("button", { name: "Lähetä lasku 1003 uudelleen" }));
    expect(screen.getByRole("group", { name: "Vahvista: Lähetä lasku 1003 uudelleen" })).toHaveTextContent(
      "anna@example.com? Erääntyneestä laskusta lähtee maksumuistutus.",
    );
    await user.click(screen.getByRole("button", { name: "Peruuta" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: /Lähetä lasku 1003/ })).toBeNull());
    expect(apiCalled("/resend")).toBe(false);
    // Sent: focus is on the invoice's row, where the button was.
    await user.click(screen.getByRole("button", { name: "Lähetä lasku 1003 uudelleen" }));
    await user.click(screen.getByRole("button", { name: "Vahvista lähetys" }));
    await app.answerApi("POST", `/api/v2/admin/invoices/${OPEN_ID}/resend`, 200, {
      message: "Maksumuistutus lähetetty osoitteeseen anna@example.com.",
    });
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, MEMBER);
    expect(await screen.findByText(/^Maksumuistutus lähetetty/)).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "1003" }).closest("tr")).toHaveFocus();
    // A credited invoice is void: nothing left to credit or resend.
    expect(screen.queryByRole("button", { name: "Hyvitä lasku 1001" })).toBeNull();
  });

  it("lists the member's standing slots and ends one from its next week, asked first", async () => {
    const user = userEvent.setup();
    await app.render({ path: `/hallinta/v2/jasenydet?jasen=${CUSTOMER_ID}`, token: signedInWith(TOKEN) });
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, MEMBER);
    const table = await screen.findByRole("table", { name: "Vakiovuorot" });
    const series = MEMBER.standing[0]!;
    expect(table).toHaveTextContent("Joka viikko tiistaisin klo 17.00–18.00");
    expect(table).toHaveTextContent("8 viikkoa");
    expect(table).toHaveTextContent("2 varattu, 1 ei saatu");

    await user.click(within(table).getByRole("button", { name: `Päätä vakiovuoro ${series.summary}` }));
    const confirm = screen.getByRole("group", { name: `Vahvista: Päätä vakiovuoro ${series.summary}` });
    expect(confirm).toHaveTextContent(/päätetään .* alkaen: sen varaukset siitä eteenpäin perutaan/);
    expect(apiCalled("/standing-slots/")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Vahvista päättäminen" }));
    const sent = await app.answerApi("POST", `/api/v2/admin/standing-slots/${STANDING_ID}/end`, 200, {
      message: "Vakiovuoro päättyy ti 1.12.2026 alkaen. 2 varausta peruttiin.",
    });
    expect(JSON.parse(String(sent))).toEqual({ from: series.weeks_list[0]!.date });
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, MEMBER);
    expect(await screen.findByText(/^Vakiovuoro päättyy/)).toBeInTheDocument();
  });

  it("says a signup left unpaid as Keskeytynyt liittyminen, membership and invoice alike", async () => {
    const ABANDONED_ID = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";
    const abandoned: MemberPage = {
      ...MEMBER,
      subscriptions: [
        { ...MEMBER.subscriptions[0]!, id: ABANDONED_ID, status: "expired", activated_at: null },
      ],
      invoices: [
        {
          ...MEMBER.invoices[0]!,
          number: 1002,
          status: "void",
          is_overdue: false,
          subscription_id: ABANDONED_ID,
          voided_at: "2026-05-01T11:00:00+03:00",
        },
      ],
    };
    await app.render({ path: `/hallinta/v2/jasenydet?jasen=${CUSTOMER_ID}`, token: signedInWith(TOKEN) });
    await app.answerApi("GET", `/api/v2/admin/members/${CUSTOMER_ID}`, 200, abandoned);
    expect(
      await screen.findByRole("heading", { level: 3, name: "Jäsenyys Perus: Keskeytynyt liittyminen" }),
    ).toBeInTheDocument();
    const row = within(screen.getByRole("table", { name: "Laskut" })).getByRole("row", { name: /^1002/ });
    expect(row).toHaveTextContent("Keskeytynyt liittyminen");
    expect(row).not.toHaveTextContent("Mitätöity");
  });
});
