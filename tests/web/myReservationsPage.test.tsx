// @vitest-environment jsdom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { storageKeys } from "../../src/client/storage";
import { MyReservationsPage } from "../../src/web/pages/booking/MyReservationsPage";
import {
  apiError,
  createFakeApi,
  publicReservation,
  renderBookingRoute,
  type FakeApi,
} from "../machines/bookingPathSupport";

/* /oma-varaus against a fake API (the server has its own tests); storage is the browser's own. */

const NOW = new Date("2026-06-16T08:00:00+03:00");
const upcoming = publicReservation(
  "11111111-1111-4111-8111-111111111111",
  "2026-06-20T10:00:00+03:00",
  "2026-06-20T11:00:00+03:00",
);
const soon = publicReservation(
  "22222222-2222-4222-8222-222222222222",
  "2026-06-16T18:00:00+03:00",
  "2026-06-16T18:30:00+03:00",
  {
    cancellable: false,
    cancellableUntil: "2026-06-15T18:00:00+03:00",
    confirmedAt: "2026-06-12T09:30:00+03:00",
  },
);
const past = publicReservation(
  "33333333-3333-4333-8333-333333333333",
  "2026-06-01T10:00:00+03:00",
  "2026-06-01T11:00:00+03:00",
  {
    cancellable: false,
  },
);
const gone = {
  id: "44444444-4444-4444-8444-444444444444",
  start: "2026-06-25T10:00:00+03:00",
  end: "2026-06-25T11:00:00+03:00",
};

const store = (...items: Array<{ id: string; start: string; end: string }>) =>
  localStorage.setItem(
    storageKeys.reservations,
    JSON.stringify(
      items.map((r) => ({ id: r.id, accessToken: `access-${r.id}`, start: r.start, endTime: r.end })),
    ),
  );

let fake: FakeApi;
const user = userEvent.setup({ delay: null });
const renderPage = (path = "/oma-varaus", now = () => NOW) =>
  renderBookingRoute("/oma-varaus", path, <MyReservationsPage />, {
    api: fake.api,
    now,
    redirectToPayment: () => {
      throw new Error("not here");
    },
  });

beforeEach(() => {
  localStorage.clear();
  fake = createFakeApi({
    byToken: async (token: string) => {
      const found = [upcoming, soon, past].find((r) => r.accessToken === token);
      if (!found) throw apiError(404, "Varausta ei löytynyt.");
      return found;
    },
  });
});

test("without stored bookings it says so, points to the e-mail's link and links to the calendar", async () => {
  renderPage();
  expect(await screen.findByText("Tässä selaimessa ei ole tallennettuja varauksia.")).toBeInTheDocument();
  expect(screen.getByText(/Vahvistusviestissä on linkki/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Varaa aika" })).toHaveAttribute("href", "/varauskalenteri");
  expect(fake.calls()).toEqual([]);
});

test("a booking made inside the window says it was, not that its window 'ended' before it was made", async () => {
  // Booked at 7.00 for 18.00 the same day: the window (24 h) had closed before it was made.
  const late = { ...soon, confirmedAt: "2026-06-16T07:00:00+03:00" };
  fake = createFakeApi({ byToken: async () => late });
  store(late);
  renderPage();
  const card = (await screen.findByRole("heading", { name: "ti 16.6.2026 klo 18.00–18.30" })).closest("li")!;
  expect(
    await within(card).findByText(
      "Varaus tehtiin alle 24 tuntia ennen alkua, joten sitä ei voi perua eikä siirtää.",
    ),
  ).toBeInTheDocument();
  expect(within(card).queryByText(/päättyi/)).not.toBeInTheDocument();
  expect(within(card).queryByRole("button", { name: "Peru varaus" })).not.toBeInTheDocument();
});

test("lists today's booking first, then those to come soonest first, then past ones apart", async () => {
  store(past, upcoming, gone, soon);
  renderPage();
  const section = (name: string) => within(screen.getByRole("heading", { name }).closest("section")!);
  await screen.findByRole("heading", { name: "Nyt ja tänään" });
  expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
    "Nyt ja tänään",
    "Tulevat varaukset",
    "Menneet ja perutut varaukset",
    // The booking look-up ("Lähetä varaukseni sähköpostiini") comes after the lists.
    "Varaus toisella laitteella?",
  ]);
  const today = section("Nyt ja tänään");
  expect(today.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
    "ti 16.6.2026 klo 18.00–18.30",
  ]);
  // Inside the cancellation window there is no cancel button, only why.
  const soonCard = today.getByRole("listitem");
  expect(within(soonCard).queryByRole("button", { name: "Peru varaus" })).not.toBeInTheDocument();
  expect(
    within(soonCard).getByText("Peruutus- ja siirtoaika päättyi ma 15.6.2026 klo 18.00."),
  ).toBeInTheDocument();

  const coming = section("Tulevat varaukset");
  expect(coming.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
    "la 20.6.2026 klo 10.00–11.00",
    "to 25.6.2026 klo 10.00–11.00",
  ]);
  // A booking the server no longer knows is marked, not fatal.
  expect(coming.getByText("Varausta ei löytynyt. Se on ehkä poistettu.")).toBeInTheDocument();
  const upcomingCard = coming.getAllByRole("listitem")[0]!;
  expect(within(upcomingCard).getByText("Vahvistettu")).toBeInTheDocument();
  expect(within(upcomingCard).getByText("15,00 €")).toBeInTheDocument();
  expect(within(upcomingCard).getByRole("link", { name: "Avaa portti" })).toHaveAttribute(
    "href",
    `/avaa/door-${upcoming.id}`,
  );
  expect(within(upcomingCard).getByRole("button", { name: "Peru varaus" })).toBeEnabled();

  const pastSection = section("Menneet ja perutut varaukset");
  expect(pastSection.getByText("ma 1.6.2026 klo 10.00–11.00")).toBeInTheDocument();
  expect(pastSection.queryByRole("link", { name: "Avaa portti" })).not.toBeInTheDocument();
  expect(fake.calls("byToken")).toHaveLength(4);
});

test("a booking under way is listed first, and a cancelled one moves under the past ones", async () => {
  const underWay = publicReservation(
    "55555555-5555-4555-8555-555555555555",
    "2026-06-16T07:30:00+03:00",
    "2026-06-16T08:30:00+03:00",
    { cancellable: false },
  );
  const cancelled = { ...upcoming, status: "cancelled" as const, cancellable: false, doorUrl: null };
  fake = createFakeApi({
    byToken: async (token: string) => [underWay, cancelled].find((r) => r.accessToken === token)!,
  });
  store(cancelled, underWay);
  renderPage();
  const today = within((await screen.findByRole("heading", { name: "Nyt ja tänään" })).closest("section")!);
  expect(today.getByText("ti 16.6.2026 klo 7.30–8.30")).toBeInTheDocument();
  expect(today.getByRole("link", { name: "Avaa portti" })).toHaveAttribute(
    "href",
    `/avaa/door-${underWay.id}`,
  );
  expect(screen.queryByRole("heading", { name: "Tulevat varaukset" })).not.toBeInTheDocument();
  const gonePast = within(
    screen.getByRole("heading", { name: "Menneet ja perutut varaukset" }).closest("section")!,
  );
  expect(gonePast.getByText("la 20.6.2026 klo 10.00–11.00")).toBeInTheDocument();
  expect(gonePast.getByText("Peruttu")).toBeInTheDocument();
});

test("when a refresh fails, the gate link read before stays, and 'Päivitä tiedot' tries again", async () => {
  let failing = false;
  fake = createFakeApi({
    byToken: async () => {
      if (failing) throw apiError(500, "Palvelimella tapahtui virhe.");
      return upcoming;
    },
  });
  store(upcoming);
  renderPage();
  await screen.findByRole("link", { name: "Avaa portti" });
  failing = true;
  // Another tab changed the kept bookings: the page reads them again, and the API fails.
  await act(async () => {
    window.dispatchEvent(new StorageEvent("storage", { key: storageKeys.reservations }));
  });
  expect(
    await screen.findByText("Varauksen tietoja ei saatu päivitettyä. Palvelimella tapahtui virhe."),
  ).toBeInTheDocument();
  expect(screen.getByText("Alla ovat viimeksi haetut tiedot.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Avaa portti" })).toHaveAttribute(
    "href",
    `/avaa/door-${upcoming.id}`,
  );

  failing = false;
  await user.click(screen.getByRole("button", { name: "Päivitä tiedot" }));
  await waitFor(() =>
    expect(screen.queryByText(/Varauksen tietoja ei saatu päivitettyä/)).not.toBeInTheDocument(),
  );
  expect(screen.getByRole("link", { name: "Avaa portti" })).toBeInTheDocument();
});

test("cancelling asks first; 'Älä peru' sends nothing, 'Kyllä, peru' cancels and shows the refund", async () => {
  store(upcoming);
  renderPage();
  await user.click(await screen.findByRole("button", { name: "Peru varaus" }));
  expect(screen.getByText("Haluatko varmasti perua varauksen?")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Älä peru" }));
  expect(screen.queryByText("Haluatko varmasti perua varauksen?")).not.toBeInTheDocument();
  expect(fake.calls("cancel")).toEqual([]);

  await user.click(screen.getByRole("button", { name: "Peru varaus" }));
  await user.click(screen.getByRole("button", { name: "Kyllä, peru" }));
  expect(await screen.findByText("Perutaan varausta…")).toBeInTheDocument();
  expect(
    await fake.settle("cancel", {
      value: {
        success: true,
        message: "Varaus peruttu. Palautamme 15,00 € maksutavallesi.",
        reservation: {
          ...upcoming,
          status: "cancelled",
          cancellable: false,
          doorUrl: null,
          payment: { method: "card", status: "refunded", refundedCents: 1500 },
        },
      },
    }),
  ).toEqual([upcoming.accessToken]);
  // The refund is said once, in the server's words.
  expect(await screen.findByRole("status")).toHaveTextContent(
    /^Varaus peruttu\. Palautamme 15,00 € maksutavallesi\.$/,
  );
  expect(screen.getByText("Peruttu")).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Avaa portti" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Peru varaus" })).not.toBeInTheDocument();
});

test("a refused cancel shows the server's reason and keeps the booking", async () => {
  store(upcoming);
  renderPage();
  await user.click(await screen.findByRole("button", { name: "Peru varaus" }));
  await user.click(screen.getByRole("button", { name: "Kyllä, peru" }));
  await fake.settle("cancel", {
    error: apiError(409, "Varauksen voi perua viimeistään 24 tuntia ennen alkua."),
  });
  expect(
    await screen.findByText("Varauksen voi perua viimeistään 24 tuntia ennen alkua."),
  ).toBeInTheDocument();
  expect(screen.getByText("Vahvistettu")).toBeInTheDocument();
});

test("the receipt's link opens the booking on another device and keeps it there", async () => {
  store(past);
  renderPage(`/oma-varaus?varaus=${upcoming.accessToken}`);
  expect(await screen.findByText("la 20.6.2026 klo 10.00–11.00")).toBeInTheDocument();
  const kept = JSON.parse(localStorage.getItem(storageKeys.reservations)!) as Array<{ accessToken: string }>;
  expect(kept.map((e) => e.accessToken)).toEqual([past.accessToken, upcoming.accessToken]);
});

test("an unknown booking link adds nothing", async () => {
  renderPage("/oma-varaus?varaus=no-such-token");
  expect(await screen.findByText("Tässä selaimessa ei ole tallennettuja varauksia.")).toBeInTheDocument();
  expect(localStorage.getItem(storageKeys.reservations)).toBeNull();
});

test("a failed load says so with a retry, and never that the browser keeps no bookings", async () => {
  // A failed look-up only marks its booking; the load as a whole fails on what comes after, here
  // the clock it reads last.
  let clockFails = true;
  store(upcoming);
  renderPage("/oma-varaus", () => {
    if (!clockFails) return NOW;
    clockFails = false;
    throw new Error("Kello ei ole käytettävissä.");
  });
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Varausten lataaminen epäonnistui.");
  expect(screen.queryByText("Tässä selaimessa ei ole tallennettuja varauksia.")).not.toBeInTheDocument();

  await user.click(within(alert).getByRole("button", { name: "Yritä uudelleen" }));
  expect(await screen.findByText("la 20.6.2026 klo 10.00–11.00")).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
