import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr), e.g. e-mails from the console transport. */
  output(): string;
  /** Waits until the output matches, e.g. a login link. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends SIGTERM and waits for the exit code; removes a data folder it made unless keepData. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
  /** Kills the process at once (SIGKILL), as a crash or the OOM killer would; the data folder stays. */
  kill(): Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Starts the real server (`src/server/main.ts`, serving the built SPA from dist/web) on a free port
 * with its own embedded database in a temporary folder, as `npm start` would.
 */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "kp-e2e-"));
  const ownsDataDir = !options.dataDir;
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  Object.assign(env, { PUBLIC_URL: url, LOG_LEVEL: "warn", ...options.env });

  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const waitForOutput = async (pattern: RegExp, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = output.match(pattern);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`Server output never matched ${pattern}:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v2/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: a server that starts late would hold its memory until the machine restarts.
      child.kill("SIGKILL");
      throw new Error(`Server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    dataDir,
    output: () => output,
    waitForOutput,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (ownsDataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
