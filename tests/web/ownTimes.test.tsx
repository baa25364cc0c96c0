// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import type { CalendarDay, CalendarSlot } from "../../machines/bookingCalendarMachine";
import { storageKeys } from "../../src/client/storage";
import { rememberHeldCheckout, forgetHeldCheckout } from "../../src/client/checkoutHold";
import { CalendarPage, checkoutPath } from "../../src/web/pages/booking/CalendarPage";
import { createFakeApi, renderBookingRoute } from "../machines/bookingPathSupport";

/*
 * The visitor's own booking (kept in local storage) and own unpaid hold (named by the checkout's
 * session cookie, as another tab would find it) are said as theirs on the calendar, with a link to
 * them, instead of "Varattu" and the waitlist; a time someone else has keeps the waitlist.
 */

const DAY = "2026-06-15";
const at = (hhmm: string) => `${DAY}T${hhmm}:00+03:00`;
const cell = (
  start: string,
  end: string,
  status: CalendarSlot["status"],
  freesAt?: string,
): CalendarSlot => ({
  start: at(start),
  end: at(end),
  status,
  options: status === "free" ? [{ lengthMinutes: 30, end: at(end), priceCents: 900 }] : [],
  ...(freesAt ? { freesAt } : {}),
});
const day: CalendarDay = {
  date: DAY,
  opensAt: at("08:00"),
  closesAt: at("11:00"),
  slots: [
    cell("08:00", "08:30", "free"),
    cell("08:30", "09:00", "taken"), // mine, paid (08.30–09.30)
    cell("09:00", "09:30", "taken"),
    cell("09:30", "10:00", "taken", at("09:50")), // my hold
    cell("10:00", "10:30", "taken"), // someone else's
    cell("10:30", "11:00", "taken"), // my cancelled booking's time, now someone else's
  ],
};

const keep = (entries: Array<{ id: string; start: string; end: string; cancelled?: boolean }>) =>
  localStorage.setItem(
    storageKeys.reservations,
    JSON.stringify(
      entries.map((e) => ({ ...e, accessToken: `access-${e.id}`, endTime: e.end, end: undefined })),
    ),
  );

afterEach(() => {
  localStorage.clear();
  forgetHeldCheckout();
});

test("own booking and own hold are said as the visitor's, with links; others keep the waitlist", async () => {
  keep([
    { id: "a", start: at("08:30"), end: at("09:30") },
    { id: "b", start: at("10:30"), end: at("11:00"), cancelled: true },
  ]);
  rememberHeldCheckout({
    start: at("09:30"),
    end: at("10:00"),
    accessToken: "hold-token",
    redirectUrl: "/api/v2/demo-payments/x",
    details: {
      name: "Maija",
      email: "maija@example.fi",
      phone: "0401234567",
      dogs: 1,
      paymentMethod: "card",
      acceptTerms: true,
      discountCode: "",
      giftCardCode: "",
    },
  });
  // Only the calendar's cookie tells another tab of the hold: this tab's session storage goes. The
  // cookie is the calendar's path's: the document is there, as the browser's would be.
  sessionStorage.clear();
  window.history.pushState({}, "", `/varauskalenteri/${DAY}`);
  const fake = createFakeApi({
    availability: async () => ({
      timeZone: "Europe/Helsinki" as const,
      gridMinutes: 30,
      lengthsMinutes: [30],
      days: [day],
    }),
  });
  renderBookingRoute("/varauskalenteri/:time?", `/varauskalenteri/${DAY}`, <CalendarPage />, {
    api: fake.api,
    now: () => new Date(`${DAY}T07:00:00+03:00`),
    redirectToPayment: () => {
      throw new Error("the calendar never pays");
    },
  });
  const grid = await screen.findByRole("grid");
  const cellAt = (time: string) =>
    within(grid)
      .getAllByRole("gridcell")
      .find((c) => c.textContent!.startsWith(time))!;

  // The browser's own times are read after the first paint.
  await waitFor(() => expect(cellAt("8.30")).toHaveTextContent("Oma varauksesi"));
  for (const time of ["8.30", "9.00"]) {
    expect(cellAt(time)).toHaveTextContent("Oma varauksesi");
    expect(within(cellAt(time)).getByRole("link")).toHaveAttribute("href", "/oma-varaus");
  }
  expect(cellAt("9.30")).toHaveTextContent("Oma varauksesi, maksamatta");
  expect(within(cellAt("9.30")).getByRole("link", { name: /Jatka maksamaan/ })).toHaveAttribute(
    "href",
    checkoutPath(at("09:30"), at("10:00")),
  );
  for (const time of ["10.00", "10.30"]) {
    expect(cellAt(time)).not.toHaveTextContent("Oma varauksesi");
    expect(
      within(cellAt(time)).getByRole("link", { name: /Ilmoita, jos aika vapautuu/ }),
    ).toBeInTheDocument();
  }
});
