import { jobRuns } from "../../src/server/schema/index.js";
import { runOnce, type Job } from "../../src/server/jobs/schedule.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";

describe.each(databaseKinds)("scheduled jobs on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  it("runs a due time once however many servers fire it, and records the result", async () => {
    let runs = 0;
    const job: Job = {
      name: "test-job",
      schedule: "0 * * * * *",
      run: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
        return [1, 2, 3];
      },
    };
    const due = new Date("2026-06-15T09:00:00Z");
    const claimed = await Promise.all([
      runOnce(t.ctx, job, due),
      runOnce(t.ctx, job, due),
      runOnce(t.ctx, job, due),
    ]);
    expect(claimed.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // The next due time is a new run.
    expect(await runOnce(t.ctx, job, new Date("2026-06-15T09:01:00Z"))).toBe(true);
    const rows = await t.ctx.db.select().from(jobRuns);
    expect(rows.map((r) => [r.status, r.result])).toEqual([
      ["ok", "3 kpl"],
      ["ok", "3 kpl"],
    ]);
  });

  it("records a failure and keeps going", async () => {
    const job: Job = {
      name: "failing",
      schedule: "0 * * * * *",
      run: () => Promise.reject(new Error("SMTP alhaalla")),
    };
    expect(await runOnce(t.ctx, job, new Date("2026-06-15T09:00:00Z"))).toBe(true);
    const [row] = await t.ctx.db.select().from(jobRuns);
    expect(row).toMatchObject({ name: "failing", status: "failed", result: "SMTP alhaalla" });
    expect(row!.finishedAt).not.toBeNull();
  });
});
