import { waitFor, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { AdminTokenMachine } from "../../../machines/adminTokenMachine";
import { isAdminTokenFresh } from "../../domain/admin/token";
import type { AuthPolicy } from "../http";

/** Admin calls: /api/v2/admin/... (the public /api/v2/admin-auth/config is not one). */
export const isAdminApiPath = (path: string) => path.split("?")[0]!.startsWith("/api/v2/admin/");

type TokenActor = ActorRefFrom<AdminTokenMachine>;

/** Settled: a fresh token to send, or nobody signed in any more. */
const settled = (s: SnapshotFrom<AdminTokenMachine>) =>
  s.matches({ signedIn: "ready" }) || s.matches("signedOut");

const MAX_WAIT_MS = 30_000;

/**
 * Spec §6 and §8 for admin calls, through the admin token machine: each call asks for a fresh
 * token (refreshed first when it has under 5 minutes left); a 401 refreshes it and retries once,
 * and a 401 to the retry, like a refresh that fails, signs out to /hallinta/login; a 403 signs out
 * to /hallinta/login with "no access".
 */
export function adminAuthPolicy(actor: TokenActor, now: () => number = Date.now): AuthPolicy {
  const settledSnapshot = () => waitFor(actor, settled, { timeout: MAX_WAIT_MS }).catch(() => null);
  return {
    matches: isAdminApiPath,
    async token() {
      await waitFor(actor, (s) => !s.matches("restoring"), { timeout: MAX_WAIT_MS }).catch(() => null);
      actor.send({
        type: "token.ensureFresh",
        fresh: isAdminTokenFresh(actor.getSnapshot().context.token, now()),
      });
      const s = await settledSnapshot();
      return s?.matches({ signedIn: "ready" }) ? s.context.token : null;
    },
    async onRejected(status, _path, retried) {
      if (status === 403) {
        actor.send({ type: "token.forbidden" });
        return "fail";
      }
      if (retried) {
        actor.send({ type: "token.rejectedAgain" });
        return "fail";
      }
      actor.send({ type: "token.rejected" });
      const s = await settledSnapshot();
      return s?.matches({ signedIn: "ready" }) ? "retry" : "fail";
    },
  };
}
