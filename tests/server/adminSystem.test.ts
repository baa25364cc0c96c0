import { jobs, runOnce } from "../../src/server/jobs/schedule.js";
import { admins, auditLog, jobRuns } from "../../src/server/schema/index.js";
import { LAST_ADMIN, SELF_REMOVAL } from "../../src/server/system/admins.js";
import { smtpTransport } from "../../src/server/mail/service.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { createUser, signedInAdmin, signIn, uniqueEmail } from "../support/firebase.js";
import { startSmtpServer } from "../support/smtp.js";

/*
 * Järjestelmä on the real app and database: real health checks (a real SMTP server, a gate device
 * that never answers), the outbox's resend over SMTP, the jobs' last and next runs, the audit
 * log's filters, and the admin list with the custom claim on the Auth emulator.
 */

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { admin?: boolean };

describe.each(databaseKinds)("admin järjestelmä (%s)", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: { email: string; token: string; uid: string };
  beforeAll(async () => {
    admin = await signedInAdmin("jarjestelma");
  });
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const as = (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, token = admin.token) =>
    adminRequest(t, { token }, method, url, payload);

  it("checks the database, mail, payments and gate for real, keeping the last success and failure", async () => {
    const hanging = {
      name: "shelly" as const,
      open: async () => {},
      check: () => new Promise<string>(() => {}),
      status: async () => ({ ok: false, detail: "ei vastaa" }),
    };
    t = await createTestApp(kind, { mailTransport: smtpTransport(smtp.url), door: hanging });
    const started = Date.now();
    const first = await as("GET", "/system/health");
    expect(first.statusCode).toBe(200);
    // The gate never answers: its check gives up after its deadline instead of hanging the page.
    expect(Date.now() - started).toBeLessThan(15_000);
    const byName = (body: { checks: Array<{ component: string }> }) =>
      Object.fromEntries(body.checks.map((c) => [c.component, c])) as Record<string, Record<string, unknown>>;
    const checks = byName(first.json());
    expect(Object.keys(checks)).toEqual(["database", "mail", "payments", "door"]);
    expect(checks.database).toMatchObject({
      ok: true,
      lastSuccessAt: "2026-06-15T12:00:00+03:00",
      lastFailureAt: null,
    });
    expect(checks.mail).toMatchObject({ ok: true, detail: "SMTP-palvelin vastasi" });
    expect(checks.payments).toMatchObject({ ok: true });
    expect(checks.door).toMatchObject({ ok: false, lastError: "Ei vastausta 5 sekunnissa" });
    expect(checks.door!.lastFailureAt).toBe("2026-06-15T12:00:00+03:00");

    // The mail server goes away: the next check fails and the last success is kept.
    await smtp.close();
    t.clock.advance(10 * 60_000);
    const again = await as("POST", "/system/health/check");
    expect(again.json().message).toBe("2 tarkistusta epäonnistui.");
    const mail = byName(again.json()).mail!;
    expect(mail).toMatchObject({
      ok: false,
      lastSuccessAt: "2026-06-15T12:00:00+03:00",
      lastFailureAt: "2026-06-15T12:10:00+03:00",
    });
    expect(mail.lastError).toMatch(/ECONNREFUSED|connect/i);
    smtp = await startSmtpServer(); // for afterEach
  }, 60_000);

  it("resends a failed message over SMTP, audited, and refuses one that was sent", async () => {
    t = await createTestApp(kind, { mailTransport: smtpTransport(smtp.url) });
    smtp.state.refuse = true;
    const id = await t.ctx.mail.enqueue(t.ctx.db, {
      to: "asiakas@example.com",
      subject: "Varausvahvistus",
      text: "Kiitos varauksesta.",
      kind: "receipt",
    });
    expect((await t.ctx.mail.deliver(t.ctx.db, id)).sent).toBe(false);
    const failed = (await as("GET", "/system/outbox?status=failed")).json();
    expect(failed.messages).toEqual([
      expect.objectContaining({ id, status: "failed", attempts: 1, to: "asiakas@example.com" }),
    ]);
    expect(failed.messages[0].lastError).toContain("Postilaatikko");

    smtp.state.refuse = false;
    const resent = await as("POST", `/system/outbox/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe("Viesti lähetetty uudelleen.");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["asiakas@example.com"]);
    const list = (await as("GET", "/system/outbox?to=ASIAKAS")).json();
    expect(list.messages[0]).toMatchObject({ id, status: "sent", attempts: 2 });
    expect(list.counts).toEqual([{ status: "sent", count: 1 }]);

    const twice = await as("POST", `/system/outbox/${id}/resend`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Vain epäonnistuneen viestin voi lähettää uudelleen.");
    expect((await as("POST", "/system/outbox/999999/resend")).statusCode).toBe(404);
    expect(smtp.received).toHaveLength(1);

    const audit = await t.ctx.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.entityId, a.actorEmail])).toEqual([
      ["mail.resend", String(id), admin.email],
      ["mail.resend.result", String(id), admin.email],
    ]);
    expect(audit[1]!.after).toEqual({ sent: true });
  });

  it("lists the jobs with their last run, last failure and next run from the cron pattern", async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:30+03:00");
    const deliver = jobs.find((j) => j.name === "deliver-mail")!;
    await runOnce(t.ctx, deliver, new Date("2026-06-15T12:00:00+03:00"));
    await t.ctx.db.insert(jobRuns).values({
      name: "retry-refunds",
      dueAt: new Date("2026-06-15T11:59:45+03:00"),
      startedAt: new Date("2026-06-15T11:59:45+03:00"),
      finishedAt: new Date("2026-06-15T11:59:46+03:00"),
      status: "failed",
      result: "Stripe ei vastannut",
      runner: "toinen:1",
    });
    const body = (await as("GET", "/system/jobs")).json();
    expect(body.jobs.map((j: { name: string }) => j.name)).toEqual(jobs.map((j) => j.name));
    const byName = Object.fromEntries(body.jobs.map((j: { name: string }) => [j.name, j]));
    expect(byName["deliver-mail"]).toMatchObject({
      schedule: "0 * * * * *",
      lastRun: { dueAt: "2026-06-15T12:00:00+03:00", status: "ok", result: "0" },
      lastFailure: null,
      nextRunAt: "2026-06-15T12:01:00+03:00",
    });
    expect(byName["retry-refunds"]).toMatchObject({
      lastRun: { status: "failed", runner: "toinen:1" },
      lastFailure: { result: "Stripe ei vastannut" },
      nextRunAt: "2026-06-15T12:00:45+03:00",
    });
    expect(byName["purge-expired-personal-data"]).toMatchObject({
      lastRun: null,
      nextRunAt: "2026-06-16T03:30:00+03:00",
    });
  });

  it("filters the audit log by actor, action, entity and Helsinki date", async () => {
    t = await createTestApp(kind);
    await t.ctx.db.insert(auditLog).values([
      {
        actorEmail: "anna@example.com",
        action: "reservation.cancel",
        entity: "reservation",
        entityId: "r1",
        createdAt: new Date("2026-06-14T23:30:00+03:00"),
      },
      {
        actorEmail: "anna@example.com",
        action: "settings.update",
        entity: "settings",
        entityId: "park",
        createdAt: new Date("2026-06-15T10:00:00+03:00"),
      },
      {
        actorEmail: "ville@example.com",
        action: "reservation.create",
        entity: "reservation",
        entityId: "r2",
        createdAt: new Date("2026-06-15T11:00:00+03:00"),
      },
    ]);
    const actions = async (query: string) =>
      (await as("GET", `/system/audit${query}`)).json().entries.map((e: { action: string }) => e.action);
    expect(await actions("")).toEqual(["reservation.create", "settings.update", "reservation.cancel"]);
    expect(await actions("?actor=ANNA")).toEqual(["settings.update", "reservation.cancel"]);
    expect(await actions("?action=reservation")).toEqual(["reservation.create", "reservation.cancel"]);
    expect(await actions("?action=reservation.c&actor=anna")).toEqual(["reservation.cancel"]);
    expect(await actions("?entity=settings&entityId=park")).toEqual(["settings.update"]);
    expect(await actions("?from=2026-06-15&to=2026-06-15")).toEqual([
      "reservation.create",
      "settings.update",
    ]);
    expect(await actions("?action=%25")).toEqual([]); // a % is a character, not a wildcard
    expect((await as("GET", "/system/audit?from=15.6.2026")).statusCode).toBe(400);
  });

  it("adds and removes admins, setting and clearing the claim, and refuses removing yourself or the last", async () => {
    t = await createTestApp(kind, { env: { ADMIN_EMAILS: "" } });
    const first = uniqueEmail("uusi");
    const second = uniqueEmail("toinen");
    await createUser({ email: first });
    expect(claimsOf(await signIn(first)).admin).toBeUndefined();

    const bad = await as("POST", "/system/admins", { email: "ei-osoite" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Sähköpostiosoite on virheellinen.");

    const added = await as("POST", "/system/admins", { email: first.toUpperCase() });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe(`${first} lisätty ylläpitäjäksi.`);
    expect(claimsOf(await signIn(first)).admin).toBe(true);
    expect((await as("POST", "/system/admins", { email: first })).statusCode).toBe(409);

    // Nobody has registered this address yet: listed, no claim to set.
    const later = await as("POST", "/system/admins", { email: second });
    expect(later.json().message).toContain("ei ole vielä tunnusta");
    const list = (await as("GET", "/system/admins")).json();
    expect(list.you).toBe(admin.email);
    type Listed = { email: string; source: string };
    const bySource = (source: string) =>
      list.admins.filter((a: Listed) => a.source === source).map((a: Listed) => a.email);
    expect(bySource("list")).toEqual([first, second].sort());
    // Admins by the Firebase claim alone are listed too: you (signedInAdmin sets the claim).
    expect(bySource("claim")).toContain(admin.email);
    expect(bySource("claim")).not.toContain(first); // listed once, as added here

    // Yourself: refused whether listed or not.
    expect((await as("DELETE", `/system/admins/${admin.email}`)).json().message).toBe(SELF_REMOVAL);

    await as("DELETE", `/system/admins/${second}`);
    const last = await as("DELETE", `/system/admins/${first}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(LAST_ADMIN);
    expect(claimsOf(await signIn(first)).admin).toBe(true);

    // With another admin on the list the first can go: its claim is cleared and its token revoked.
    await as("POST", "/system/admins", { email: second });
    const token = await signIn(first);
    expect((await as("GET", "/me", undefined, token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // revocation counts whole seconds
    const removed = await as("DELETE", `/system/admins/${first}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(`${first} poistettu ylläpitäjistä.`);
    expect(claimsOf(await signIn(first)).admin).toBeUndefined();
    expect((await as("GET", "/me", undefined, token)).statusCode).toBe(401);
    expect((await as("GET", "/me", undefined, await signIn(first))).statusCode).toBe(403);
    expect((await t.ctx.db.select().from(admins)).map((a) => a.email)).toEqual([second]);

    const audit = await t.ctx.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((a) => `${a.action} ${a.entityId}`)).toEqual([
      `admin.add ${first}`,
      `admin.claim.set ${first}`,
      `admin.add ${second}`,
      `admin.claim.set ${second}`,
      `admin.remove ${second}`,
      `admin.claim.clear ${second}`,
      `admin.add ${second}`,
      `admin.claim.set ${second}`,
      `admin.remove ${first}`,
      `admin.claim.clear ${first}`,
    ]);
    expect(audit[3]!.after).toEqual({ outcome: "no_user", error: null });
    expect(audit[9]!.after).toEqual({ outcome: "cleared", error: null });
  });
});
