import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { MAGIC_LINK_MAX_PER_IP } from "../../src/server/routes/auth.js";
import { customers, doorEvents, magicLinkTokens, reservations } from "../../src/server/schema/index.js";
import { DOOR_LIMITS } from "../../src/server/door/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/*
 * Limits exact under concurrency (issue 24): 100 parallel requests per limit let exactly the limit
 * through, on PostgreSQL (10 pooled connections racing) as on PGlite. Before, PostgreSQL let 91
 * login links through a limit of 10, and the gate 12 presses per link and 31-32 per IP.
 */
const PARALLEL = 100;
const statuses = (responses: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe.each(databaseKinds)("limits under 100 parallel requests (%s)", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  it("sends exactly the per-IP number of login links, creating no customer for the rest", async () => {
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/v2/auth/magic-link",
          payload: { email: `kavija${i}@example.com` },
          remoteAddress: "203.0.113.7",
        }),
      ),
    );
    expect(statuses(responses)).toEqual({
      200: MAGIC_LINK_MAX_PER_IP,
      429: PARALLEL - MAGIC_LINK_MAX_PER_IP,
    });
    expect(await t.ctx.db.select().from(magicLinkTokens)).toHaveLength(MAGIC_LINK_MAX_PER_IP);
    expect(await t.ctx.db.select().from(customers)).toHaveLength(MAGIC_LINK_MAX_PER_IP);
  });

  /** Door tokens of `n` confirmed bookings on consecutive days (copies of one paid booking). */
  async function bookings(n: number) {
    const { reservation } = await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00");
    const rows = [reservation];
    for (let day = 1; day < n; day++) {
      const { id: _id, ...rest } = reservation;
      const shift = (d: Date) => new Date(d.getTime() + day * 86_400_000);
      const [row] = await t.ctx.db
        .insert(reservations)
        .values({
          ...rest,
          startsAt: shift(reservation.startsAt),
          endsAt: shift(reservation.endsAt),
          blockedFrom: shift(reservation.blockedFrom),
          blockedUntil: shift(reservation.blockedUntil),
          accessToken: randomBytes(16).toString("hex"),
          doorToken: randomBytes(16).toString("hex"),
        })
        .returning();
      rows.push(row!);
    }
    return rows;
  }
  const press = (token: string, ip: string) =>
    t.app.inject({ method: "POST", url: `/api/v2/door/${token}/open`, remoteAddress: ip });

  it("lets exactly the per-link number of gate presses through", async () => {
    const [booking] = await bookings(1);
    t.clock.set("2026-06-20T10:10:00+03:00");
    // From 100 addresses, so only the link's limit counts.
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => press(booking!.doorToken, `198.51.100.${i}`)),
    );
    expect(statuses(responses)).toEqual({ 200: DOOR_LIMITS.perToken, 429: PARALLEL - DOOR_LIMITS.perToken });
    const opened = await t.ctx.db.select().from(doorEvents).where(eq(doorEvents.reason, "opened"));
    expect(opened).toHaveLength(DOOR_LIMITS.perToken);
  });

  it("lets exactly the per-IP number of presses on real links through", async () => {
    const links = await bookings(10);
    t.clock.set("2026-06-20T10:10:00+03:00");
    // 10 presses on each of 10 links from one address: the links' limits (10) are never reached.
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => press(links[i % links.length]!.doorToken, "192.0.2.44")),
    );
    const counts = statuses(responses);
    expect(counts[429]).toBe(PARALLEL - DOOR_LIMITS.perIp);
    expect((counts[200] ?? 0) + (counts[403] ?? 0)).toBe(DOOR_LIMITS.perIp);
  });

  it("counts unknown tokens apart: exactly the limit of junk, and a real press from that IP still opens", async () => {
    const [booking] = await bookings(1);
    t.clock.set("2026-06-20T10:10:00+03:00");
    const ip = "100.64.0.9"; // a mobile carrier's shared address
    const junk = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => press(`tuntematon${i}`.padEnd(32, "x"), ip)),
    );
    expect(statuses(junk)).toEqual({ 404: DOOR_LIMITS.perIp, 429: PARALLEL - DOOR_LIMITS.perIp });
    const real = await press(booking!.doorToken, ip);
    expect(real.statusCode).toBe(200);
    expect(real.json()).toEqual({ success: true, message: "Portti avattu." });
  });
});
