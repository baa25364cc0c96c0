import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { backupPglite, restorePglite } from "../../src/server/db/backup.js";
import { openDatabase } from "../../src/server/db/database.js";
import { settings } from "../../src/server/schema/index.js";
import { seedDatabase } from "../../src/server/seed/database.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";

describe("backup and restore", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "kp-backup-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("restores the embedded database from its backup, and refuses to overwrite live data", async () => {
    const live = path.join(dir, "live");
    const first = await openDatabase({ kind: "pglite", dataDir: live });
    await seedDatabase(first.db);
    await putSetting(first.db, "park", {
      ...(await getSetting(first.db, "park")),
      name: "Varmuuskopiopuisto",
    });
    // While the server holds the folder, a backup is refused rather than copying a moving target.
    await expect(backupPglite(live, path.join(dir, "x.tar.gz"))).rejects.toThrow(/in use/);
    await first.close();

    const file = path.join(dir, "backup.tar.gz");
    await backupPglite(live, file);
    await expect(restorePglite(file, live)).rejects.toThrow(/not empty/);
    await restorePglite(file, path.join(dir, "restored"));
    const restored = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "restored") });
    expect((await getSetting(restored.db, "park")).name).toBe("Varmuuskopiopuisto");
    await restored.close();
  });

  it.runIf(process.env.DATABASE_URL)(
    "restores PostgreSQL with pg_dump and pg_restore, as docs/operations.md says",
    async () => {
      const server = new URL(process.env.DATABASE_URL!);
      const names = [`kp_bk_${randomBytes(4).toString("hex")}`, `kp_rs_${randomBytes(4).toString("hex")}`];
      const urlOf = (name: string) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
      const admin = new pg.Client({ connectionString: server.toString() });
      await admin.connect();
      try {
        for (const name of names) await admin.query(`CREATE DATABASE "${name}"`);
        const source = await openDatabase({ kind: "postgres", url: urlOf(names[0]!) });
        await seedDatabase(source.db);
        await putSetting(source.db, "park", {
          ...(await getSetting(source.db, "park")),
          name: "Dump-puisto",
        });
        await source.close();

        const file = path.join(dir, "koirapuisto.dump");
        execFileSync("pg_dump", ["--format=custom", "--file", file, urlOf(names[0]!)]);
        execFileSync("pg_restore", ["--no-owner", "--dbname", urlOf(names[1]!), file]);
        const restored = await openDatabase({ kind: "postgres", url: urlOf(names[1]!) });
        const [row] = await restored.db.select().from(settings).where(eq(settings.key, "park"));
        expect((row!.value as { name: string }).name).toBe("Dump-puisto");
        await restored.close();
      } finally {
        for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
