import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/database.js";
import { settings } from "../../src/server/schema/index.js";
import { seedDatabase } from "../../src/server/seed/database.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";

describe("embedded database on disk", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "kp-persist-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps data across a close and reopen, and seeding never overwrites an edit", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await seedDatabase(first.db);
    const park = await getSetting(first.db, "park");
    await putSetting(first.db, "park", { ...park, name: "Hauvapuisto" });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir: dir });
    await seedDatabase(second.db);
    expect((await getSetting(second.db, "park")).name).toBe("Hauvapuisto");
    const [row] = await second.db.select().from(settings).where(eq(settings.key, "slotRules"));
    expect(row?.value).toMatchObject({ gridMinutes: 30, holdMinutes: 15 });
    await second.close();
  });
});
