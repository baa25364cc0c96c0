import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Starts the Firebase Auth emulator (firebase-tools, a devDependency) as a child process, offline:
 * its own firebase.json in a temporary folder disables the emulator UI (which it would otherwise
 * try to download) and gives the hub and logging ports that are free now, so several emulators
 * (a developer's `npm start` and a test run) live side by side.
 */

export type AuthEmulator = {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  projectId: string;
  /** Resolves once the emulator answers; rejects if it exits first. */
  ready: Promise<void>;
  /** Everything it printed (for error messages). */
  output(): string;
  stop(): Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Whether something already listens on the port (a second `npm start`, another emulator). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(true));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(false)));
  });
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  try {
    return path.join(path.dirname(require.resolve("firebase-tools/package.json")), "lib/bin/firebase.js");
  } catch {
    throw new Error(
      "firebase-tools is not installed (it is a devDependency): run `npm install`, or configure a Firebase project",
    );
  }
}

export async function startAuthEmulator(options: { port: number; projectId: string }): Promise<AuthEmulator> {
  const cli = firebaseCli();
  const dir = mkdtempSync(path.join(tmpdir(), "kp-firebase-"));
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const host = `127.0.0.1:${options.port}`;
  writeFileSync(
    path.join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port: options.port },
        hub: { host: "127.0.0.1", port: hubPort },
        logging: { host: "127.0.0.1", port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const child: ChildProcess = spawn(
    process.execPath,
    [cli, "emulators:start", "--only", "auth", "--project", options.projectId, "--config", "firebase.json"],
    {
      // Its debug logs land in the temporary folder, not in the checkout.
      cwd: dir,
      env: { ...process.env, NO_UPDATE_NOTIFIER: "1", FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // An emulator must not outlive the process that started it, however that process ends.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The Firebase Auth emulator exited before it was ready:\n${output}`);
      try {
        const res = await fetch(`http://${host}/`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The Firebase Auth emulator did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  ready.catch(() => {}); // callers that never wait must not see an unhandled rejection

  return {
    host,
    projectId: options.projectId,
    ready,
    output: () => output,
    async stop() {
      process.off("exit", killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        // SIGINT is its clean stop; a stuck one is killed after 5 s.
        child.kill("SIGINT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
