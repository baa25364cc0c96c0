import { sql } from "drizzle-orm";
import sharp from "sharp";
import { buildApp, type App } from "../../src/server/app.js";
import { createContext } from "../../src/server/bootstrap.js";
import { openDatabase, type Database } from "../../src/server/db/database.js";
import { auditLog, parkPhotos } from "../../src/server/schema/index.js";
import { consoleTransport } from "../../src/server/mail/service.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin, signedInUser } from "../support/firebase.js";

/*
 * The park's photos (decision 032) on the real app and schema: the admin uploads one as the raw body,
 * the server makes its sizes in AVIF and WebP and keeps them in the database, the public list names
 * them, and any server on the same database serves their bytes with year-long cache headers.
 */

/** A camera-like JPEG: a gradient, so the encoders have something to do, but small and quick. */
const jpeg = (width: number, height: number, orientation?: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i % (width * 3)) % 256;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 80 }).toBuffer();
};

describe.each(databaseKinds)("park photos (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  let visitorToken: string;
  beforeAll(async () => {
    [t, admin, { token: visitorToken }] = await Promise.all([
      createTestApp(kind),
      signedInAdmin("kuvat"),
      signedInUser("kuvat-kavija"),
    ]);
  });
  afterAll(() => t.close());

  const upload = (body: Buffer | string, alt: string | null, type = "image/jpeg", token = admin.token) =>
    t.app.inject({
      method: "POST",
      url: `/api/v2/admin/photos${alt === null ? "" : `?alt=${encodeURIComponent(alt)}`}`,
      headers: { authorization: `Bearer ${token}`, "content-type": type },
      payload: body,
    });
  const as = (method: "PUT" | "DELETE", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);
  const list = async (app: App = t.app) =>
    (await app.inject({ method: "GET", url: "/api/v2/photos" })).json();

  it("makes AVIF and WebP sizes of an upload, lists them and serves them cacheable, from a second server too", async () => {
    const res = await upload(await jpeg(1700, 1000), "Aidattu nurmikenttä ja portti");
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toMatchObject({ alt: "Aidattu nurmikenttä ja portti", width: 1700, height: 1000 });
    const sizes = photo.sizes.map((s: { format: string; width: number; height: number }) => [
      s.format,
      s.width,
      s.height,
    ]);
    expect(sizes).toEqual([
      ["avif", 480, 282],
      ["webp", 480, 282],
      ["avif", 960, 565],
      ["webp", 960, 565],
      ["avif", 1600, 941],
      ["webp", 1600, 941],
    ]);
    expect((await list()).photos).toEqual([photo]);
    const adminList = await t.app.inject({
      method: "GET",
      url: "/api/v2/admin/photos",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(adminList.json().photos).toEqual([photo]);

    const url: string = photo.sizes.find(
      (s: { format: string; width: number }) => s.format === "webp" && s.width === 960,
    ).url;
    expect(url).toMatch(/^\/api\/v2\/photos\/\d+\/[0-9a-f]{16}\/960\.webp$/);

    // A second server with nothing in memory from the upload: its own context and connections.
    const database: Database =
      kind === "postgres"
        ? await openDatabase({ kind: "postgres", url: await currentDatabaseUrl(t) })
        : t.ctx.database;
    const ctx2 = await createContext(t.ctx.config, database, { mailTransport: consoleTransport(() => {}) });
    const second = await buildApp({ ctx: ctx2 });
    try {
      expect((await list(second)).photos).toEqual([photo]);
      const served = await second.inject({ method: "GET", url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const etag = served.headers.etag as string;
      expect(etag).toBeTruthy();
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: "webp",
        width: 960,
        height: 565,
      });
      const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      expect(again.statusCode).toBe(304);
      const avif = await second.inject({ method: "GET", url: url.replace("960.webp", "480.avif") });
      expect(avif.headers["content-type"]).toBe("image/avif");
      expect((await sharp(avif.rawPayload).metadata()).format).toBe("heif");
    } finally {
      await second.close();
      if (kind === "postgres") await database.close();
    }
    // Another hash (an older or guessed address) is not served, and not cached.
    const wrong = await t.app.inject({
      method: "GET",
      url: url.replace(/\/[0-9a-f]{16}\//, "/0000000000000000/"),
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers["cache-control"]).toBe("no-cache");

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'photo.upload'`);
    expect(entry).toMatchObject({ entity: "photo", entityId: String(photo.id), actorEmail: admin.email });
  });

  it("turns a camera's sideways photo upright and keeps a small one at its own width", async () => {
    const res = await upload(await jpeg(300, 200, 6), "Puiston penkki");
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toMatchObject({ width: 200, height: 300 });
    expect(photo.sizes.map((s: { width: number; height: number }) => [s.width, s.height])).toEqual([
      [200, 300],
      [200, 300],
    ]);
  });

  it("orders and deletes photos, with audit entries", async () => {
    const before: number[] = (await list()).photos.map((p: { id: number }) => p.id);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const reversed = [...before].reverse();
    expect((await as("PUT", "/photos/order", { ids: reversed })).statusCode).toBe(200);
    expect((await list()).photos.map((p: { id: number }) => p.id)).toEqual(reversed);
    const partial = await as("PUT", "/photos/order", { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toContain("lataa sivu uudelleen");

    const gone = reversed[0]!;
    expect((await as("DELETE", `/photos/${gone}`)).statusCode).toBe(200);
    expect((await list()).photos.map((p: { id: number }) => p.id)).toEqual(reversed.slice(1));
    expect((await as("DELETE", `/photos/${gone}`)).statusCode).toBe(404);
    const actions = (await t.ctx.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["photo.reorder", "photo.delete"]));
  });

  it("refuses a missing alt text, a non-image, a wrong type and a file over 15 MB in Finnish", async () => {
    const photo = await jpeg(64, 64);
    const count = async () => (await t.ctx.db.select({ id: parkPhotos.id }).from(parkPhotos)).length;
    const before = await count();

    for (const alt of [null, "   "]) {
      const res = await upload(photo, alt);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("kuvaus");
    }
    const notImage = await upload(Buffer.from("tämä ei ole kuva"), "Kuva", "image/png");
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toContain("ei ole kuva");
    const text = await upload("tekstiä", "Kuva", "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toContain("JPEG, PNG tai WebP");
    const huge = await upload(Buffer.alloc(15 * 1024 * 1024 + 1), "Kuva");
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe("Kuva on liian suuri: enintään 15 Mt.");
    expect(await count()).toBe(before);
  });

  it("lets only an admin upload, order or delete", async () => {
    const photo = await jpeg(64, 64);
    expect((await upload(photo, "Kuva", "image/jpeg", visitorToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v2/admin/photos?alt=Kuva",
      headers: { "content-type": "image/jpeg" },
      payload: photo,
    });
    expect(anonymous.statusCode).toBe(401);
    const del = await t.app.inject({ method: "DELETE", url: "/api/v2/admin/photos/1" });
    expect(del.statusCode).toBe(401);
  });
});

/** The address of the PostgreSQL database a test app is on, for a second server to open. */
async function currentDatabaseUrl(t: TestApp): Promise<string> {
  const result = (await t.ctx.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}
