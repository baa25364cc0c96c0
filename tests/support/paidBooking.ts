import { DateTime } from "luxon";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";

type Visitor = { name: string; email: string; phone?: string; dogs: number };

/**
 * A one-hour booking from `start`, made and paid by card on the demo payment page over HTTP, as a
 * visitor's browser would; answers the path the payment page sends the visitor back to.
 */
export async function paidBooking(serverUrl: string, start: DateTime, visitor: Visitor): Promise<string> {
  return (await payForBooking(serverUrl, start, visitor)).returnPath;
}

/** A booking of an hour from `start`, paid on its demo payment page: that page's path and its return path. */
export async function payForBooking(
  serverUrl: string,
  start: DateTime,
  visitor: Visitor,
): Promise<{ paymentPage: string; returnPath: string }> {
  const res = await fetch(`${serverUrl}/api/v2/reservations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      start: start.toISO(),
      end: start.plus({ hours: 1 }).toISO(),
      ...visitor,
      paymentMethod: "card",
      acceptTerms: true,
    }),
  });
  expect(res.status).toBe(201);
  const { redirectUrl } = (await res.json()) as { redirectUrl: string };
  const paid = await fetch(new URL(`${redirectUrl}/approve`, serverUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  return { paymentPage: redirectUrl, returnPath: paid.headers.get("location")! };
}

/** A booking for tomorrow at `hour`, paid: for the e2e tests of the admin pages that show it. */
export async function paidBookingTomorrow(serverUrl: string, hour: number, visitor: Visitor) {
  const start = DateTime.now()
    .setZone(HELSINKI)
    .plus({ days: 1 })
    .set({ hour, minute: 0, second: 0, millisecond: 0 });
  await paidBooking(serverUrl, start, visitor);
}
