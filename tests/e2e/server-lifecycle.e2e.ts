import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startServer } from "../support/server.js";

const root = path.resolve(import.meta.dirname, "../..");

function runMain(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!("DATABASE_URL" in env)) delete childEnv.DATABASE_URL;
  return spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: childEnv,
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("server lifecycle", () => {
  it("stops cleanly on SIGTERM and keeps its data for the next start", async () => {
    const first = await startServer();
    const site = await (await fetch(`${first.url}/api/v2/site`)).json();
    expect(site.park.companyName).toBe("Koirapuisto Oy");
    // Keep the folder: the second server opens the same data.
    const dataDir = first.dataDir;
    const code = await first.stop({ keepData: true });
    expect(code).toBe(0);

    const second = await startServer({ dataDir });
    const health = await (await fetch(`${second.url}/api/v2/health`)).json();
    expect(health).toEqual({ status: "ok", database: "pglite" });
    expect(await second.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to start with a bad PORT, naming it", () => {
    const result = runMain({ PORT: "not-a-port" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT must be a number");
  });

  it("refuses to start when DATABASE_URL cannot be reached, saying so", () => {
    const result = runMain({ PORT: "39999", DATABASE_URL: "postgres://postgres@127.0.0.1:1/nothing" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Could not open the database at DATABASE_URL");
  });
});
