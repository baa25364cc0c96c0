import { createContext } from "../../src/server/bootstrap.js";
import { loadConfig } from "../../src/server/config.js";
import { emailOutbox } from "../../src/server/schema/index.js";
import { jobs } from "../../src/server/jobs/schedule.js";
import { messages } from "../../src/server/customers/customerAuth.js";
import { smtpTransport } from "../../src/server/mail/service.js";
import { freePort } from "../support/server.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds, openTestDatabase } from "../support/database.js";
import { startSmtpServer } from "../support/smtp.js";

/** The message's text as a reader sees it: quoted-printable soft breaks and escapes undone. */
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const LINK = /https?:\/\/\S+\/auth\/callback\?token=([A-Za-z0-9_-]+)/;

describe.each(databaseKinds)("e-mail on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Koirapuisto <posti@koirapuisto.test>" },
      mailTransport: smtpTransport(smtp.url),
    });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const requestLink = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/v2/auth/magic-link", payload: { email } });
  const callback = (token: string) =>
    t.app.inject({ method: "GET", url: `/api/v2/auth/callback?token=${token}` });

  it("delivers the Finnish login e-mail over SMTP and blanks the link in the outbox once sent", async () => {
    const res = await requestLink("ansa@example.com");
    expect(res.statusCode).toBe(200);

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.from).toBe("posti@koirapuisto.test");
    expect(message.to).toEqual(["ansa@example.com"]);
    const text = decodeQuotedPrintable(message.raw);
    expect(text).toMatch(/^Subject: =\?UTF-8\?Q\?Kirjautumislinkki/m);
    expect(text).toContain("kirjaudu omalle tilillesi avaamalla tämä linkki:");
    expect(text).toContain("Linkki on voimassa 15 minuuttia ja toimii vain kerran.");
    const token = text.match(LINK)![1]!;
    expect(text).toContain(`${t.ctx.config.publicUrl}/auth/callback?token=${token}`);

    const [row] = await t.ctx.db.select().from(emailOutbox);
    expect(row).toMatchObject({ kind: "login", status: "sent", attempts: 1, lastError: null });
    expect(row!.text).not.toContain(token);
    expect(row!.html).not.toContain(token);
    expect(row!.text).toContain("/auth/callback?token=[poistettu]");

    expect((await callback(token)).statusCode).toBe(200);
  });

  it("keeps a refused message in the outbox as failed, answers clearly, and delivers it later", async () => {
    smtp.state.refuse = true;
    const res = await requestLink("ansa@example.com");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: messages.mailFailed });

    const [failed] = await t.ctx.db.select().from(emailOutbox);
    expect(failed).toMatchObject({ kind: "login", status: "failed", attempts: 1 });
    expect(failed!.lastError).toContain("Postilaatikko ei ole nyt käytettävissä");
    expect(failed!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 60_000);
    expect(failed!.text).toMatch(LINK); // kept whole until it is delivered

    const deliverMail = jobs.find((j) => j.name === "deliver-mail")!;
    smtp.state.refuse = false;
    await deliverMail.run(t.ctx);
    expect(smtp.received).toHaveLength(0); // not due yet
    t.clock.advance(60_000);
    await deliverMail.run(t.ctx);
    expect(smtp.received).toHaveLength(1);
    const [sent] = await t.ctx.db.select().from(emailOutbox);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    const token = decodeQuotedPrintable(smtp.received[0]!.raw).match(LINK)![1]!;
    expect((await callback(token)).statusCode).toBe(200);
  });

  it("never delivers one message twice when a request and the job race for it", async () => {
    const id = await t.ctx.mail.enqueue(t.ctx.db, {
      to: "kaisa@example.com",
      subject: "Kuitti",
      text: "Kiitos varauksesta.",
      kind: "receipt",
    });
    const deliverMail = jobs.find((j) => j.name === "deliver-mail")!;
    await Promise.all([t.ctx.mail.deliver(t.ctx.db, id), deliverMail.run(t.ctx), deliverMail.run(t.ctx)]);
    expect(smtp.received).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("stops retrying a login e-mail once its link has expired", async () => {
    smtp.state.refuse = true;
    expect((await requestLink("vanha@example.com")).statusCode).toBe(503);
    smtp.state.refuse = false;
    t.clock.advance(16 * 60_000);
    const deliverMail = jobs.find((j) => j.name === "deliver-mail")!;
    await deliverMail.run(t.ctx);
    expect(smtp.received).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("answers 503 without crashing when no SMTP server answers at all", async () => {
    const deadUrl = `smtp://127.0.0.1:${await freePort()}`;
    const dead = await createTestApp(kind, {
      env: { SMTP_URL: deadUrl },
      mailTransport: smtpTransport(deadUrl),
    });
    try {
      const res = await dead.app.inject({
        method: "POST",
        url: "/api/v2/auth/magic-link",
        payload: { email: "ansa@example.com" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: messages.mailFailed });
      const [row] = await dead.ctx.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect((await dead.app.inject({ method: "GET", url: "/api/v2/health" })).statusCode).toBe(200);
    } finally {
      await dead.close();
    }
  });
});

describe("choosing the mail transport", () => {
  it("prints to the console without SMTP_URL and uses SMTP with it", async () => {
    const database = await openTestDatabase("pglite");
    try {
      const consoleCtx = await createContext(loadConfig({ NODE_ENV: "test" }), database);
      expect(consoleCtx.mail.transportName).toBe("console");
      const smtpCtx = await createContext(
        loadConfig({ NODE_ENV: "test", SMTP_URL: "smtp://127.0.0.1:2525" }),
        database,
      );
      expect(smtpCtx.mail.transportName).toBe("smtp");
    } finally {
      await database.close();
    }
  });
});
