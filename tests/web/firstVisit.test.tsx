// @vitest-environment jsdom
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { CalendarDay, CalendarSlot } from "../../machines/bookingCalendarMachine";
import type { CheckoutDetails, FieldErrors } from "../../machines/checkoutMachine";
import { formatEuros } from "../../src/domain/money";
import { MISSING_TOKEN_MESSAGE } from "../../src/web/pages/AuthCallbackPage";
import { CheckoutForm } from "../../src/web/pages/booking/CheckoutForm";
import { DayList, WeekTable } from "../../src/web/pages/booking/CalendarViews";
import { MISSING_EMAIL_MESSAGE } from "../../src/web/pages/LoginPage";
import { appAt } from "../support/appRouter";
import { reloadSiteInfo } from "../../src/web/useSiteInfo";
import { siteFixture } from "../support/site";

/* What a first visit found (issue 11, item 7), each tried the way a visitor meets it. */

const slot = (
  start: string,
  end: string,
  status: CalendarSlot["status"],
  priceCents = 900,
): CalendarSlot => ({
  start,
  end,
  status,
  options: status === "free" ? [{ lengthMinutes: 30, end, priceCents }] : [],
});

describe("the calendar's cells", () => {
  // Sunday 14 June 2026 at 10.10: 9.30 has passed, 10.00 is under way, 10.30 and 11.00 are open;
  // 13 August, 60 days on, is past the window.
  const sunday: CalendarDay = {
    date: "2026-06-14",
    opensAt: "2026-06-14T09:30:00+03:00",
    closesAt: "2026-06-14T11:30:00+03:00",
    slots: [
      slot("2026-06-14T09:30:00+03:00", "2026-06-14T10:00:00+03:00", "past"),
      slot("2026-06-14T10:00:00+03:00", "2026-06-14T10:30:00+03:00", "started"),
      slot("2026-06-14T10:30:00+03:00", "2026-06-14T11:00:00+03:00", "free"),
      slot("2026-06-14T11:00:00+03:00", "2026-06-14T11:30:00+03:00", "closed"),
    ],
  };
  const later: CalendarDay = {
    date: "2026-08-13",
    opensAt: "2026-08-13T11:00:00+03:00",
    closesAt: "2026-08-13T11:30:00+03:00",
    slots: [slot("2026-08-13T11:00:00+03:00", "2026-08-13T11:30:00+03:00", "beyondWindow")],
  };
  const cell = { selectedStart: null, onSelect: () => {}, bookingWindowDays: 60 };

  it("say past time is past, the slot under way why it cannot be booked, and when later time opens", () => {
    render(<WeekTable days={[sunday, later]} today="2026-06-14" {...cell} />);
    const table = screen.getByRole("table");
    expect(within(table).getByText("Mennyt")).toBeInTheDocument();
    expect(within(table).getByText("Alkanut")).toBeInTheDocument();
    expect(within(table).getAllByText("Suljettu").length).toBeGreaterThan(0);
    // 11.30 on 13 August less 60 days: bookable from 14 June.
    expect(within(table).getByText("Avautuu 14.6.")).toBeInTheDocument();
    expect(screen.getByText(/Alkanutta vuoroa \(klo 10\.00–10\.30\) ei voi enää varata/)).toBeInTheDocument();
    expect(screen.getByText(/Aikoja voi varata 60 päivää eteenpäin/)).toHaveTextContent(
      "to 13.8.2026 klo 11.00 alkaen oleva vuoro avautuu su 14.6.2026 klo 11.30",
    );
  });

  it("give a free slot an accessible name that contains its visible text (WCAG 2.5.3)", () => {
    render(<DayList day={sunday} now={new Date("2026-06-14T10:10:00+03:00")} {...cell} />);
    const button = screen.getByRole("button", { name: /^Vapaa / });
    expect(button).toHaveAccessibleName(`Vapaa su 14.6.2026 klo 10.30, alk. ${formatEuros(900)}`);
    const visible = [...button.children]
      .filter((child) => !child.classList.contains("visually-hidden"))
      .map((child) => child.textContent);
    expect(visible).toEqual(["Vapaa", `alk. ${formatEuros(900)}`]);
    let from = 0;
    for (const text of visible) {
      const at = button.textContent!.indexOf(text!, from);
      expect(at).toBeGreaterThanOrEqual(from);
      from = at + text!.length;
    }
    expect(button).not.toHaveAttribute("aria-label");
  });
});

describe("checkout's errors", () => {
  const details: CheckoutDetails = {
    name: "",
    email: "",
    phone: "",
    dogs: 1,
    paymentMethod: "card",
    acceptTerms: false,
    discountCode: "",
    giftCardCode: "",
  };
  /** The form with errors as the machine would set them on a submit. */
  function Harness({ errors }: { errors: FieldErrors }) {
    const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
    return (
      <CheckoutForm
        details={details}
        fieldErrors={fieldErrors}
        maxDogs={4}
        codeMessages={{ discountCode: null, giftCardCode: null }}
        enabled
        paymentFailure={null}
        lateWarning={null}
        nothingToPay={false}
        canSubmit
        canApplyCodes={false}
        onEdit={() => {}}
        onApplyCodes={() => {}}
        onSubmit={() => setFieldErrors({ ...errors })}
      />
    );
  }

  it("are announced, tied to their fields, and a failed submit moves the focus to the first", async () => {
    const user = userEvent.setup();
    render(
      <Harness errors={{ email: "Anna toimiva sähköpostiosoite", acceptTerms: "Hyväksy maksuehdot" }} />,
    );
    await user.click(screen.getByRole("button", { name: "Siirry maksamaan" }));
    const email = screen.getByLabelText("Sähköposti");
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Anna toimiva sähköpostiosoite");
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      "Anna toimiva sähköpostiosoite",
      "Hyväksy maksuehdot",
    ]);
    expect(screen.getByLabelText("Nimi")).not.toHaveAttribute("aria-invalid");
  });
});

describe("login and its link", () => {
  let requests: string[];
  beforeEach(() => {
    localStorage.clear();
    reloadSiteInfo();
    requests = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? "GET"} ${url}`);
      if (url.startsWith("/api/v2/site")) return Response.json(siteFixture(4));
      if (url.startsWith("/api/v2/auth/magic-link"))
        return Response.json({ message: "Anna toimiva sähköpostiosoite." }, { status: 400 });
      throw new TypeError(`unexpected request ${url}`);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderAt(path: string) {
    const app = await appAt(path);
    await act(async () => {
      render(app.element);
      await new Promise((r) => setTimeout(r, 10));
    });
  }

  it("the form gives its own Finnish messages, announced and focused, not the browser's bubble", async () => {
    const user = userEvent.setup();
    await renderAt("/login");
    const field = await screen.findByLabelText("Sähköpostiosoite");
    expect(field.closest("form")).toHaveAttribute("novalidate");
    expect(field).not.toBeRequired();

    await user.click(screen.getByRole("button", { name: "Lähetä kirjautumislinkki" }));
    expect(screen.getByRole("alert")).toHaveTextContent(MISSING_EMAIL_MESSAGE);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(MISSING_EMAIL_MESSAGE);
    expect(requests.filter((r) => r.includes("magic-link"))).toEqual([]);

    // A malformed address goes to the server, whose Finnish message is shown the same way.
    await user.type(field, "ei-osoite");
    await user.click(screen.getByRole("button", { name: "Lähetä kirjautumislinkki" }));
    expect(await screen.findByText("Anna toimiva sähköpostiosoite.")).toHaveAttribute("role", "alert");
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription("Anna toimiva sähköpostiosoite.");
  });

  it("a link without its token says so in plain Finnish, without asking the server", async () => {
    await renderAt("/auth/callback");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MISSING_TOKEN_MESSAGE);
    expect(alert.textContent).not.toMatch(/token/i);
    expect(screen.getByRole("link", { name: "Takaisin kirjautumiseen" })).toHaveAttribute("href", "/login");
    expect(requests.filter((r) => r.includes("/auth/"))).toEqual([]);
  });
});
