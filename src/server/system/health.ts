import { healthComponents, type HealthCheck, type HealthComponent } from "../../domain/admin/system.js";
import { doorProviderLabels, labelOf, paymentProviderLabels } from "../../domain/admin/labels.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { systemRepository } from "./repository.js";

/**
 * Real checks of what the park depends on: the database answers `select 1`, the mail transport's
 * own verify (SMTP connection, greeting and login), the payment provider's cheapest API call, and
 * the gate device's status. Each has a deadline, so a dead dependency is reported, never waited
 * for. The outcomes go to health_checks, so every server shows the same last success and failure
 * (decision 021).
 */

export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Ei vastausta ${ms / 1000} sekunnissa`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const probes: Record<HealthComponent, (ctx: AppContext) => Promise<string>> = {
  async database(ctx) {
    await systemRepository(ctx.db).ping();
    return ctx.database.kind === "pglite" ? "PGlite vastasi" : "PostgreSQL vastasi";
  },
  mail: (ctx) => ctx.mail.verifyTransport(),
  payments: async (ctx) =>
    ctx.payments.check
      ? ctx.payments.check(HEALTH_CHECK_TIMEOUT_MS)
      : ctx.payments.name === "demo"
        ? "Sivuston oma demomaksusivu: ei ulkoista palvelua tarkistettavaksi."
        : `${labelOf(paymentProviderLabels, ctx.payments.name)}: ei tarkistettavaa.`,
  // The words the admin reads on Järjestelmä: what the gate is, not the setting's code.
  door: async (ctx) =>
    ctx.door.check ? ctx.door.check() : `${capitalized(labelOf(doorProviderLabels, ctx.door.name))}.`,
};

type Outcome = {
  component: HealthComponent;
  ok: boolean;
  durationMs: number;
  detail: string | null;
  error: string | null;
};

async function probe(ctx: AppContext, component: HealthComponent): Promise<Outcome> {
  const started = performance.now();
  try {
    const detail = await withTimeout(probes[component](ctx), HEALTH_CHECK_TIMEOUT_MS);
    return { component, ok: true, durationMs: Math.round(performance.now() - started), detail, error: null };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    return {
      component,
      ok: false,
      durationMs: Math.round(performance.now() - started),
      detail: null,
      error: message,
    };
  }
}

/**
 * Runs every check at once and stores the outcomes: one upsert per component, keeping the later of
 * the stored and new success and failure times (two servers may check at the same moment).
 */
export async function runHealthChecks(ctx: AppContext): Promise<Outcome[]> {
  const outcomes = await Promise.all(healthComponents.map((c) => probe(ctx, c)));
  const now = ctx.now();
  for (const o of outcomes) {
    try {
      await systemRepository(ctx.db).storeHealthCheck({
        component: o.component,
        ok: o.ok,
        checkedAt: now,
        durationMs: o.durationMs,
        detail: o.detail,
        lastSuccessAt: o.ok ? now : null,
        lastFailureAt: o.ok ? null : now,
        lastError: o.error,
      });
    } catch {
      // The database itself is down: its outcome is still returned, just not stored.
    }
  }
  return outcomes;
}

/** The stored outcomes, one per component (a component never checked is missing). */
export async function storedHealth(ctx: AppContext): Promise<HealthCheck[]> {
  const rows = await systemRepository(ctx.db).healthChecks();
  const order = (c: string) => healthComponents.indexOf(c as HealthComponent);
  return rows
    .filter((r) => order(r.component) >= 0)
    .sort((a, b) => order(a.component) - order(b.component))
    .map((r) => ({
      component: r.component as HealthComponent,
      ok: r.ok,
      checkedAt: toHelsinkiIso(r.checkedAt),
      durationMs: r.durationMs,
      detail: r.detail,
      lastSuccessAt: r.lastSuccessAt ? toHelsinkiIso(r.lastSuccessAt) : null,
      lastFailureAt: r.lastFailureAt ? toHelsinkiIso(r.lastFailureAt) : null,
      lastError: r.lastError,
    }));
}
