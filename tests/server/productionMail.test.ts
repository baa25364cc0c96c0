import { buildApp, type App } from "../../src/server/app.js";
import { configuredMailTransport, createContext } from "../../src/server/bootstrap.js";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import type { Database } from "../../src/server/db/database.js";
import { emailOutbox } from "../../src/server/schema/index.js";
import { consoleTransport, withholdLinkSecrets } from "../../src/server/mail/service.js";
import { doorUrlOf } from "../../src/server/reservations/receipt.js";
import { ownReservationUrl } from "../../src/server/reservations/visitorMail.js";
import { waitlistCheckoutUrl, waitlistEntryUrl } from "../../src/server/waitlist/mail.js";
import { newToken } from "../../src/server/reservations/checkoutHold.js";
import { createClock } from "../support/app.js";
import { databaseKinds, openTestDatabase } from "../support/database.js";

/*
 * Production never prints a working link: it refuses to start without a mail server unless the
 * operator says MAIL_TO_LOG=true, and then every link is printed without its secrets.
 */

const production = {
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  PUBLIC_URL: "https://koirapuisto.example",
  SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
  ALLOW_DEMO_PAYMENTS: "true",
  FIREBASE_PROJECT_ID: "koirapuisto-prod",
  FIREBASE_API_KEY: "AIza-test-key",
  GOOGLE_APPLICATION_CREDENTIALS: "/etc/koirapuisto/firebase-service-account.json",
};

describe("the mail transport production starts with", () => {
  it("refuses production without SMTP_URL or MAIL_TO_LOG, saying both ways", () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /SMTP_URL: required when NODE_ENV=production.*set MAIL_TO_LOG=true to print e-mails to the log instead/,
    );
    expect(() => loadConfig({ ...production, MAIL_TO_LOG: "false" })).toThrow(/SMTP_URL: required/);
  });

  it("starts with a mail server, or printing to the log when told so, but not both", () => {
    const smtp = loadConfig({ ...production, SMTP_URL: "smtp://mail.koirapuisto.example:587" });
    expect(configuredMailTransport(smtp).name).toBe("smtp");
    const logged = loadConfig({ ...production, MAIL_TO_LOG: "true" });
    expect(configuredMailTransport(logged).name).toBe("console");
    expect(() =>
      loadConfig({ ...production, MAIL_TO_LOG: "true", SMTP_URL: "smtp://mail.koirapuisto.example:587" }),
    ).toThrow(/MAIL_TO_LOG: SMTP_URL is set too/);
  });

  it("keeps printing whole links in development and tests, where the login link is clicked from the terminal", async () => {
    for (const NODE_ENV of ["development", "test"]) {
      const printed: string[] = [];
      const transport = configuredMailTransport(loadConfig({ NODE_ENV }), (text) => printed.push(text));
      const link = "http://localhost:3000/auth/callback?token=" + newToken();
      await transport.deliver("a@b.fi", { to: "c@d.fi", subject: "Kirjaudu", text: link, kind: "login" });
      expect(printed.join("\n")).toContain(link);
    }
  });

  it("prints every kind of link the e-mails carry without its secret", async () => {
    const site = "https://koirapuisto.example";
    const [login, own, door, entry] = [newToken(), newToken(), newToken(), newToken()];
    const entryRow = {
      email: "ansa@example.com",
      startsAt: new Date("2026-06-20T09:00:00Z"),
      endsAt: new Date("2026-06-20T10:00:00Z"),
      accessToken: entry,
    };
    const text = [
      `Kirjaudu: ${site}/auth/callback?token=${login}`,
      `Oma varaus ja peruutus: ${ownReservationUrl(site, own)}`,
      `Portin avaus: ${doorUrlOf(site, door)}.`,
      `Poistu jonosta: ${waitlistEntryUrl(site, entry)}`,
      `Varaa: ${waitlistCheckoutUrl(site, entryRow)}`,
      `Oma tili: ${site}/oma-tili`,
    ].join("\n");
    const printed: string[] = [];
    await consoleTransport((t) => printed.push(t), { withholdSecrets: true }).deliver("a@b.fi", {
      to: "ansa@example.com",
      subject: "Varaus",
      text,
      kind: "receipt",
    });
    const out = printed.join("\n");
    for (const secret of [login, own, door, entry]) expect(out).not.toContain(secret);
    expect(out).toContain(`${site}/auth/callback?token=[poistettu]`);
    expect(out).toContain(`${site}/oma-varaus?varaus=[poistettu]`);
    expect(out).toContain(`${site}/avaa/[poistettu].`);
    expect(out).toContain(`${site}/varauskalenteri/jono/[poistettu]`);
    expect(out).toContain(`?jono=[poistettu]&email=[poistettu]`);
    expect(out).toContain(`${site}/oma-tili`);
    expect(withholdLinkSecrets(`${site}/sivu#${login}`)).toBe(`${site}/sivu#[poistettu]`);
  });
});

describe.each(databaseKinds)("production with MAIL_TO_LOG=true (%s)", (kind) => {
  let database: Database;
  let app: App;
  let printed: string[];
  beforeEach(async () => {
    printed = [];
    // What the process prints is the log the operator reads; the real bootstrap chooses the transport.
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void printed.push(args.join(" ")));
    database = await openTestDatabase(kind);
    const ctx = await createContext(loadConfig({ ...production, MAIL_TO_LOG: "true" }), database, {
      now: createClock().now,
    });
    app = await buildApp({ ctx });
    await app.ready();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app.close();
    await database.close();
  });

  it("logs the login e-mail without a link that signs in", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v2/auth/magic-link",
      payload: { email: "ansa@example.com" },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ kind: "login", status: "sent" });
    const mail = printed.find((p) => p.includes("To: ansa@example.com"));
    expect(mail).toBeDefined();
    expect(mail).toContain("https://koirapuisto.example/auth/callback?token=[poistettu]");
    expect(mail).not.toMatch(/token=(?!\[poistettu\])/);
    // Whatever a reader of the log takes for the token, it does not sign in.
    const taken = mail!.match(/token=(\S+)/)![1]!;
    const callback = await app.inject({
      method: "GET",
      url: `/api/v2/auth/callback?token=${encodeURIComponent(taken)}`,
    });
    expect(callback.statusCode).toBeGreaterThanOrEqual(400);
    expect(callback.statusCode).toBeLessThan(500);
  });
});
