import { eq } from "drizzle-orm";
import { auditLog, discountCodes } from "../../src/server/schema/index.js";
import { releaseExpiredHolds } from "../../src/server/reservations/holds.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot, postCheckout } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Alennuskoodit on the real app and database, with a real admin token from the Auth emulator:
 * create, edit, deactivate and reactivate, the uses a checkout makes, Finnish refusals, and the
 * audit row of every write. The test clock is Monday 15 June 2026 12:00 in Helsinki.
 */
const slot = (hour: number) =>
  [`2026-06-20T${hour}:00:00+03:00`, `2026-06-20T${hour + 1}:00:00+03:00`] as const;

const KEVAT = {
  code: " kevat 10",
  kind: "percent",
  percentOff: 10,
  validFrom: "2026-06-01",
  validUntil: "2026-06-30",
  maxUses: 5,
  description: "Kevätkampanja",
};

describe.each(databaseKinds)("admin alennuskoodit (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("alennuskoodit");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    adminRequest(t, admin, method, url, payload);
  const audit = () => t.ctx.db.select().from(auditLog).orderBy(auditLog.id);

  it("creates a code people can type, lists it, and audits the creation", async () => {
    const created = await as("POST", "/discount-codes", KEVAT);
    expect(created.statusCode).toBe(201);
    const code = created.json().discountCode;
    expect(created.json().message).toBe("Alennuskoodi KEVAT10 luotu.");
    expect(code).toMatchObject({
      code: "KEVAT10",
      kind: "percent",
      percentOff: 10,
      amountOffCents: null,
      validFrom: "2026-06-01",
      validUntil: "2026-06-30",
      maxUses: 5,
      usedCount: 0,
      active: true,
      description: "Kevätkampanja",
    });
    // The last day counts whole: the code ends at the following Helsinki midnight.
    const [row] = await t.ctx.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.validFrom!.toISOString()).toBe("2026-05-31T21:00:00.000Z");
    expect(row!.validUntil!.toISOString()).toBe("2026-06-30T21:00:00.000Z");

    expect((await as("GET", "/discount-codes")).json()).toEqual({ discountCodes: [code] });
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: "discount_code.create",
      entity: "discount_code",
      entityId: String(code.id),
      actorEmail: admin.email,
      before: null,
    });
    expect(entry!.after).toMatchObject({ code: "KEVAT10", percentOff: 10, maxUses: 5 });

    // A checkout accepts it at once.
    const held = await holdSlot(t, ...slot(10), { discountCode: "kevat10" });
    expect(held.reservation).toBeDefined();
    expect((await as("GET", "/discount-codes")).json().discountCodes[0].usedCount).toBe(1);
  });

  it("refuses bad input in Finnish with a 400 and writes nothing", async () => {
    const cases: Array<[object, RegExp]> = [
      [{ ...KEVAT, code: "A!" }, /Koodissa on oltava 3–32 merkkiä/],
      [{ ...KEVAT, code: "x".repeat(33) }, /Koodissa on oltava 3–32 merkkiä/],
      [{ ...KEVAT, percentOff: 0 }, /Prosentin on oltava kokonaisluku 1–100/],
      [{ ...KEVAT, percentOff: 101 }, /Prosentin on oltava kokonaisluku 1–100/],
      [{ ...KEVAT, percentOff: 12.5 }, /Prosentin on oltava kokonaisluku 1–100/],
      [{ ...KEVAT, percentOff: 10, amountOffCents: 100 }, /Prosenttialennuksella ei ole euromäärää/],
      [{ ...KEVAT, kind: "fixed", percentOff: null, amountOffCents: 0 }, /vähintään 0,01 €/],
      [{ ...KEVAT, kind: "fixed", percentOff: null, amountOffCents: 1.5 }, /vähintään 0,01 €/],
      [{ ...KEVAT, kind: "fixed", percentOff: null, amountOffCents: null }, /vähintään 0,01 €/],
      [{ ...KEVAT, kind: "fixed", percentOff: null, amountOffCents: 100_001 }, /enintään 1 000,00 €/],
      [{ ...KEVAT, kind: "gift" }, /Valitse alennuksen tyyppi/],
      [{ ...KEVAT, validFrom: "2026-07-01" }, /Viimeinen voimassaolopäivä ei voi olla ennen ensimmäistä/],
      [{ ...KEVAT, validUntil: "30.6.2026" }, /Päivämäärä muodossa VVVV-KK-PP/],
      [{ ...KEVAT, maxUses: 0 }, /Käyttökertoja on oltava vähintään yksi/],
      [{ ...KEVAT, description: "x".repeat(201) }, /Kuvaus voi olla enintään 200 merkkiä/],
    ];
    for (const [body, message] of cases) {
      const res = await as("POST", "/discount-codes", body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(discountCodes)).toEqual([]);
    expect(await audit()).toEqual([]);
  });

  it("answers 409 to a code that exists, whatever its case and spaces, on create and on edit", async () => {
    await as("POST", "/discount-codes", KEVAT);
    const other = (await as("POST", "/discount-codes", { ...KEVAT, code: "KESA20", percentOff: 20 })).json();
    const again = await as("POST", "/discount-codes", { ...KEVAT, code: "Kevat 10" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: "Samanlainen alennuskoodi on jo olemassa. Valitse toinen koodi.",
    });
    const renamed = await as("PUT", `/discount-codes/${other.discountCode.id}`, {
      ...KEVAT,
      code: "kevat10",
    });
    expect(renamed.statusCode).toBe(409);
    expect(await t.ctx.db.select().from(discountCodes)).toHaveLength(2);
    expect((await audit()).map((a) => a.action)).toEqual(["discount_code.create", "discount_code.create"]);
  });

  it("edits a code into a fixed discount with before and after in the audit log", async () => {
    const { discountCode } = (await as("POST", "/discount-codes", KEVAT)).json();
    const edited = await as("PUT", `/discount-codes/${discountCode.id}`, {
      code: "KESA5",
      kind: "fixed",
      amountOffCents: 500,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      description: "",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      message: "Alennuskoodi KESA5 tallennettu.",
      discountCode: expect.objectContaining({
        code: "KESA5",
        kind: "fixed",
        percentOff: null,
        amountOffCents: 500,
        validFrom: null,
        validUntil: null,
        maxUses: null,
        description: null,
      }),
    });
    const quote = await t.app.inject({
      method: "GET",
      url: `/api/v2/reservations/quote?start=${encodeURIComponent(slot(10)[0])}&end=${encodeURIComponent(slot(10)[1])}&discountCode=kesa5`,
    });
    expect(quote.json()).toMatchObject({ priceCents: 1500, discountCents: 500, totalCents: 1000 });
    const [, update] = await audit();
    expect(update).toMatchObject({ action: "discount_code.update", entityId: String(discountCode.id) });
    expect(update!.before).toMatchObject({ code: "KEVAT10", kind: "percent", percentOff: 10 });
    expect(update!.after).toMatchObject({ code: "KESA5", kind: "fixed", amountOffCents: 500 });

    expect((await as("PUT", "/discount-codes/999999", KEVAT)).statusCode).toBe(404);
    expect((await as("PUT", "/discount-codes/abc", KEVAT)).statusCode).toBe(400);
    expect((await as("PUT", "/discount-codes/99999999999", KEVAT)).json()).toEqual({
      message: "Alennuskoodin tunniste on virheellinen.",
    });
  });

  it("refuses a use limit below the uses already made", async () => {
    const { discountCode } = (await as("POST", "/discount-codes", KEVAT)).json();
    await holdSlot(t, ...slot(10), { discountCode: "KEVAT10", email: "a@example.com" });
    await holdSlot(t, ...slot(12), { discountCode: "KEVAT10", email: "b@example.com" });
    const res = await as("PUT", `/discount-codes/${discountCode.id}`, { ...KEVAT, maxUses: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Koodia on jo käytetty 2 kertaa; enimmäismäärä ei voi olla sitä pienempi.",
    });
    expect((await as("PUT", `/discount-codes/${discountCode.id}`, { ...KEVAT, maxUses: 2 })).statusCode).toBe(
      200,
    );
  });

  it("a deactivated code is refused at checkout; reactivated, it works again", async () => {
    const { discountCode } = (await as("POST", "/discount-codes", KEVAT)).json();
    const off = await as("POST", `/discount-codes/${discountCode.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: "Alennuskoodi KEVAT10 poistettu käytöstä.",
      discountCode: { active: false },
    });
    const refused = await postCheckout(t, ...slot(10), { discountCode: "KEVAT10" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "Alennuskoodi ei ole käytössä.", field: "discountCode" });

    const on = await as("POST", `/discount-codes/${discountCode.id}/activate`);
    expect(on.json().message).toBe("Alennuskoodi KEVAT10 otettu käyttöön.");
    expect((await postCheckout(t, ...slot(10), { discountCode: "KEVAT10" })).statusCode).toBe(201);

    const entries = (await audit()).slice(1);
    expect(
      entries.map((a) => [
        a.action,
        (a.before as { active: boolean }).active,
        (a.after as { active: boolean }).active,
      ]),
    ).toEqual([
      ["discount_code.deactivate", true, false],
      ["discount_code.activate", false, true],
    ]);
    expect((await as("POST", "/discount-codes/999999/deactivate")).statusCode).toBe(404);
  });

  it("shows a code's uses: which booking, when, how much, and what was given back", async () => {
    const { discountCode } = (await as("POST", "/discount-codes", KEVAT)).json();
    const paid = await bookAndPay(t, ...slot(10), { discountCode: "KEVAT10", name: "Ansa Asiakas" });
    t.clock.advance(60_000);
    const held = await holdSlot(t, ...slot(12), { discountCode: "KEVAT10", name: "Eino Esimerkki" });
    t.clock.advance(60 * 60_000); // the second hold expires unpaid and gives its use back
    await releaseExpiredHolds(t.ctx);

    const res = await as("GET", `/discount-codes/${discountCode.id}/uses`);
    expect(res.statusCode).toBe(200);
    const { discountCode: shown, uses } = res.json();
    expect(shown).toMatchObject({ code: "KEVAT10", usedCount: 1 });
    expect(uses).toEqual([
      expect.objectContaining({
        status: "released",
        amountCents: 150,
        releasedAt: expect.any(String),
        reservation: expect.objectContaining({
          id: held.reservation.id,
          name: "Eino Esimerkki",
          start: "2026-06-20T12:00:00+03:00",
        }),
      }),
      expect.objectContaining({
        status: "used",
        amountCents: 150,
        releasedAt: null,
        createdAt: expect.stringMatching(/^2026-06-15T12:00/),
        reservation: expect.objectContaining({
          id: paid.reservation.id,
          name: "Ansa Asiakas",
          status: "confirmed",
        }),
      }),
    ]);
    expect((await as("GET", "/discount-codes/999999/uses")).statusCode).toBe(404);
  });
});
