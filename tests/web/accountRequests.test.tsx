// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { writeStoredSession } from "../../src/client/customerSession";
import { http } from "../../src/client/http";
import { storageKeys } from "../../src/client/storage";
import { appAt } from "../support/appRouter";
import { reloadSiteInfo } from "../../src/web/useSiteInfo";
import { invoiceFixture, subscriptionFixture } from "../support/membership";
import { siteFixture } from "../support/site";

/*
 * Spec §7's last line: identical simultaneous GETs for the subscription and the invoices are
 * shared into one request. The real app (route table, providers, the app's one http client) is
 * mounted at /oma-tili under StrictMode, as main.tsx mounts it; only the browser's fetch is fake
 * (the API server is outside the view unit), and it counts the requests that reach it.
 */

const customer = {
  id: "c-1",
  email: "ansa@example.com",
  name: "Ansa",
  phone: null,
  createdAt: "2026-05-01T09:00:00Z",
};
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** A session token the browser can read (spec §5 decodes `exp`; only the server checks signatures). */
const sessionToken = () =>
  `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url({ sub: customer.id, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;

const answers: Record<string, unknown> = {
  "/api/v2/site": siteFixture(4),
  "/api/v2/customers/me": { customer },
  "/api/v2/subscriptions/me": { subscription: subscriptionFixture() },
  "/api/v2/invoices/me": { invoices: [invoiceFixture()], more: false },
  "/api/v2/reservations/me": { reservations: [] },
  "/api/v2/reservations/standing": { standing: [] },
};
let requests: Map<string, number>;

beforeEach(() => {
  localStorage.clear();
  reloadSiteInfo();
  requests = new Map();
  vi.stubGlobal("fetch", async (url: string) => {
    const path = url.split("?")[0]!;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    // A server that takes a moment: the callers that ask meanwhile find the request in flight.
    await new Promise((resolve) => setTimeout(resolve, 30));
    return path in answers
      ? Response.json(answers[path])
      : Response.json({ message: "Ei löytynyt." }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderApp(path: string) {
  const app = await appAt(path);
  return act(async () => {
    render(<StrictMode>{app.element}</StrictMode>);
  });
}

test("the account page's simultaneous GETs of the subscription and the invoices go out once", async () => {
  writeStoredSession(sessionToken(), customer);
  // A booking ahead: the header's "Omat varaukset" then depends on the membership alone.
  localStorage.setItem(
    storageKeys.reservations,
    JSON.stringify([
      {
        id: "r1",
        accessToken: "a1",
        start: "2099-06-01T09:00:00+03:00",
        endTime: "2099-06-01T10:00:00+03:00",
      },
    ]),
  );
  const asked = vi.spyOn(http, "get");

  await renderApp("/oma-tili");

  // Three components show the subscription: the membership section, the member bookings' quota
  // and the header (an active member gets no "Omat varaukset" link).
  const membership = await screen.findByRole("region", { name: "Jäsenyys" });
  expect(await within(membership).findByText("Voimassa")).toBeInTheDocument();
  const bookings = screen.getByRole("region", { name: "Varaukset" });
  expect(await within(bookings).findByText(/12 h \/ 16 h/)).toBeInTheDocument();
  const nav = screen.getByRole("navigation", { name: "Päävalikko" });
  expect(within(nav).queryByRole("link", { name: "Omat varaukset" })).toBeNull();
  // The invoices section, started twice by StrictMode, asked twice at once.
  const invoices = screen.getByRole("region", { name: "Laskut" });
  expect(await within(invoices).findByText(/Lasku 1002/)).toBeInTheDocument();
  const asks = (path: string) => asked.mock.calls.filter(([p]) => p === path).length;
  expect(asks("/api/v2/invoices/me")).toBeGreaterThan(1);

  // Each went out once.
  expect(requests.get("/api/v2/subscriptions/me")).toBe(1);
  expect(requests.get("/api/v2/invoices/me")).toBe(1);
});

test("back from paying, the success page's check and the app's subscription share one request", async () => {
  writeStoredSession(sessionToken(), customer);
  const asked = vi.spyOn(http, "get");

  await renderApp(`/subscription/success?subscription=${subscriptionFixture().id}`);

  expect(await screen.findByRole("heading", { level: 1, name: "Tervetuloa jäseneksi!" })).toBeInTheDocument();
  // The page's activation check and the app's shared subscription actor asked at the same time.
  expect(asked.mock.calls.filter(([p]) => p === "/api/v2/subscriptions/me").length).toBeGreaterThan(1);
  expect(requests.get("/api/v2/subscriptions/me")).toBe(1);
});

test("Oma tili says which tier the next period brings when an admin has changed it", async () => {
  writeStoredSession(sessionToken(), customer);
  const pending = { tier_level: 1, tier_name: "Perus", hours_quota: 8, from: "2026-07-01" };
  answers["/api/v2/subscriptions/me"] = {
    subscription: subscriptionFixture({ pending_tier_change: pending }),
  };
  try {
    await renderApp("/oma-tili");
    const membership = await screen.findByRole("region", { name: "Jäsenyys" });
    expect(await within(membership).findByText("Tasomuutos")).toBeInTheDocument();
    expect(within(membership).getByText("Perus (8 h/kk) ke 1.7.2026 alkaen")).toBeInTheDocument();
  } finally {
    answers["/api/v2/subscriptions/me"] = { subscription: subscriptionFixture() };
  }
});

test("Oma tili says when an unpaid invoice suspends the membership, that it has, and where to pay", async () => {
  writeStoredSession(sessionToken(), customer);
  const unpaid = {
    invoice_id: invoiceFixture().id,
    invoice_number: 1002,
    due_date: "2026-06-10",
    suspended_from: "2026-06-17",
    suspended: false,
  };
  const answer = (suspended: boolean) =>
    (answers["/api/v2/subscriptions/me"] = {
      subscription: subscriptionFixture({ unpaid: { ...unpaid, suspended } }),
    });
  try {
    // Within the grace: the last day to pay; the member still books.
    answer(false);
    await renderApp("/oma-tili");
    const membership = await screen.findByRole("region", { name: "Jäsenyys" });
    expect(
      await within(membership).findByText(
        "Lasku nro 1002 erääntyi ke 10.6.2026. Maksa se viimeistään ti 16.6.2026, muuten jäsenyytesi keskeytetään: jäsenvaraukset ja niiden porttilinkit eivät silloin toimi.",
      ),
    ).toBeInTheDocument();
    expect(within(membership).getByText("Voimassa")).toBeInTheDocument();
    expect(within(membership).getByRole("link", { name: "Siirry laskuihin" })).toHaveAttribute(
      "href",
      "#invoices-heading",
    );
    const bookings = screen.getByRole("region", { name: "Varaukset" });
    expect(await within(bookings).findByRole("button", { name: "Varaa jäsenaika" })).toBeEnabled();
    cleanup();

    // Suspended: why, since when, and no member booking (nor moving one) until it is paid.
    answer(true);
    answers["/api/v2/reservations/me"] = {
      reservations: [
        {
          id: "00000000-0000-4000-8000-000000000001",
          kind: "subscriber",
          areaName: "Koirapuisto",
          start: "2099-06-01T09:00:00+03:00",
          end: "2099-06-01T10:00:00+03:00",
          status: "confirmed",
          dogs: 1,
          hours: 1,
          priceCents: 0,
          doorUrl: "https://koirapuisto.example/avaa/door-1",
          accessToken: "access-1",
          cancellable: true,
          cancellableUntil: "2099-06-01T09:00:00+03:00",
          movable: true,
          noShow: false,
        },
      ],
    };
    await renderApp("/oma-tili");
    const suspended = await screen.findByRole("region", { name: "Jäsenyys" });
    expect(await within(suspended).findByText("Keskeytetty ke 17.6.2026 alkaen")).toBeInTheDocument();
    const why =
      "Jäsenyytesi on keskeytetty, koska lasku nro 1002 (eräpäivä ke 10.6.2026) on maksamatta. Maksa se Oma tili -sivulla, niin jäsenvaraukset ja niiden porttilinkit toimivat taas heti.";
    expect(within(suspended).getByText(why)).toBeInTheDocument();
    const stopped = screen.getByRole("region", { name: "Varaukset" });
    expect(await within(stopped).findByText(why, { exact: false })).toBeInTheDocument();
    expect(within(stopped).getByRole("button", { name: "Varaa jäsenaika" })).toBeDisabled();
    expect(await within(stopped).findByRole("button", { name: "Siirrä varaus" })).toBeDisabled();
    expect(within(stopped).getByRole("button", { name: "Peru varaus" })).toBeEnabled();
  } finally {
    answers["/api/v2/reservations/me"] = { reservations: [] };
    answers["/api/v2/subscriptions/me"] = { subscription: subscriptionFixture() };
  }
});

test("Oma tili counts the hours carried from the last period, and says until when they last", async () => {
  writeStoredSession(sessionToken(), customer);
  answers["/api/v2/subscriptions/me"] = {
    subscription: subscriptionFixture({ carried: { hours: 3, until: "2026-06-30" } }),
  };
  try {
    await renderApp("/oma-tili");
    const carried = "Edelliseltä jaksolta siirtyi 3 h, käytettävissä ti 30.6.2026 asti.";
    const membership = await screen.findByRole("region", { name: "Jäsenyys" });
    expect(await within(membership).findByText(carried)).toBeInTheDocument();
    // 16 h of the period's own and 3 carried, 4 used.
    const bookings = screen.getByRole("region", { name: "Varaukset" });
    expect(await within(bookings).findByText("Jäljellä 15 h / 19 h tällä jaksolla")).toBeInTheDocument();
    expect(within(bookings).getByText(carried)).toBeInTheDocument();
  } finally {
    answers["/api/v2/subscriptions/me"] = { subscription: subscriptionFixture() };
  }
});
