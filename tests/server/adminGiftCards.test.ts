import { eq } from "drizzle-orm";
import { auditLog, giftCards } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { holdSlot, postCheckout, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Lahjakortit on the real app and database, with a real admin token from the Auth emulator: the
 * code answered once and never again (list, history, audit log), the balance history as checkouts
 * spend and give back, deactivation refused at checkout. The test clock is Monday 15 June 2026.
 */
const slot = (hour: number) =>
  [`2026-06-20T${hour}:00:00+03:00`, `2026-06-20T${hour + 1}:00:00+03:00`] as const;
const PRINTED = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

describe.each(databaseKinds)("admin lahjakortit (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("lahjakortit");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "POST", url: string, payload?: object) =>
    adminRequest(t, admin, method, url, payload);
  const issue = async (payload: object) => {
    const res = await as("POST", "/gift-cards", payload);
    expect(res.statusCode).toBe(201);
    return res.json() as { message: string; code: string; giftCard: { id: string; maskedCode: string } };
  };

  it("issues a card whose full code is answered once, and masked everywhere after", async () => {
    const issued = await issue({
      amountCents: 5000,
      note: "Syntymäpäivälahja Ansalle",
      validUntil: "2027-06-30",
    });
    expect(issued.code).toMatch(PRINTED);
    expect(issued.message).toBe(
      "Lahjakortti 50,00\u00a0€ luotu. Koodi näytetään vain nyt: tulosta tai kirjoita se talteen.",
    );
    const last4 = issued.code.slice(-4);
    expect(issued.giftCard).toEqual({
      id: expect.any(String),
      maskedCode: `••••-••••-••••-${last4}`,
      initialCents: 5000,
      balanceCents: 5000,
      active: true,
      status: "active",
      validUntil: "2027-06-30",
      note: "Syntymäpäivälahja Ansalle",
      createdAt: "2026-06-15T12:00:00+03:00",
    });
    const [row] = await t.ctx.db.select().from(giftCards).where(eq(giftCards.id, issued.giftCard.id));
    expect(row!.validUntil!.toISOString()).toBe("2027-06-30T21:00:00.000Z");

    const secret = issued.code.replaceAll("-", "");
    const list = await as("GET", "/gift-cards");
    expect(list.json()).toEqual({ giftCards: [issued.giftCard], total: 1, page: 1, pageSize: 100 });
    const history = await as("GET", `/gift-cards/${issued.giftCard.id}`);
    const audit = await t.ctx.db.select().from(auditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "gift_card.issue",
        entity: "gift_card",
        entityId: issued.giftCard.id,
        actorEmail: admin.email,
      }),
    ]);
    expect(audit[0]!.after).toMatchObject({ initialCents: 5000, maskedCode: issued.giftCard.maskedCode });
    for (const text of [list.body, history.body, JSON.stringify(audit)]) expect(text).not.toContain(secret);

    // Found by the last four characters a customer reads out, or by the whole code.
    expect((await as("GET", `/gift-cards?code=${last4.toLowerCase()}`)).json().giftCards).toHaveLength(1);
    expect((await as("GET", `/gift-cards?code=${issued.code}`)).json().giftCards).toHaveLength(1);
    expect((await as("GET", "/gift-cards?code=%25")).json().giftCards).toHaveLength(1); // no wildcard
    expect((await as("GET", "/gift-cards?code=ZZZZ-ZZZZ-ZZZZ-ZZZZ")).json().giftCards).toEqual([]);
  });

  it("refuses bad amounts and dates in Finnish and issues nothing", async () => {
    const cases: Array<[object, RegExp]> = [
      [{}, /Anna lahjakortin arvo euroina/],
      [{ amountCents: 99 }, /vähintään 1,00 €/],
      [{ amountCents: 100_001 }, /enintään 1 000,00 €/],
      [{ amountCents: 1234.5 }, /kokonaisina sentteinä/],
      [{ amountCents: "3000" }, /Anna lahjakortin arvo euroina/],
      [{ amountCents: 3000, validUntil: "31.12.2026" }, /Päivämäärä muodossa VVVV-KK-PP/],
      [{ amountCents: 3000, note: "x".repeat(201) }, /Muistiinpano voi olla enintään 200 merkkiä/],
    ];
    for (const [body, message] of cases) {
      const res = await as("POST", "/gift-cards", body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(giftCards)).toEqual([]);
    expect(await t.ctx.db.select().from(auditLog)).toEqual([]);
    expect((await as("GET", "/gift-cards/not-a-card")).statusCode).toBe(400);
    expect((await as("GET", "/gift-cards/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("keeps the history of what the card paid and got back, booking by booking", async () => {
    const issued = await issue({ amountCents: 2000 });
    const paid = await holdSlot(t, ...slot(10), { giftCardCode: issued.code.toLowerCase() });
    expect(paid.redirectUrl).toBe(""); // 15,00 € of 20,00 €: nothing left to pay
    const part = await holdSlot(t, ...slot(12), { giftCardCode: issued.code });
    await pressDemoButton(t, part.redirectUrl, "cancel"); // its 5,00 € share comes back

    const res = await as("GET", `/gift-cards/${issued.giftCard.id}`);
    expect(res.statusCode).toBe(200);
    const { giftCard, transactions } = res.json();
    expect(giftCard).toMatchObject({ balanceCents: 500, initialCents: 2000, status: "active" });
    expect(
      transactions.map((x: { kind: string; amountCents: number; balanceAfterCents: number }) => [
        x.kind,
        x.amountCents,
        x.balanceAfterCents,
      ]),
    ).toEqual([
      ["issue", 2000, 2000],
      ["redeem", -1500, 500],
      ["redeem", -500, 0],
      ["return", 500, 500],
    ]);
    expect(transactions[0].payment).toBeNull();
    expect(transactions[1].payment).toMatchObject({
      status: "paid",
      kind: "reservation",
      description: expect.stringMatching(/^Varaus la 20\.6\.2026 klo 10\.00–11\.00/),
    });
    expect(transactions[3].payment).toMatchObject({ status: "cancelled", kind: "reservation" });
  });

  it("a deactivated card is refused at checkout and in the quote; reactivated, it pays again", async () => {
    const issued = await issue({ amountCents: 3000 });
    const off = await as("POST", `/gift-cards/${issued.giftCard.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      message: `Lahjakortti ${issued.giftCard.maskedCode} poistettu käytöstä.`,
      giftCard: expect.objectContaining({ active: false, status: "inactive", balanceCents: 3000 }),
    });
    const refused = await postCheckout(t, ...slot(10), { giftCardCode: issued.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "Lahjakortti ei ole käytössä.", field: "giftCardCode" });
    const quote = await t.app.inject({
      method: "GET",
      url: `/api/v2/reservations/quote?start=${encodeURIComponent(slot(10)[0])}&end=${encodeURIComponent(slot(10)[1])}&giftCardCode=${issued.code}`,
    });
    expect(quote.json()).toMatchObject({ giftCardCents: 0, giftCardMessage: "Lahjakortti ei ole käytössä." });

    expect((await as("POST", `/gift-cards/${issued.giftCard.id}/activate`)).json().giftCard.status).toBe(
      "active",
    );
    expect((await postCheckout(t, ...slot(10), { giftCardCode: issued.code })).statusCode).toBe(201);

    const audit = await t.ctx.db.select().from(auditLog).orderBy(auditLog.id);
    expect(
      audit.map((a) => [
        a.action,
        (a.before as { active?: boolean } | null)?.active,
        (a.after as { active: boolean }).active,
      ]),
    ).toEqual([
      ["gift_card.issue", undefined, true],
      ["gift_card.deactivate", true, false],
      ["gift_card.activate", false, true],
    ]);
    expect(JSON.stringify(audit)).not.toContain(issued.code.replaceAll("-", ""));
    expect((await as("POST", "/gift-cards/00000000-0000-4000-8000-000000000000/deactivate")).statusCode).toBe(
      404,
    );
  });

  it("shows an expired card as expired and a spent one as empty", async () => {
    const expiring = await issue({ amountCents: 1500, validUntil: "2026-06-15" });
    await holdSlot(t, ...slot(10), { giftCardCode: (await issue({ amountCents: 1500 })).code });
    t.clock.set("2026-06-15T21:00:00Z"); // Helsinki midnight: the 15th has ended
    const statuses = Object.fromEntries(
      (await as("GET", "/gift-cards"))
        .json()
        .giftCards.map((c: { id: string; status: string }) => [c.id, c.status]),
    );
    expect(statuses[expiring.giftCard.id]).toBe("expired");
    expect(Object.values(statuses).sort()).toEqual(["empty", "expired"]);
  });
});
