import { and, eq } from "drizzle-orm";
import { TAKEN_MESSAGE } from "../../src/domain/availability.js";
import { WAITLIST_MESSAGES } from "../../src/domain/waitlist.js";
import { reservations, waitlistEntries } from "../../src/server/schema/index.js";
import { countWaiting } from "../../src/server/waitlist/service.js";
import { offerFreedSlots } from "../../src/server/waitlistOffers/offers.js";
import { waitlistRepository } from "../../src/server/waitlist/repository.js";
import { defaultSettings, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot, outboxOf, postCheckout, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

const at = (time: string, day: string) => `2026-06-${day}T${time}:00+03:00`;

/** One app per database; each test uses its own day and IP addresses. */
describe.each(databaseKinds)("the waitlist of a taken slot on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(at("12:00", "15")));

  const join = (start: string, end: string, email: unknown, ip = "198.51.100.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/waitlist",
      payload: { start, end, email },
      remoteAddress: ip,
    });
  const entriesOf = (start: string) =>
    t.ctx.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.startsAt, new Date(start)))
      .orderBy(waitlistEntries.createdAt);
  const tokenFromOffer = async (to: string) => {
    const mails = (await outboxOf(t, "waitlist_offer")).filter((m) => m.to === to);
    expect(mails).toHaveLength(1);
    return /jono=([\w-]+)/.exec(mails[0]!.text)![1]!;
  };

  it("joins a taken or held slot once per address, and refuses a free, past or invalid one", async () => {
    const [s, e] = [at("10:00", "20"), at("11:00", "20")];
    expect((await join(s, e, "a@example.com")).json()).toEqual({ message: WAITLIST_MESSAGES.free });
    expect((await join(s, e, "a@example.com")).statusCode).toBe(409);
    await bookAndPay(t, s, e);
    const first = await join(s, e, "Jono.A@example.com", "198.51.100.2");
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(WAITLIST_MESSAGES.joined);
    // The same mailbox again (case, +tag): the same one entry.
    const again = await join(s, e, "jono.a+x@example.com", "198.51.100.2");
    expect(again.statusCode).toBe(201);
    expect(again.json().message).toBe(WAITLIST_MESSAGES.alreadyIn);
    expect(await entriesOf(s)).toHaveLength(1);
    // The admin's count on the booking's panel: the live entries within its time.
    const areaId = (await entriesOf(s))[0]!.areaId;
    expect(await countWaiting(t.ctx.db, { areaId, start: new Date(s), end: new Date(e) })).toBe(1);
    const joined = (await outboxOf(t, "waitlist_joined")).filter((m) => m.to === "jono.a@example.com");
    expect(joined).toHaveLength(1);
    expect(joined[0]!.text).toContain("/varauskalenteri/jono/");

    // A held slot (a checkout not yet paid) has a line too.
    await holdSlot(t, at("13:00", "20"), at("14:00", "20"), { email: "pitaja@example.com" });
    expect((await join(at("13:00", "20"), at("14:00", "20"), "b@example.com")).statusCode).toBe(201);

    expect((await join(at("09:00", "15"), at("10:00", "15"), "a@example.com")).statusCode).toBe(400);
    expect((await join(s, at("10:20", "20"), "a@example.com")).statusCode).toBe(400);
    expect((await join(s, e, "ei-osoite")).statusCode).toBe(400);
    expect(
      (await join("2026-09-20T10:00:00+03:00", "2026-09-20T11:00:00+03:00", "a@example.com")).json(),
    ).toEqual({ message: "Varauksen voi tehdä enintään 60 päivän päähän." });
  });

  it("offers a freed slot to the first in line, keeps out a walk-in, then the next, who books it", async () => {
    const [s, e] = [at("10:00", "21"), at("11:00", "21")];
    const booked = await bookAndPay(t, s, e);
    expect((await join(s, e, "eka@example.com", "198.51.100.3")).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await join(s, e, "toka@example.com", "198.51.100.3")).statusCode).toBe(201);
    // Taken: nothing to offer.
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 0 });

    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${booked.reservation.accessToken}`,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 1 });
    // Twice in a row: still one offer.
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 0 });
    const firstToken = await tokenFromOffer("eka@example.com");
    const offerMail = (await outboxOf(t, "waitlist_offer"))[0]!;
    expect(offerMail.text).toContain("klo 12.15 asti");
    expect(offerMail.text).toContain(`/checkout/2026-06-21T10%3A00%3A00%2B03%3A00/`);
    expect(offerMail.text).toContain("email=eka%40example.com");
    const [hold] = await t.ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.kind, "waitlist"), eq(reservations.startsAt, new Date(s))));
    expect(hold).toMatchObject({ status: "pending", email: "eka@example.com" });

    // A walk-in gets the normal answer, and so does anyone else with the link.
    const walkIn = await postCheckout(t, s, e, { email: "ohikulkija@example.com" });
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().message).toBe(TAKEN_MESSAGE);
    const other = await postCheckout(t, s, e, { email: "toka@example.com", waitlistToken: firstToken });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(WAITLIST_MESSAGES.offerInvalid);
    // The checkout's quote: free for the offer's owner, taken for anyone else.
    const quote = (token?: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/v2/reservations/quote",
        query: { start: s, end: e, ...(token ? { waitlistToken: token } : {}) },
      });
    expect((await quote(firstToken)).json()).toMatchObject({
      available: true,
      priceCents: expect.any(Number),
    });
    expect((await quote()).json()).toMatchObject({ available: false });
    const view = await t.app.inject({ method: "GET", url: `/api/v2/waitlist/${firstToken}` });
    expect(view.json()).toMatchObject({ status: "offered", offerExpiresAt: "2026-06-15T12:15:01+03:00" });

    // The first does not take it in time: the next one gets it.
    t.clock.advance(15 * 60_000);
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ missed: 1 });
    const late = await postCheckout(t, s, e, { email: "eka@example.com", waitlistToken: firstToken });
    expect(late.statusCode).toBe(409);
    const secondToken = await tokenFromOffer("toka@example.com");

    const res = await postCheckout(t, s, e, { email: "toka@example.com", waitlistToken: secondToken });
    expect(res.statusCode).toBe(201);
    expect((await pressDemoButton(t, res.json().redirectUrl, "approve")).statusCode).toBe(303);
    expect((await entriesOf(s)).map((x) => [x.email, x.status])).toEqual([
      ["eka@example.com", "missed"],
      ["toka@example.com", "booked"],
    ]);
    const live = await t.ctx.db
      .select({ kind: reservations.kind, status: reservations.status })
      .from(reservations)
      .where(eq(reservations.startsAt, new Date(s)));
    expect(live.filter((r) => r.status === "confirmed" || r.status === "pending")).toEqual([
      { kind: "single", status: "confirmed" },
    ]);
    // The link is used up.
    const twice = await postCheckout(t, s, e, { email: "toka@example.com", waitlistToken: secondToken });
    expect(twice.statusCode).toBe(409);
  });

  it("frees an expired hold for the line, and gives a left offer to the next at once", async () => {
    const [s, e] = [at("15:00", "22"), at("16:00", "22")];
    await holdSlot(t, s, e, { email: "hidas@example.com" });
    await join(s, e, "yksi@example.com", "198.51.100.4");
    t.clock.advance(1000);
    await join(s, e, "kaksi@example.com", "198.51.100.4");
    t.clock.advance(15 * 60_000);
    await offerFreedSlots(t.ctx);
    const token = await tokenFromOffer("yksi@example.com");

    const left = await t.app.inject({ method: "POST", url: `/api/v2/waitlist/${token}/leave` });
    expect(left.json()).toEqual({ success: true, message: WAITLIST_MESSAGES.left });
    const leftAgain = await t.app.inject({ method: "POST", url: `/api/v2/waitlist/${token}/leave` });
    expect(leftAgain.json().message).toBe(WAITLIST_MESSAGES.alreadyEnded);
    expect((await t.app.inject({ method: "GET", url: `/api/v2/waitlist/${token}` })).json()).toMatchObject({
      status: "left",
      offerExpiresAt: null,
    });
    await offerFreedSlots(t.ctx);
    await tokenFromOffer("kaksi@example.com");
    expect((await t.app.inject({ method: "POST", url: "/api/v2/waitlist/ei-ole/leave" })).statusCode).toBe(
      404,
    );
  });

  it("keeps a line for a whole range and offers it only when all of it is free, for all of it", async () => {
    // An hour someone wants, taken by two half-hour bookings.
    const [s, m, e] = [at("10:00", "23"), at("10:30", "23"), at("11:00", "23")];
    const first = await bookAndPay(t, s, m, { email: "puoli1@example.com" });
    const second = await bookAndPay(t, m, e, { email: "puoli2@example.com" });
    expect((await join(s, e, "tunti@example.com", "198.51.100.6")).statusCode).toBe(201);
    const cancel = (token: string) =>
      t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });
    expect((await cancel(first.checkout.reservation.accessToken)).statusCode).toBe(200);
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 0 });
    expect((await cancel(second.checkout.reservation.accessToken)).statusCode).toBe(200);
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 1 });
    const token = await tokenFromOffer("tunti@example.com");
    const offer = (await outboxOf(t, "waitlist_offer")).find((x) => x.to === "tunti@example.com")!;
    expect(offer.text).toContain("ti 23.6.2026 klo 10.00–11.00");
    expect(offer.text).toContain(`/checkout/${encodeURIComponent(s)}/${encodeURIComponent(e)}?`);
    const booked = await postCheckout(t, s, e, { email: "tunti@example.com", waitlistToken: token });
    expect(booked.statusCode).toBe(201);
  });

  it("offers overlapping ranges in the order their people joined, not by start", async () => {
    // A 90-minute booking; one waits for its last hour, and later another for its first.
    const [s, m, e] = [at("14:00", "24"), at("14:30", "24"), at("15:30", "24")];
    const booked = await bookAndPay(t, s, e, { email: "varaaja@example.com" });
    expect((await join(m, e, "aikaisin@example.com", "198.51.100.7")).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await join(s, at("15:00", "24"), "myohemmin@example.com", "198.51.100.7")).statusCode).toBe(201);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${booked.checkout.reservation.accessToken}`,
    });
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 1 });
    await tokenFromOffer("aikaisin@example.com");
    expect((await outboxOf(t, "waitlist_offer")).filter((x) => x.to === "myohemmin@example.com")).toEqual([]);
  });

  it("leaves out of the job's look a range a neighbour's buffer still reaches", async () => {
    await putSetting(t.ctx.db, "dogRules", {
      extraDogPriceCents: 0,
      reactiveDogBufferMinutes: 15,
      inHeatGapMinutes: 0,
    });
    try {
      const [s, e] = [at("11:00", "25"), at("12:00", "25")];
      // A reactive dog's booking 10–11 keeps others out until 11.15: 11–12 is taken by its buffer.
      await bookAndPay(t, at("10:00", "25"), s, { email: "reaktiivinen@example.com", reactiveDog: true });
      expect((await join(s, e, "puskuri@example.com", "198.51.100.8")).statusCode).toBe(201);
      const candidates = await waitlistRepository(t.ctx.db).candidates(t.clock.now());
      expect(candidates.map((c) => c.start.toISOString())).not.toContain(new Date(s).toISOString());
      expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 0 });
    } finally {
      await putSetting(t.ctx.db, "dogRules", defaultSettings.dogRules);
    }
  });

  it("ends the entries of a slot when it starts", async () => {
    const [s, e] = [at("12:30", "15"), at("13:00", "15")];
    await bookAndPay(t, s, e);
    await join(s, e, "myohassa@example.com", "198.51.100.5");
    t.clock.set(s);
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ ended: 1 });
    expect((await entriesOf(s)).map((x) => x.status)).toEqual(["ended"]);
  });
});
