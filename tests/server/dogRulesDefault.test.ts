import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expandAvailability } from "../../src/domain/availabilityWire.js";
import { availabilityWireSchema } from "../../src/domain/booking.js";
import { auditLog, settings } from "../../src/server/schema/index.js";
import { getSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { postCheckout } from "../support/booking.js";
import { openDatabaseBefore } from "../support/before0022.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Rules per dog are off until the owner turns one on (product.md: "a new park asks nothing about
 * dogs"). A new park's settings say so, and a park an earlier release seeded with the rules on
 * (15 and 30 minutes) gets them off by migration 0025, unless an admin had saved them.
 */

const OFF = { extraDogPriceCents: 0, reactiveDogBufferMinutes: 0, inHeatGapMinutes: 0 };
const OLD_SEED = { extraDogPriceCents: 0, reactiveDogBufferMinutes: 15, inHeatGapMinutes: 30 };
const at = (time: string) => `2026-06-20T${time}:00+03:00`;

describe.each(databaseKinds)("dog rules off by default on %s", (kind) => {
  describe("a new park", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    it("has every rule off, so a reactive dog or a female in heat blocks nothing around its booking", async () => {
      expect(await getSetting(t.ctx.db, "dogRules")).toEqual(OFF);
      const site = (await t.app.inject({ method: "GET", url: "/api/v2/site" })).json();
      expect(site.dogRules).toEqual(OFF);
      // A reactive dog's booking edge to edge with a female in heat's: nothing between them.
      expect((await postCheckout(t, at("10:00"), at("11:00"), { inHeat: true })).statusCode).toBe(201);
      const next = await postCheckout(t, at("11:00"), at("12:00"), {
        email: "reaktiivinen@example.com",
        reactiveDog: true,
      });
      expect(next.statusCode).toBe(201);
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v2/availability?from=2026-06-20&to=2026-06-20&reactiveDog=true&inHeat=true",
      });
      const day = expandAvailability(availabilityWireSchema.parse(res.json())).days[0]!;
      const status = (time: string) => day.slots.find((s) => s.start === at(time))!.status;
      expect([status("09:30"), status("12:00")]).toEqual(["free", "free"]);
    });

    it("keeps what the owner turns on", async () => {
      const admin = await signedInAdmin("koirasaannot");
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/v2/admin/settings/dogRules",
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { ...OFF, reactiveDogBufferMinutes: 15 },
      });
      expect(saved.statusCode).toBe(200);
      expect(await getSetting(t.ctx.db, "dogRules")).toEqual({ ...OFF, reactiveDogBufferMinutes: 15 });
    });
  });

  it("turns off the rules an earlier release seeded on, and keeps any an admin saved", async () => {
    const old = await openDatabaseBefore(kind, 24);
    try {
      const dogRules = async () =>
        (await old.db.select().from(settings).where(eq(settings.key, "dogRules")))[0]!.value;
      const store = async (value: unknown) => {
        await old.db.delete(settings).where(eq(settings.key, "dogRules"));
        await old.db.insert(settings).values({ key: "dogRules", value });
      };
      const ownerSaved = () =>
        old.db.insert(auditLog).values({
          actorEmail: "omistaja@example.com",
          action: "settings.update",
          entity: "settings",
          entityId: "dogRules",
          before: OLD_SEED,
          after: OLD_SEED,
        });
      // As the earlier release's seed left it (the key order of its JSON does not matter).
      await store({ inHeatGapMinutes: 30, reactiveDogBufferMinutes: 15, extraDogPriceCents: 0 });
      await old.migrateRest();
      expect(await dogRules()).toEqual(OFF);

      // The migration's statement again, on parks whose owner made a choice: nothing changes.
      const statement = readFileSync(
        new URL("../../src/server/db/migrations/0025_dog_rules_off_by_default.sql", import.meta.url),
        "utf8",
      );
      for (const value of [
        { ...OLD_SEED, extraDogPriceCents: 500 },
        { ...OLD_SEED, inHeatGapMinutes: 45 },
      ]) {
        await store(value);
        await old.db.execute(sql.raw(statement));
        expect(await dogRules()).toEqual(value);
      }
      // The seed's very numbers, saved by an admin (the audit log says so): kept too.
      await store(OLD_SEED);
      await ownerSaved();
      await old.db.execute(sql.raw(statement));
      expect(await dogRules()).toEqual(OLD_SEED);
    } finally {
      await old.close();
    }
    // Every migration from an empty database, as ledgerMigration.test.ts: slow on PGlite.
  }, 120_000);
});
