import { act, render } from "@testing-library/react";
import { DateTime } from "luxon";
import { memoryApp } from "../support/appRouter";
import type { CalendarDay, CalendarSlot } from "../../machines/bookingCalendarMachine";
import type { MemberBookingApi } from "../../src/client/memberReservations";
import type { MemberReservation, Subscription } from "../../src/domain/membership";
import { MemberBookingsSection } from "../../src/web/pages/account/MemberBookingsSection";
import { createHttpClient } from "../../src/client/http";
import { MembershipEnvironmentContext } from "../../src/web/membershipEnvironment";
import { MemberBookingEnvironmentContext } from "../../src/web/pages/account/memberBookingEnvironment";
import { CustomerSessionProvider } from "../../src/web/session/CustomerSessionProvider";
import { SubscriptionProvider } from "../../src/web/session/SubscriptionProvider";
import { defineFakeApi, type Fake } from "../support/fakeApi";
import { settleTicks } from "../support/settle";
import { ANSA, createTestSession, type FakeMembershipApi } from "./membershipPathSupport";

/*
 * The member's booking path test's fixtures and its fake member API: every call waits until the
 * test settles it (tests/support/fakeApi.ts). The membership comes from the app's own shared
 * subscription actor, with the membership tests' fake API.
 */

export const createFakeMemberApi = defineFakeApi<MemberBookingApi>([
  "reservations",
  "book",
  "cancel",
  "reschedule",
  "standingSlots",
  "previewStandingSlot",
  "createStandingSlot",
  "endStandingSlot",
  "availability",
  "maxDogs",
]);

export type FakeMemberApi = Fake<MemberBookingApi>;

/**
 * Renders the section as /oma-tili has it: inside the app's customer session (Ansa signed in) and
 * the shared subscription actor, whose membership API is `membership`; the member API is `fake`.
 * The session's actors settle inside act, since React must see their updates there.
 */
export async function renderMemberBookings(fake: FakeMemberApi, membership: FakeMembershipApi, now: string) {
  const session = createTestSession(ANSA);
  const router = memoryApp(
    [
      {
        path: "*",
        element: (
          <CustomerSessionProvider logic={session.logic} http={createHttpClient()}>
            <SubscriptionProvider>
              <MemberBookingsSection />
            </SubscriptionProvider>
          </CustomerSessionProvider>
        ),
      },
    ],
    "/oma-tili",
  );
  const clock = () => new Date(now);
  await act(async () => {
    render(
      <MembershipEnvironmentContext.Provider
        value={{ api: membership.api, now: clock, redirectToPayment: () => expect.unreachable("no payment") }}
      >
        <MemberBookingEnvironmentContext.Provider value={{ api: fake.api, now: clock }}>
          {router.element}
        </MemberBookingEnvironmentContext.Provider>
      </MembershipEnvironmentContext.Provider>,
    );
    await settleTicks();
  });
}

/* ---------- Fixtures ---------- */

export const TODAY = "2026-06-15";
/** 9.00 on Monday the 15th in Helsinki. */
export const NOW = "2026-06-15T06:00:00Z";
export const at = (hhmm: string, date = TODAY) =>
  DateTime.fromISO(`${date}T${hhmm}`, { zone: "Europe/Helsinki" }).toISO({ suppressMilliseconds: true })!;

export function subscription(hoursUsed: number): Subscription {
  return {
    id: "5b0c1f0e-0000-4000-8000-000000000001",
    tier_level: 1,
    tier_name: "Perus",
    status: "active",
    commitment: "none",
    monthly_price_cents: 3900,
    start_date: "2026-05-01",
    commitment_end_date: null,
    commitment_days_remaining: null,
    cancelled_at: null,
    access_ends_on: null,
    has_access: true,
    current_period: { start: "2026-06-01", end: "2026-06-30" },
    usage: { hours_used: hoursUsed, hours_quota: 8, percent: Math.round((hoursUsed / 8) * 100) },
    pending_tier_change: null,
    unpaid: null,
    carried: null,
    pause: null,
    pausing: { offer: null, note: null },
  };
}

const reservation = (
  id: string,
  kind: MemberReservation["kind"],
  start: string,
  end: string,
  more: Partial<MemberReservation> = {},
): MemberReservation => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  kind,
  areaName: "Koirapuisto",
  start,
  end,
  status: "confirmed",
  dogs: 1,
  hours: kind === "subscriber" ? (Date.parse(end) - Date.parse(start)) / 3_600_000 : 0,
  priceCents: kind === "subscriber" ? 0 : 1500,
  doorUrl: `https://koirapuisto.example/avaa/door-${id}`,
  accessToken: `access-${id}`,
  cancellable: true,
  cancellableUntil: start,
  noShow: false,
  ...more,
});

/**
 * A coming member booking (the one moved or cancelled), one that has started (no longer moved or
 * cancelled), a coming single booking and a past member booking.
 */
export const upcomingMember = reservation(
  "1",
  "subscriber",
  at("18:00", "2026-06-17"),
  at("19:00", "2026-06-17"),
  { movable: true },
);
export const startedMember = reservation("5", "subscriber", at("08:30"), at("09:30"), {
  cancellable: false,
  cancellableUntil: at("08:30"),
  movable: false,
});
/** The coming member booking moved to another time. */
export const movedMember = (to: { start: string; end: string }): MemberReservation => ({
  ...upcomingMember,
  ...to,
  hours: (Date.parse(to.end) - Date.parse(to.start)) / 3_600_000,
});
export const upcomingSingle = reservation(
  "2",
  "single",
  at("08:00", "2026-06-20"),
  at("09:00", "2026-06-20"),
  {
    cancellable: false,
    cancellableUntil: at("08:00", "2026-06-19"),
  },
);
export const pastMember = reservation(
  "3",
  "subscriber",
  at("07:00", "2026-06-10"),
  at("08:30", "2026-06-10"),
  {
    cancellable: false,
    noShow: true,
  },
);
/** What booking 10.00-11.00 today makes. */
export const newBooking = reservation("4", "subscriber", at("10:00"), at("11:00"), { dogs: 2 });
export const cancelledMember: MemberReservation = {
  ...upcomingMember,
  status: "cancelled",
  cancellable: false,
  movable: false,
};

/** A day of free half hours 10.00-12.00, each with the lengths that fit. */
export function dayFixture(date: string): CalendarDay {
  const starts = ["10:00", "10:30", "11:00", "11:30"];
  const slots: CalendarSlot[] = starts.map((start, i) => ({
    start: at(start, date),
    end: at(starts[i + 1] ?? "12:00", date),
    status: "free",
    options: starts.slice(i).map((_, k) => ({
      lengthMinutes: 30 * (k + 1),
      end: at(starts[i + k + 1] ?? "12:00", date),
      priceCents: 900,
    })),
  }));
  return { date, opensAt: at("10:00", date), closesAt: at("12:00", date), slots };
}

export function weekFixture(from: string) {
  const days = Array.from({ length: 7 }, (_, d) =>
    dayFixture(DateTime.fromISO(from, { zone: "Europe/Helsinki" }).plus({ days: d }).toISODate()!),
  );
  return { timeZone: "Europe/Helsinki", gridMinutes: 30, lengthsMinutes: [30, 60, 90, 120], days };
}
