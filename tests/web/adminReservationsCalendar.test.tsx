// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type {
  AdminReservation,
  ReservationDetails,
  ReservationList,
} from "../../src/domain/admin/reservations";
import { datesBetween, toHelsinkiIso, wallClock } from "../../src/domain/helsinkiTime";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * Varaukset's day and week views in the real admin area, the API answered by the test: the range
 * each view asks for, where bookings and blocks land in the grid, a booking opening its details,
 * an empty hour starting a manual booking or a block, a week with the autumn DST change, and a
 * search answered a page at a time.
 * The harness's clock is Monday 15 June 2026, 12.00 in Helsinki.
 */

const TOKEN = idToken("admin", BASE + 3_600_000);
const at = (date: string, time: string) => toHelsinkiIso(wallClock(date, time));
const RANGE = "/api/v2/admin/reservations?";

const booking = (
  id: string,
  date: string,
  from: string,
  to: string,
  extra: Partial<AdminReservation> = {},
): AdminReservation => ({
  id,
  areaId: 1,
  areaName: "Iso alue",
  start: at(date, from),
  end: at(date, to),
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
  ...extra,
});

const ANSA = booking("11111111-1111-4111-8111-111111111111", "2026-06-16", "10:00", "11:30");
const PHONE = booking("22222222-2222-4222-8222-222222222222", "2026-06-18", "12:00", "13:00", {
  areaId: 2,
  areaName: "Pieni alue",
  kind: "admin",
  name: "Puhelinvaraus",
  paymentStatus: null,
  priceCents: 0,
});
const CANCELLED = booking("33333333-3333-4333-8333-333333333333", "2026-06-16", "14:00", "15:00", {
  status: "cancelled",
  name: "Peruttu Pertti",
});
const AREAS = [
  { id: 1, name: "Iso alue", active: true },
  { id: 2, name: "Pieni alue", active: true },
];
const openDays = (from: string, to: string, opens = "08:00", closes = "20:00") =>
  datesBetween(from, to).map((date) => ({ date, opens: at(date, opens), closes: at(date, closes) }));

const WEEK: ReservationList = {
  reservations: [ANSA, PHONE, CANCELLED],
  blocks: [
    {
      id: 7,
      areaId: null,
      areaName: null,
      start: at("2026-06-17", "08:00"),
      end: at("2026-06-17", "09:00"),
      reason: "Aidan huolto",
    },
  ],
  areas: AREAS,
  days: openDays("2026-06-15", "2026-06-21"),
};

// A week's grid is hundreds of cells: skipping the per-element visibility check keeps role queries
// fast in jsdom (nothing on this page is hidden from assistive technology by CSS).
configure({ defaultHidden: true });

const app = createAdminHarness();
const user = userEvent.setup({ delay: null });
afterEach(() => cleanup());

// Role queries over the whole page are slow in jsdom once a week's grid is on it, so the page-wide
// lookups go by text; the day view's test checks the roles themselves (caption, headers).
const grid = () => screen.getByText(/^(Viikko|Päivä) /, { selector: "caption" }).closest("table")!;
const findGrid = async (caption: string) =>
  (await screen.findByText(caption, { selector: "caption" })).closest("table")!;
const button = (name: string) => screen.getByText(name, { selector: "button" });
// Headers found by their scope (the table's own semantics): role queries over a whole grid are slow in jsdom.
const headers = () => [...grid().querySelectorAll('thead th[scope="col"]')].map((h) => h.textContent);
const rowHeaders = () => [...grid().querySelectorAll<HTMLElement>('tbody th[scope="row"]')];
const rowOf = (hour: string) =>
  rowHeaders()
    .find((h) => h.textContent === hour)!
    .closest("tr")!;
/** The grid cell in the row of `hour` under the column headed `heading`. */
const cellAt = (hour: string, heading: string) =>
  rowOf(hour).querySelectorAll<HTMLElement>("td")[headers().indexOf(heading) - 1]!;

describe("varaukset calendars", () => {
  it("shows the week around today with bookings and blocks in their hours", async () => {
    await app.render({ token: signedInWith(TOKEN) });
    await app.answerApi("GET", `${RANGE}from=2026-06-15&to=2026-06-21`, 200, WEEK);

    expect(await findGrid("Viikko ma 15.6.2026 – su 21.6.2026")).toBeInTheDocument();
    expect(headers()).toEqual([
      "Klo",
      "ma 15.6.2026",
      "ti 16.6.2026",
      "ke 17.6.2026",
      "to 18.6.2026",
      "pe 19.6.2026",
      "la 20.6.2026",
      "su 21.6.2026",
    ]);
    const ansa = within(cellAt("10.00", "ti 16.6.2026")).getByRole("button", { name: /Ansa Asiakas/ });
    expect(ansa).toHaveTextContent("10.00–11.30 Ansa AsiakasVahvistettu, maksettu · Iso alue");
    expect(cellAt("11.00", "ti 16.6.2026")).toHaveTextContent("jatkuu: Ansa Asiakas");
    expect(within(cellAt("12.00", "to 18.6.2026")).getByRole("button")).toHaveTextContent(
      "Puhelinvaraus" + "Vahvistettu, ilman maksua · Pieni alue",
    );
    expect(cellAt("8.00", "ke 17.6.2026")).toHaveTextContent("Sulku 8.00–9.00: Aidan huolto (kaikki alueet)");
    // Cancelled bookings are in the list view only.
    expect(within(grid()).queryByText(/Peruttu Pertti/)).toBeNull();
    expect(within(cellAt("14.00", "ti 16.6.2026")).getByRole("button")).toHaveAccessibleName(
      "Vapaa ti 16.6.2026 klo 14.00: lisää varaus tai sulku",
    );
  });

  it("steps a week at a time, keeps the view in the address, and comes back to today", async () => {
    await app.render({ token: signedInWith(TOKEN) });
    await app.answerApi("GET", `${RANGE}from=2026-06-15&to=2026-06-21`, 200, WEEK);
    await findGrid("Viikko ma 15.6.2026 – su 21.6.2026");
    await user.click(button("Seuraava viikko"));
    await app.answerApi("GET", `${RANGE}from=2026-06-22&to=2026-06-28`, 200, {
      ...WEEK,
      reservations: [],
      blocks: [],
      days: openDays("2026-06-22", "2026-06-28"),
    });
    expect(await findGrid("Viikko ma 22.6.2026 – su 28.6.2026")).toBeInTheDocument();
    expect(app.router.search()).toBe("?nakyma=viikko&paiva=2026-06-22");
    await user.click(button("Tänään"));
    await app.answerApi("GET", `${RANGE}from=2026-06-15&to=2026-06-21`, 200, WEEK);
    expect(await findGrid("Viikko ma 15.6.2026 – su 21.6.2026")).toBeInTheDocument();
  });

  it("shows a day with the areas as columns, or only the chosen area", async () => {
    await app.render({
      path: "/hallinta/varaukset?nakyma=paiva&paiva=2026-06-18",
      token: signedInWith(TOKEN),
    });
    await app.answerApi("GET", `${RANGE}from=2026-06-18&to=2026-06-18`, 200, {
      ...WEEK,
      reservations: [PHONE],
      blocks: [],
      days: openDays("2026-06-18", "2026-06-18", "10:00", "16:00"),
    });
    expect(await screen.findByRole("table", { name: "Päivä to 18.6.2026" })).toBeInTheDocument();
    expect(headers()).toEqual(["Klo", "Iso alue", "Pieni alue"]);
    expect(within(grid()).getAllByRole("columnheader")).toHaveLength(3);
    expect(within(grid()).getAllByRole("rowheader")).toHaveLength(6);
    expect(rowHeaders().map((h) => h.textContent)).toEqual([
      "10.00",
      "11.00",
      "12.00",
      "13.00",
      "14.00",
      "15.00",
    ]);
    expect(cellAt("12.00", "Pieni alue")).toHaveTextContent("Puhelinvaraus");
    expect(within(cellAt("12.00", "Iso alue")).getByRole("button")).toHaveAccessibleName(
      "Vapaa to 18.6.2026 klo 12.00, Iso alue: lisää varaus tai sulku",
    );

    await user.selectOptions(screen.getByLabelText("Näytettävä alue"), "Pieni alue");
    expect(headers()).toEqual(["Klo", "Pieni alue"]);

    await user.click(button("Edellinen päivä"));
    await app.answerApi("GET", `${RANGE}from=2026-06-17&to=2026-06-17`, 200, {
      ...WEEK,
      reservations: [],
      days: openDays("2026-06-17", "2026-06-17"),
    });
    expect(await findGrid("Päivä ke 17.6.2026")).toBeInTheDocument();
  });

  it("opens a booking's details from the grid, with the cancel actions", async () => {
    await app.render({ token: signedInWith(TOKEN) });
    await app.answerApi("GET", `${RANGE}from=2026-06-15&to=2026-06-21`, 200, WEEK);
    await findGrid("Viikko ma 15.6.2026 – su 21.6.2026");
    await user.click(within(cellAt("10.00", "ti 16.6.2026")).getByRole("button", { name: /Ansa Asiakas/ }));
    const details: ReservationDetails = {
      reservation: ANSA,
      payments: [],
      doorEvents: [],
      attendance: { attendedAt: null, noShow: false, customerEndedBookings: 3, customerNoShows: 1 },
      doorUrl: "https://koirapuisto.example/avaa/ansan-ovi",
    };
    await app.answerApi("GET", `/api/v2/admin/reservations/${ANSA.id}`, 200, details);
    const heading = await screen.findByRole("heading", { name: "Varauksen tiedot" });
    const panel = heading.closest("section")!;
    await waitFor(() => expect(within(panel).getByText("Porttia ei ole avattu.")).toBeInTheDocument());
    expect(heading).toHaveFocus();
    // The door link the customer was sent, for an admin to pass on (a manual booking's caller).
    expect(within(panel).getByText("Portin avauslinkki", { selector: "dt" })).toBeInTheDocument();
    expect(
      within(panel).getByRole("link", { name: "https://koirapuisto.example/avaa/ansan-ovi" }),
    ).toHaveAttribute("href", "https://koirapuisto.example/avaa/ansan-ovi");
    expect(within(panel).getByRole("button", { name: "Peru ja palauta" })).toBeEnabled();
    expect(within(panel).getByRole("button", { name: "Peru ilman palautusta" })).toBeEnabled();
  });

  it("moves a booking from its panel: the form starts from its times, the server's word is shown", async () => {
    await app.render({ token: signedInWith(TOKEN) });
    await app.answerApi("GET", `${RANGE}from=2026-06-15&to=2026-06-21`, 200, WEEK);
    await findGrid("Viikko ma 15.6.2026 – su 21.6.2026");
    await user.click(within(cellAt("10.00", "ti 16.6.2026")).getByRole("button", { name: /Ansa Asiakas/ }));
    await app.answerApi("GET", `/api/v2/admin/reservations/${ANSA.id}`, 200, {
      reservation: ANSA,
      payments: [],
      doorEvents: [],
      attendance: { attendedAt: null, noShow: false, customerEndedBookings: 0, customerNoShows: 0 },
      doorUrl: null,
    } satisfies ReservationDetails);
    const form = await screen.findByRole("form", { name: "Siirrä varaus" });
    expect(within(form).getByLabelText("Uusi päivä")).toHaveValue("2026-06-16");
    expect(within(form).getByLabelText("Alkaa klo")).toHaveValue("10:00");
    expect(within(form).getByLabelText("Kesto (min)")).toHaveValue(90);
    await user.clear(within(form).getByLabelText("Alkaa klo"));
    await user.type(within(form).getByLabelText("Alkaa klo"), "14:00");
    await user.click(within(form).getByRole("button", { name: "Siirrä varaus" }));
    const moved = { ...ANSA, start: at("2026-06-16", "14:00"), end: at("2026-06-16", "15:30") };
    await app.answerApi("POST", `/api/v2/admin/reservations/${ANSA.id}/move`, 200, {
      message: "Varaus siirretty: ti 16.6.2026 klo 14.00–15.30.",
      reservation: moved,
    });
    await app.answerApi("GET", `${RANGE}from=2026-06-15&to=2026-06-21`, 200, {
      ...WEEK,
      reservations: [moved, PHONE, CANCELLED],
    });
    await screen.findByText("Varaus siirretty: ti 16.6.2026 klo 14.00–15.30.");
  });

  it("starts a manual booking or a block from an empty hour", async () => {
    await app.render({
      path: "/hallinta/varaukset?nakyma=paiva&paiva=2026-06-18",
      token: signedInWith(TOKEN),
    });
    await app.answerApi("GET", `${RANGE}from=2026-06-18&to=2026-06-18`, 200, {
      ...WEEK,
      reservations: [PHONE],
      blocks: [],
      days: openDays("2026-06-18", "2026-06-18"),
    });
    await findGrid("Päivä to 18.6.2026");
    await user.click(
      within(cellAt("14.00", "Pieni alue")).getByRole("button", {
        name: "Vapaa to 18.6.2026 klo 14.00, Pieni alue: lisää varaus tai sulku",
      }),
    );
    const picked = screen.getByRole("region", { name: "Valittu aika" });
    expect(picked).toHaveTextContent("Valittu aika: to 18.6.2026 klo 14.00, Pieni alue.");

    const manual = screen.getByText("Lisää varaus ilman maksua", { selector: "h2" }).closest("section")!;
    expect(within(manual).getByLabelText("Alue")).toHaveValue("2");
    expect(within(manual).getByLabelText("Päivä")).toHaveValue("2026-06-18");
    expect(within(manual).getByLabelText("Alkaa klo")).toHaveValue("14:00");
    await user.click(within(picked).getByRole("button", { name: "Varaa tämä aika" }));
    expect(within(manual).getByLabelText("Nimi")).toHaveFocus();

    const block = screen.getByText("Lisää sulku", { selector: "h2" }).closest("section")!;
    expect(within(block).getByLabelText("Alue")).toHaveValue("2");
    expect(within(block).getByLabelText("Alkaa päivänä")).toHaveValue("2026-06-18");
    expect(
      within(block)
        .getAllByLabelText("klo")
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(["14:00", "15:00"]);
    await user.click(within(picked).getByRole("button", { name: "Sulje tämä aika" }));
    expect(within(block).getByLabelText("Syy")).toHaveFocus();

    await user.type(within(manual).getByLabelText("Nimi"), "Soittaja");
    await user.type(within(manual).getByLabelText("Sähköposti"), "soittaja@example.com");
    await user.click(within(manual).getByRole("button", { name: "Lisää varaus" }));
    await app.answerApi("POST", "/api/v2/admin/reservations", 201, {
      reservation: booking("44444444-4444-4444-8444-444444444444", "2026-06-18", "14:00", "15:00", {
        areaId: 2,
        areaName: "Pieni alue",
        kind: "admin",
        name: "Soittaja",
      }),
    });
    await app.answerApi("GET", `${RANGE}from=2026-06-18&to=2026-06-18`, 200, {
      ...WEEK,
      reservations: [PHONE],
      blocks: [],
      days: openDays("2026-06-18", "2026-06-18"),
    });
    await screen.findByText("Varaus lisätty.");
    // Made: the chosen hour is let go and the form starts empty again.
    expect(screen.queryByRole("region", { name: "Valittu aika" })).toBeNull();
    const fresh = screen.getByText("Lisää varaus ilman maksua", { selector: "h2" }).closest("section")!;
    expect(within(fresh).getByLabelText("Nimi")).toHaveValue("");
    expect(within(fresh).getByLabelText("Alkaa klo")).toHaveValue("12:00");
  });

  it("gives the week of the autumn change its 25th hour on the Sunday", async () => {
    await app.render({
      path: "/hallinta/varaukset?nakyma=viikko&paiva=2026-10-25",
      token: signedInWith(TOKEN),
    });
    await app.answerApi("GET", `${RANGE}from=2026-10-19&to=2026-10-25`, 200, {
      reservations: [],
      blocks: [],
      areas: AREAS,
      days: openDays("2026-10-19", "2026-10-25", "00:00", "24:00"),
    });
    await findGrid("Viikko ma 19.10.2026 – su 25.10.2026");
    const hours = rowHeaders().map((h) => h.textContent);
    expect(hours).toHaveLength(25);
    expect(hours.slice(2, 6)).toEqual(["2.00", "3.00", "3.00 (talviaika)", "4.00"]);
    const repeated = rowOf("3.00 (talviaika)");
    const cells = [...repeated.querySelectorAll("td")];
    expect(cells.slice(0, 6).every((c) => !within(c).queryByRole("button"))).toBe(true);
    expect(within(cells[6]!).getByRole("button")).toHaveAccessibleName(
      "Vapaa su 25.10.2026 klo 3.00: lisää varaus tai sulku",
    );
  });
});

describe("varaukset search", () => {
  it("shows a search's newest bookings a page at a time, the next page while older ones match", async () => {
    await app.render({ token: signedInWith(TOKEN) });
    await app.answerApi("GET", `${RANGE}from=2026-06-15&to=2026-06-21`, 200, WEEK);
    await findGrid("Viikko ma 15.6.2026 – su 21.6.2026");
    await user.type(screen.getByLabelText("Hae nimellä tai sähköpostilla"), "ansa");
    await user.click(button("Hae"));
    const found = { ...WEEK, blocks: [], days: [] };
    await app.answerApi("GET", `${RANGE}q=ansa`, 200, {
      ...found,
      reservations: [ANSA],
      search: { page: 1, pageSize: 25, more: true },
    });
    expect(await screen.findByText("Haku: ”ansa”, uusimmat ensin")).toBeInTheDocument();
    expect(button("Edellinen sivu")).toBeDisabled();
    await user.click(button("Seuraava sivu"));
    const older = booking("44444444-4444-4444-8444-444444444444", "2025-05-12", "10:00", "11:00");
    await app.answerApi("GET", `${RANGE}q=ansa&page=2`, 200, {
      ...found,
      reservations: [older],
      search: { page: 2, pageSize: 25, more: false },
    });
    expect(await screen.findByText("Haku: ”ansa”, uusimmat ensin, sivu 2")).toBeInTheDocument();
    expect(screen.getByText(/ma 12\.5\.2025/)).toBeInTheDocument();
    expect(button("Seuraava sivu")).toBeDisabled();
    await user.click(button("Edellinen sivu"));
    await app.answerApi("GET", `${RANGE}q=ansa&page=1`, 200, {
      ...found,
      reservations: [ANSA],
      search: { page: 1, pageSize: 25, more: true },
    });
    expect(await screen.findByText("Haku: ”ansa”, uusimmat ensin")).toBeInTheDocument();
  });
});
