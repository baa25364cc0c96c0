import { eq } from "drizzle-orm";
import { expandAvailability } from "../../src/domain/availabilityWire.js";
import {
  availabilityWireSchema,
  type AvailabilityResponse,
  type CreateReservationResponse,
} from "../../src/domain/booking.js";
import { emailOutbox, reservations } from "../../src/server/schema/index.js";
import type { TestApp } from "./app.js";

/** A valid checkout body for a slot; override any field. */
export function checkoutBody(start: string, end: string, extra: Record<string, unknown> = {}) {
  return {
    start,
    end,
    name: "Maija Meikäläinen",
    email: "maija@example.com",
    phone: "+358 40 765 4321",
    dogs: 2,
    paymentMethod: "mobilepay",
    acceptTerms: true,
    ...extra,
  };
}

export function postCheckout(t: TestApp, start: string, end: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/v2/reservations",
    payload: checkoutBody(start, end, extra),
  });
}

/** Checks out and expects the hold to be placed. */
export async function holdSlot(t: TestApp, start: string, end: string, extra: Record<string, unknown> = {}) {
  const res = await postCheckout(t, start, end, extra);
  if (res.statusCode !== 201) throw new Error(`checkout answered ${res.statusCode}: ${res.body}`);
  return res.json() as CreateReservationResponse;
}

/** Presses a button of the demo payment page, as the browser's form would. */
export function pressDemoButton(
  t: TestApp,
  redirectUrl: string,
  button: "approve" | "cancel",
  method?: string,
) {
  return t.app.inject({
    method: "POST",
    url: `${redirectUrl}/${button}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: method ? `method=${method}` : "",
  });
}

/** A paid, confirmed booking. */
export async function bookAndPay(
  t: TestApp,
  start: string,
  end: string,
  extra: Record<string, unknown> = {},
) {
  const checkout = await holdSlot(t, start, end, extra);
  const res = await pressDemoButton(t, checkout.redirectUrl, "approve");
  if (res.statusCode !== 303) throw new Error(`approve answered ${res.statusCode}: ${res.body}`);
  const [row] = await t.ctx.db
    .select()
    .from(reservations)
    .where(eq(reservations.id, checkout.reservation.id));
  return { checkout, reservation: row! };
}

export const outboxOf = (t: TestApp, kind: string) =>
  t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));

/** GET /api/v2/availability's answer, checked against the wire schema and expanded to the grid. */
export async function availabilityOf(
  t: Pick<TestApp, "app">,
  from: string,
  to = from,
): Promise<AvailabilityResponse> {
  const res = await t.app.inject({ method: "GET", url: `/api/v2/availability?from=${from}&to=${to}` });
  if (res.statusCode !== 200) throw new Error(`availability ${from}..${to}: ${res.statusCode} ${res.body}`);
  return expandAvailability(availabilityWireSchema.parse(res.json()));
}
