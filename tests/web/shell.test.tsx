// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type NonIndexRouteObject, type RouteObject } from "react-router-dom";
import { announceReservationsChanged, storageKeys } from "../../src/client/storage";
import type { SiteInfo } from "../../src/domain/site";
import { routes } from "../../src/web/router";
import { appAt, memoryApp } from "../support/appRouter";
import { NETWORK_ERROR_MESSAGE } from "../../src/web/layout/ErrorScreen";
import { reloadSiteInfo } from "../../src/web/useSiteInfo";
import { tiersFixture } from "../support/membership";

/*
 * The SPA shell (spec §1-§2) through the real route table. The view test runs no server, so the
 * one call the shell makes, GET /api/v2/site, is answered by a stub of the browser's fetch.
 */
const site: SiteInfo = {
  park: {
    name: "Testipuisto",
    streetAddress: "Koiratie 5",
    postalCode: "00100",
    city: "Helsinki",
    companyName: "Testipuisto Oy",
    businessId: "1234567-1",
    email: "posti@testipuisto.fi",
    phone: "+358 50 765 4321",
    feedbackUrl: "https://palaute.example.com/lomake",
    latitude: 60.1699,
    longitude: 24.9384,
  },
  openingHours: {
    weekly: [
      ...Array.from({ length: 5 }, () => ({ opens: "06:00", closes: "22:00" })),
      null,
      { opens: "08:00", closes: "20:00" },
    ],
  },
  arrival: "Pysäköi puiston omalle pysäköintialueelle portin viereen.",
  notice: "Puisto on suljettu juhannuksena.",
  // Not the seeded defaults; a fact the owner left empty (null) is not shown.
  facts: {
    areaSquareMeters: 3200,
    fence: "2 m korkea puuaita",
    surface: "Hake ja nurmi",
    water: null,
    lighting: "Led-valot",
    parking: null,
  },
  slotRules: {
    lengthsMinutes: [30, 60, 90, 120],
    bookingWindowDays: 60,
    cancellationHours: 24,
    maxDogs: 4,
    holdMinutes: 15,
  },
  dogRules: { extraDogPriceCents: 0, reactiveDogBufferMinutes: 15, inHeatGapMinutes: 30 },
  // Not the seeded defaults, so a page that states a fixed text instead of these is caught.
  door: { opensBeforeMinutes: 10, closesAfterMinutes: 15 },
  invoiceDueDays: 21,
  suspendAfterDays: 7,
  rolloverPercent: 100,
  pauseMaxWeeks: 12,
  vatRateBasisPoints: 2550,
  prices: [
    { lengthMinutes: 30, priceCents: 900 },
    { lengthMinutes: 60, priceCents: 1650 },
    { lengthMinutes: 90, priceCents: 2100 },
    { lengthMinutes: 120, priceCents: 2700 },
  ],
};

type SiteAnswer = "ok" | "fail" | "pending";
let siteRequests = 0;
// A "pending" answer is held until the test ends (the app's one http client would otherwise keep
// sharing the unsettled request with the next test).
let releasePending: (() => void)[] = [];

function answerSiteWith(answer: SiteAnswer) {
  siteRequests = 0;
  vi.stubGlobal("fetch", async (url: string) => {
    // The home page's membership prices come from the tiers the server sells.
    if (url.startsWith("/api/v2/subscriptions/tiers")) return Response.json(tiersFixture());
    if (url.startsWith("/api/v2/photos")) return Response.json({ photos: [] });
    if (!url.startsWith("/api/v2/site")) throw new TypeError(`unexpected request ${url}`);
    siteRequests += 1;
    if (answer === "pending") {
      return new Promise<Response>((resolve) =>
        releasePending.push(() => resolve(Response.json({ message: "Liian myöhään" }, { status: 503 }))),
      );
    }
    if (answer === "fail") return Response.json({ message: "Palvelu ei vastaa." }, { status: 503 });
    return Response.json(site);
  });
}

/** Renders the app at `path` and lets the site-info request settle inside act. */
async function renderAt(path: string) {
  const app = await appAt(path);
  await act(async () => {
    render(app.element);
    await new Promise((r) => setTimeout(r, 10));
  });
  return app;
}

const header = () => screen.queryByRole("navigation", { name: "Päävalikko" });
const footer = () => screen.getByRole("contentinfo");
const linkTargets = (container: HTMLElement) =>
  within(container)
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);

const storeReservationEnding = (endTime: string) =>
  localStorage.setItem(
    storageKeys.reservations,
    JSON.stringify([{ id: "r1", accessToken: "a1", start: "2026-06-01T09:00:00+03:00", endTime }]),
  );

beforeEach(() => {
  localStorage.clear();
  reloadSiteInfo();
  answerSiteWith("ok");
  // jsdom does not lay out or scroll; record what the app asks of the window instead.
  vi.stubGlobal("scrollTo", vi.fn());
});
afterEach(async () => {
  cleanup();
  releasePending.forEach((release) => release());
  releasePending = [];
  await new Promise((r) => setTimeout(r, 0));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("header", () => {
  it("has spec §1's links in order, pointing at their routes", async () => {
    await renderAt("/");
    expect(linkTargets(header()!)).toEqual([
      ["Etusivu", "/"],
      ["Varauskalenteri", "/varauskalenteri"],
      ["Ohjeet tulijoille", "/ohjeet-tulijoille"],
      ["Jäsenyys", "/jasenyys"],
      ["Oma tili", "/oma-tili"],
    ]);
  });

  it("marks the current page's link", async () => {
    await renderAt("/ohjeet-tulijoille");
    expect(within(header()!).getByRole("link", { name: "Ohjeet tulijoille" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(header()!).getByRole("link", { name: "Etusivu" })).not.toHaveAttribute("aria-current");
  });

  it("is hidden by route metadata where the route says so, while the footer stays", async () => {
    await renderAt("/avaa/abc");
    expect(header()).toBeNull();
    expect(footer()).toBeInTheDocument();
  });
});

describe("the Omat varaukset link", () => {
  // The link's rule is about the clock, so the clock is the test's: it starts at NOW and only
  // creeps on with real time (for the renders' own waits); minutes pass when the test says so.
  const NOW = new Date("2026-06-16T12:00:00+03:00");
  const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
  const ownLink = () => within(header()!).queryByRole("link", { name: "Omat varaukset" });
  beforeEach(() => vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("shows while a stored reservation's end plus 10 minutes is ahead, before Oma tili", async () => {
    storeReservationEnding(minutesFromNow(-9));
    await renderAt("/");
    expect(ownLink()).toHaveAttribute("href", "/oma-varaus");
    const names = within(header()!)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(names.slice(-2)).toEqual(["Omat varaukset", "Oma tili"]);
  });

  it("is absent when the stored reservation ended more than 10 minutes ago, or storage holds junk", async () => {
    storeReservationEnding(minutesFromNow(-11));
    await renderAt("/");
    expect(ownLink()).toBeNull();
    localStorage.setItem(storageKeys.reservations, "{not json");
    act(() => announceReservationsChanged());
    expect(ownLink()).toBeNull();
  });

  it("appears when this tab announces a new reservation, and when another tab stores one", async () => {
    await renderAt("/");
    expect(ownLink()).toBeNull();
    storeReservationEnding(minutesFromNow(60));
    act(() => announceReservationsChanged());
    expect(ownLink()).toBeInTheDocument();

    localStorage.removeItem(storageKeys.reservations);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: storageKeys.reservations }));
    });
    expect(ownLink()).toBeNull();
  });

  it("is re-evaluated on navigation", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderAt("/");
    // Written without any announcement, as code that forgot to announce would.
    storeReservationEnding(minutesFromNow(30));
    expect(ownLink()).toBeNull();
    await user.click(within(header()!).getByRole("link", { name: "Ohjeet tulijoille" }));
    expect(ownLink()).toBeInTheDocument();
  });

  it("disappears by itself when the 10 minutes after the end run out", async () => {
    // Ended 9 minutes ago: a minute left.
    storeReservationEnding(minutesFromNow(-9));
    await renderAt("/");
    expect(ownLink()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(50_000));
    expect(ownLink()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(ownLink()).toBeNull();
  });
});

describe("footer", () => {
  it("shows the park's details from GET /api/v2/site, its links and the copyright line", async () => {
    await renderAt("/");
    const f = footer();
    expect(await within(f).findByRole("link", { name: "posti@testipuisto.fi" })).toHaveAttribute(
      "href",
      "mailto:posti@testipuisto.fi",
    );
    expect(within(f).getByRole("link", { name: "+358 50 765 4321" })).toHaveAttribute(
      "href",
      "tel:+358507654321",
    );
    expect(f).toHaveTextContent("Testipuisto OyY-tunnus 1234567-1");
    expect(f).toHaveTextContent("Koiratie 5");
    expect(f).toHaveTextContent("00100 Helsinki");
    expect(f).toHaveTextContent("Avoinna ma–pe 6.00–22.00, la suljettu, su 8.00–20.00");
    expect(f).toHaveTextContent(`© ${new Date().getFullYear()} Testipuisto Oy`);
    expect(linkTargets(within(f).getByRole("navigation"))).toEqual([
      ["Oma varaus", "/oma-varaus"],
      ["Maksuehdot", "/maksuehdot"],
      ["Tietosuojaseloste", "/tietosuojaseloste"],
      ["Palaute", "/palaute"],
      ["Ylläpito", "/hallinta"],
    ]);
  });

  it("renders its links while the site info is still loading", async () => {
    answerSiteWith("pending");
    await renderAt("/");
    const f = footer();
    expect(within(f).getByRole("link", { name: "Maksuehdot" })).toBeInTheDocument();
    expect(f).toHaveTextContent("Ladataan yhteystietoja…");
    expect(f).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });

  it("renders its links and says so when the site info fails", async () => {
    answerSiteWith("fail");
    await renderAt("/");
    const f = footer();
    expect(await within(f).findByText("Yhteystietoja ei saatu ladattua.")).toBeInTheDocument();
    expect(within(f).getByRole("link", { name: "Tietosuojaseloste" })).toBeInTheDocument();
    expect(within(header()!).getByRole("link", { name: "Etusivu" })).toBeInTheDocument();
  });

  it("shares one request between the header, the footer and the page, and keeps it across pages", async () => {
    const user = userEvent.setup();
    await renderAt("/");
    await within(footer()).findByText(/Y-tunnus/);
    await user.click(within(footer()).getByRole("link", { name: "Maksuehdot" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Maksuehdot" })).toBeInTheDocument();
    expect(siteRequests).toBe(1);
  });
});

describe("mobile menu", () => {
  it("toggles the links with an accessible Valikko button and closes on navigation", async () => {
    const user = userEvent.setup();
    const router = await renderAt("/");
    const button = screen.getByRole("button", { name: "Valikko" });
    const list = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(list).toContainElement(within(header()!).getByRole("link", { name: "Jäsenyys" }));
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(list).not.toHaveClass("is-open");

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(list).toHaveClass("is-open");

    await user.click(within(list).getByRole("link", { name: "Jäsenyys" }));
    expect(router.here()).toBe("/jasenyys");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(list).not.toHaveClass("is-open");
  });

  it("closes with Escape, and the focus goes back to its button from the link it was on", async () => {
    const user = userEvent.setup();
    await renderAt("/");
    const button = screen.getByRole("button", { name: "Valikko" });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole("link", { name: "Etusivu" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });
});

describe("navigation", () => {
  it("scrolls to the top when moving to another page", async () => {
    const user = userEvent.setup();
    await renderAt("/");
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await user.click(within(footer()).getByRole("link", { name: "Tietosuojaseloste" }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it.each(["/omat-varaukset", "/oma"])("redirects %s to /oma-varaus", async (path) => {
    const router = await renderAt(path);
    expect(router.here()).toBe("/oma-varaus");
  });

  it("shows the not-found page for an unknown path, with a way home", async () => {
    await renderAt("/ei-tallaista-sivua");
    expect(screen.getByRole("heading", { level: 1, name: "Sivua ei löytynyt" })).toBeInTheDocument();
    expect(screen.getByText("/ei-tallaista-sivua")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Etusivulle" })).toHaveAttribute("href", "/");
    expect(header()).not.toBeNull();
  });
});

describe("page titles and descriptions", () => {
  const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute("content");

  it("give each route its own tab title with the park's name, changing on navigation", async () => {
    const user = userEvent.setup();
    await renderAt("/");
    expect(document.title).toBe("Testipuisto – aidattu koirapuisto omalle porukalle");
    const home = description();
    expect(home).toMatch(/Varaa koko aidattu koirapuisto/);

    await user.click(within(header()!).getByRole("link", { name: "Varauskalenteri" }));
    expect(document.title).toBe("Varauskalenteri – Testipuisto");
    expect(description()).toMatch(/vapaat ajat/);
    expect(description()).not.toBe(home);

    await user.click(within(footer()).getByRole("link", { name: "Maksuehdot" }));
    expect(document.title).toBe("Maksuehdot – Testipuisto");
  });

  it.each([
    ["/ohjeet-tulijoille", "Ohjeet tulijoille – Testipuisto"],
    ["/jasenyys", "Jäsenyys – Testipuisto"],
    ["/tietosuojaseloste", "Tietosuojaseloste – Testipuisto"],
    ["/oma-varaus", "Oma varaus – Testipuisto"],
    ["/login", "Kirjaudu sisään – Testipuisto"],
    ["/palaute", "Palaute – Testipuisto"],
    ["/avaa/abc", "Portti – Testipuisto"],
    ["/ei-tallaista-sivua", "Sivua ei löytynyt – Testipuisto"],
  ])("%s is titled %s", async (path, title) => {
    await renderAt(path);
    expect(document.title).toBe(title);
    expect(description()).toBeTruthy();
  });
});

describe("global error screen", () => {
  // The real route table with one extra page that fails while rendering.
  function renderBrokenPage(thrown: unknown) {
    const Broken = () => {
      throw thrown;
    };
    const [root, ...rest] = routes as [NonIndexRouteObject, ...RouteObject[]];
    const withBroken: RouteObject[] = [
      { ...root, children: [{ path: "/rikki", element: <Broken /> }, ...root.children!] },
      ...rest,
    ];
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the caught error
    render(memoryApp(withBroken, "/rikki").element);
  }

  it("catches an error thrown while a page renders and shows its message", async () => {
    renderBrokenPage(new Error("Varauksia ei voitu näyttää."));
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("heading", { level: 1, name: "Jokin meni pieleen" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("Varauksia ei voitu näyttää.");
    expect(within(alert).getByRole("button", { name: "Lataa sivu uudelleen" })).toBeInTheDocument();
  });

  it("explains a lost connection in Finnish and also shows the error's own message", async () => {
    renderBrokenPage(new TypeError("Failed to fetch"));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(NETWORK_ERROR_MESSAGE);
    expect(alert).toHaveTextContent("Failed to fetch");
  });

  it.each([
    ["an error without a message", new Error("")],
    ["something that is not an Error", { code: 42 }],
  ])("says 'Tuntematon virhe.' for %s", async (_label, thrown) => {
    renderBrokenPage(thrown);
    expect(screen.getByRole("alert")).toHaveTextContent("Tuntematon virhe.");
  });
});

describe("feedback page", () => {
  it("has no header, its title and subtitle, and a link to the external form from the site info", async () => {
    await renderAt("/palaute");
    expect(header()).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "Palaute" })).toBeInTheDocument();
    expect(screen.getByText("Sinut ohjataan palautelomakkeelle.")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Avaa palautelomake" })).toHaveAttribute(
      "href",
      "https://palaute.example.com/lomake",
    );
  });

  it("offers no dead link while the address is unknown", async () => {
    answerSiteWith("pending");
    await renderAt("/palaute");
    expect(screen.queryByRole("link", { name: "Avaa palautelomake" })).toBeNull();
    expect(screen.getByRole("button", { name: "Avaa palautelomake" })).toBeDisabled();
  });
});

describe("content pages", () => {
  it("home shows the admin notice, opening hours, prices and the calls to action", async () => {
    await renderAt("/");
    expect(await screen.findByText("Puisto on suljettu juhannuksena.")).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(within(main).getByText("ma–pe 6.00–22.00")).toBeInTheDocument();
    expect(main).toHaveTextContent("60 min16,50 €"); // from the server's price list
    expect(await within(main).findByText("Premium")).toBeInTheDocument(); // from the server's tiers
    expect(main).toHaveTextContent("Premium40 h/kk89,00 €/kk");
    expect(within(main).getByRole("link", { name: "Katso vapaat ajat" })).toHaveAttribute(
      "href",
      "/varauskalenteri",
    );
    expect(within(main).getByRole("link", { name: "Tutustu jäsenyyteen" })).toHaveAttribute(
      "href",
      "/jasenyys",
    );
    // The lengths and the gate's window are the server's settings, not fixed text.
    expect(main).toHaveTextContent("Vuoron pituus on 30, 60, 90 tai 120 minuuttia.");
    expect(main).toHaveTextContent(
      "painike toimii 10 minuuttia ennen varauksesi alkua ja vielä 15 minuuttia varauksen päätyttyä",
    );
    expect(main).not.toHaveTextContent("5 minuuttia ennen vuorosi");
  });

  it("home says what the park is from the settings, leaving out what the owner left empty, and shows the payment methods", async () => {
    await renderAt("/");
    const facts = await screen.findByRole("region", { name: "Puisto" });
    const rows = within(facts)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ["Koko", "3\u00a0200 m²"],
      ["Aita", "2 m korkea puuaita"],
      ["Pohja", "Hake ja nurmi"],
      ["Valaistus", "Led-valot"],
    ]);
    const methods = screen.getByRole("list", { name: "Maksutavat" });
    expect(
      within(methods)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["MobilePay", "Visa", "Mastercard"]);
  });

  it("home shows no park facts when the owner left them all empty", async () => {
    const empty = {
      areaSquareMeters: null,
      fence: null,
      surface: null,
      water: null,
      lighting: null,
      parking: null,
    };
    vi.stubGlobal("fetch", async (url: string) => {
      if (url.startsWith("/api/v2/subscriptions/tiers")) return Response.json(tiersFixture());
      if (url.startsWith("/api/v2/photos")) return Response.json({ photos: [] });
      return Response.json({ ...site, facts: empty });
    });
    await renderAt("/");
    await screen.findByText("Puisto on suljettu juhannuksena.");
    expect(screen.queryByRole("region", { name: "Puisto" })).toBeNull();
  });

  it("the newcomers' instructions state the gate's window from the settings", async () => {
    await renderAt("/ohjeet-tulijoille");
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(
      "Painike toimii 10 minuuttia ennen varauksesi alkua ja vielä 15 minuuttia varauksen päätyttyä.",
    );
  });

  it("privacy policy names the controller from the site info", async () => {
    await renderAt("/tietosuojaseloste");
    const main = screen.getByRole("main");
    expect(await within(main).findByText(/Testipuisto Oy \(Y-tunnus 1234567-1\)/)).toBeInTheDocument();
    expect(main).toHaveTextContent("Tietosuojavaltuutetun toimisto");
  });

  it("payment terms state VAT, hold and cancellation from the settings", async () => {
    await renderAt("/maksuehdot");
    const main = screen.getByRole("main");
    await within(main).findByText(/Testipuisto Oy \(Y-tunnus/);
    expect(main).toHaveTextContent("ALV 25,5 %");
    expect(main).toHaveTextContent("pidetään sinulle 15 minuuttia");
    expect(main).toHaveTextContent("viimeistään 24 tuntia ennen");
    expect(main).toHaveTextContent("erääntyy maksettavaksi 21 päivän kuluttua");
  });
});
