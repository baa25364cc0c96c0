import { LIST_PAGE_SIZE } from "../../src/domain/admin/paging.js";
import { auditLog, doorEvents, emailOutbox, giftCards } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Decision 025: the admin lists that grow with the years (gate events, e-mails, the audit log,
 * gift cards) answer a page at a time, newest first, with how many match. The logs read the last
 * 30 days unless the admin names dates, and their counts cover that window only. Walking every
 * page gives each row of the window exactly once, also where many rows share one timestamp.
 */

const IN_WINDOW = 2 * LIST_PAGE_SIZE + 37;
const OLDER = 15;
// The test clock is 2026-06-15 12:00 in Helsinki: the default window is 2026-05-17 to 2026-06-15.
const recent = (i: number) => new Date(Date.parse("2026-06-15T06:00:00Z") - Math.floor(i / 3) * 3_600_000);
const old = (i: number) => new Date(Date.parse("2026-04-01T09:00:00Z") + i * 60_000);

describe.each(databaseKinds)("admin lists page through growing history (%s)", (kind) => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("sivut");
    t = await createTestApp(kind);
    const rows = (n: number, at: (i: number) => Date) => Array.from({ length: n }, (_, i) => at(i));
    const times = [...rows(IN_WINDOW, recent), ...rows(OLDER, old)];
    await t.ctx.db.insert(doorEvents).values(
      times.map((createdAt, i) => ({
        allowed: i % 4 !== 0,
        reason: i % 4 === 0 ? "too_early" : "opened",
        createdAt,
      })),
    );
    await t.ctx.db.insert(emailOutbox).values(
      times.map((createdAt, i) => ({
        to: `asiakas${i}@example.fi`,
        subject: `Viesti ${i}`,
        text: "Hei",
        kind: "receipt",
        status: i % 5 === 0 ? ("failed" as const) : ("sent" as const),
        createdAt,
        nextAttemptAt: createdAt,
      })),
    );
    await t.ctx.db.insert(auditLog).values(
      times.map((createdAt, i) => ({
        actorEmail: "yllapito@example.fi",
        action: "settings.update",
        entity: "settings",
        entityId: String(i),
        createdAt,
      })),
    );
    await t.ctx.db.insert(giftCards).values(
      times.map((createdAt, i) => ({
        code: `KORTTI${String(i).padStart(10, "0")}`,
        initialCents: 1000,
        balanceCents: 1000,
        createdAt,
      })),
    );
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await adminRequest(t, admin, "GET", url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Every page of a list, in order, until the page that is not full. */
  async function walk(url: string, rowsOf: (answer: never) => Array<{ id: number | string }>) {
    const pages: Array<Record<string, unknown>> = [];
    const ids: Array<number | string> = [];
    for (let page = 1; page < 100; page++) {
      const answer = await get(`${url}${url.includes("?") ? "&" : "?"}page=${page}`);
      pages.push(answer);
      const rows = rowsOf(answer as never);
      ids.push(...rows.map((r) => r.id));
      if (rows.length < LIST_PAGE_SIZE) break;
    }
    return { pages, ids };
  }

  const windowIds = async (table: typeof doorEvents | typeof emailOutbox | typeof auditLog, since: Date) =>
    (await t.ctx.db.select({ id: table.id, at: table.createdAt }).from(table))
      .filter((r) => r.at >= since)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const windowStart = new Date("2026-05-16T21:00:00Z");

  it("pages the gate events of the last 30 days, counting only those", async () => {
    const { pages, ids } = await walk("/operations/door-events", (a: { events: [] }) => a.events);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toMatchObject({
      total: IN_WINDOW,
      page: 1,
      pageSize: LIST_PAGE_SIZE,
      from: "2026-05-17",
      to: "2026-06-15",
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => Number(a) - Number(b))).toEqual(await windowIds(doorEvents, windowStart));
    const counts = pages[0]!.counts as Array<{ count: number }>;
    expect(counts.reduce((s, c) => s + c.count, 0)).toBe(IN_WINDOW);

    // Newest first across the pages' seams.
    const firstAnswer = pages[0]!.events as Array<{ at: string }>;
    const secondAnswer = pages[1]!.events as Array<{ at: string }>;
    expect(Date.parse(firstAnswer.at(-1)!.at)).toBeGreaterThanOrEqual(Date.parse(secondAnswer[0]!.at));

    const refused = await get("/operations/door-events?allowed=false&page=2");
    expect(refused.total).toBe(Math.ceil(IN_WINDOW / 4));
    expect(refused.events).toHaveLength(0);

    const all = await get("/operations/door-events?from=2026-01-01");
    expect(all).toMatchObject({ total: IN_WINDOW + OLDER, from: "2026-01-01", to: "2026-06-15" });
    const april = await get("/operations/door-events?from=2026-04-01&to=2026-04-01");
    expect(april.total).toBe(OLDER);
  });

  it("pages the outbox of the last 30 days with that window's counts by status", async () => {
    const { pages, ids } = await walk("/system/outbox", (a: { messages: [] }) => a.messages);
    expect(pages).toHaveLength(3);
    expect(pages[2]).toMatchObject({ total: IN_WINDOW, page: 3, from: "2026-05-17", to: "2026-06-15" });
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => Number(a) - Number(b))).toEqual(await windowIds(emailOutbox, windowStart));
    const failed = Math.ceil(IN_WINDOW / 5);
    expect(pages[0]!.counts).toEqual([
      { status: "failed", count: failed },
      { status: "sent", count: IN_WINDOW - failed },
    ]);

    const onlyFailed = await get("/system/outbox?status=failed");
    expect(onlyFailed.total).toBe(failed);
    expect(onlyFailed.counts).toEqual(pages[0]!.counts); // the window's, not the filter's
    const older = await get("/system/outbox?from=2026-03-01&until=2026-04-30");
    expect(older).toMatchObject({ total: OLDER, from: "2026-03-01", to: "2026-04-30" });
    expect(older.counts.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(OLDER);
  });

  it("pages the audit log of the last 30 days", async () => {
    const { pages, ids } = await walk("/system/audit", (a: { entries: [] }) => a.entries);
    expect(pages).toHaveLength(3);
    expect(pages[1]).toMatchObject({ total: IN_WINDOW, page: 2, from: "2026-05-17" });
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => Number(a) - Number(b))).toEqual(await windowIds(auditLog, windowStart));
    expect((await get("/system/audit?from=2026-01-01")).total).toBe(IN_WINDOW + OLDER);
  });

  it("pages every gift card, newest first", async () => {
    const { pages, ids } = await walk("/gift-cards", (a: { giftCards: [] }) => a.giftCards);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toMatchObject({ total: IN_WINDOW + OLDER, page: 1, pageSize: LIST_PAGE_SIZE });
    expect(new Set(ids).size).toBe(IN_WINDOW + OLDER);
    expect(ids).toHaveLength(IN_WINDOW + OLDER);
  });

  it("refuses a page number that is not one", async () => {
    for (const url of [
      "/operations/door-events?page=0",
      "/system/outbox?page=x",
      "/system/audit?page=1.5",
      "/gift-cards?page=-1",
    ]) {
      const res = await adminRequest(t, admin, "GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain("Sivunumero on virheellinen.");
    }
  });
});
