import { decodeJwt, SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { INVALID_EMAIL_MESSAGE } from "../../src/domain/customer.js";
import { MAGIC_LINK_TTL_MINUTES } from "../../src/domain/customerSession.js";
import { customers, emailOutbox, magicLinkTokens } from "../../src/server/schema/index.js";
import {
  hashToken,
  MAGIC_LINK_MAX_PER_EMAIL,
  messages,
  SESSION_LIFETIME_DAYS,
} from "../../src/server/customers/customerAuth.js";
import { MAGIC_LINK_MAX_PER_IP } from "../../src/server/routes/auth.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";

const MINUTE = 60_000;
const LINK = /^(https?:\/\/\S+\/auth\/callback\?token=(\S+))$/m;

describe.each(databaseKinds)("customer login by magic link on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  let ipCounter = 0;
  /** Each call comes from its own address unless told, so the per-IP limit stays out of the way. */
  const requestLink = (email: unknown, ip = `10.0.0.${++ipCounter % 250}`) =>
    t.app.inject({ method: "POST", url: "/api/v2/auth/magic-link", payload: { email }, remoteAddress: ip });
  const lastLink = () => {
    const match = t.printedMail.at(-1)?.match(LINK);
    if (!match) throw new Error(`no login link in ${t.printedMail.at(-1)}`);
    return { url: match[1]!, token: match[2]! };
  };
  const callback = (token: string) =>
    t.app.inject({ method: "GET", url: `/api/v2/auth/callback?token=${encodeURIComponent(token)}` });
  const me = (token: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/v2/customers/me",
      headers: { authorization: `Bearer ${token}` },
    });
  async function logIn(email = "ansa@example.com") {
    expect((await requestLink(email)).statusCode).toBe(200);
    const res = await callback(lastLink().token);
    expect(res.statusCode).toBe(200);
    return res.json().sessionToken as string;
  }

  it("mails a link to the SPA page, keeps only the token's hash, and logs in with it once", async () => {
    const res = await requestLink("  Ansa.Asiakas@Example.COM ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.linkRequested });

    const mail = t.printedMail.at(-1)!;
    expect(mail).toContain("To: ansa.asiakas@example.com");
    expect(mail).toContain("Subject: Kirjautumislinkki – Koirapuisto");
    expect(mail).toContain(`Linkki on voimassa ${MAGIC_LINK_TTL_MINUTES} minuuttia`);
    const { url, token } = lastLink();
    // The SPA page, not the API: a mail scanner that prefetches the link cannot use the token up.
    expect(new URL(url).origin + new URL(url).pathname).toBe(`${t.ctx.config.publicUrl}/auth/callback`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const [customer] = await t.ctx.db.select().from(customers);
    expect(customer!.email).toBe("ansa.asiakas@example.com");
    const [stored] = await t.ctx.db.select().from(magicLinkTokens);
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBe(MAGIC_LINK_TTL_MINUTES * MINUTE);

    const first = await callback(token);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      message: messages.loggedIn,
      customer: { id: customer!.id, email: "ansa.asiakas@example.com", name: null },
    });
    const claims = decodeJwt(body.sessionToken);
    expect(claims.sub).toBe(customer!.id);
    expect(typeof claims.sid).toBe("string");
    expect(claims.exp! * 1000).toBe(t.clock.now().getTime() + SESSION_LIFETIME_DAYS * 24 * 60 * MINUTE);

    const again = await callback(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ success: false, message: messages.linkUsed });
  });

  it("lets exactly one of two simultaneous clicks through", async () => {
    await requestLink("ansa@example.com");
    const { token } = lastLink();
    const results = await Promise.all([callback(token), callback(token), callback(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it("refuses a link once its 15 minutes have passed", async () => {
    await requestLink("ansa@example.com");
    const early = lastLink().token;
    t.clock.advance(MAGIC_LINK_TTL_MINUTES * MINUTE - 1000);
    expect((await callback(early)).statusCode).toBe(200);

    await requestLink("ansa@example.com");
    const late = lastLink().token;
    t.clock.advance(MAGIC_LINK_TTL_MINUTES * MINUTE);
    const res = await callback(late);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: messages.linkExpired });
  });

  it("refuses an unknown token, and asks for a token that is missing", async () => {
    const unknown = await callback("x".repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, message: messages.linkUnknown });

    const missing = await t.app.inject({ method: "GET", url: "/api/v2/auth/callback" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Linkki puuttuu.");
  });

  it("serves the customer to a valid session and 401 to a missing, forged or ended one", async () => {
    const token = await logIn();
    const ok = await me(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customer).toMatchObject({ email: "ansa@example.com" });

    const none = await t.app.inject({ method: "GET", url: "/api/v2/customers/me" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: messages.notLoggedIn });

    const [header, payload, signature] = token.split(".");
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), exp: decodeJwt(token).exp! + 3600 }),
    ).toString("base64url");
    const flipped = signature!.slice(0, -2) + (signature!.at(-2) === "A" ? "B" : "A") + signature!.at(-1);
    for (const forged of [
      `${header}.${tamperedPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      "abc",
    ]) {
      const res = await me(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.sessionEnded });
    }

    // Signed with another secret but otherwise perfect.
    const claims = decodeJwt(token);
    const otherKey = new TextEncoder().encode("another-secret-that-is-long-enough-123456");
    const foreign = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub!)
      .setAudience(claims.aud as string)
      .setExpirationTime(claims.exp!)
      .sign(otherKey);
    expect((await me(foreign)).statusCode).toBe(401);

    t.clock.advance(SESSION_LIFETIME_DAYS * 24 * 60 * MINUTE - 1000);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("revokes the session on logout", async () => {
    const token = await logIn();
    const other = await logIn();
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: messages.loggedOut });

    expect((await me(token)).statusCode).toBe(401);
    const twice = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(twice.statusCode).toBe(401);
    // Only that session ends; the customer's other device stays logged in.
    expect((await me(other)).statusCode).toBe(200);
  });

  it("limits links per e-mail address to 3 in 15 minutes", async () => {
    for (let i = 0; i < MAGIC_LINK_MAX_PER_EMAIL; i++)
      expect((await requestLink("ansa@example.com")).statusCode).toBe(200);
    const limited = await requestLink("ANSA@example.com");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: messages.tooManyForEmail });
    expect(await t.ctx.db.select().from(magicLinkTokens)).toHaveLength(MAGIC_LINK_MAX_PER_EMAIL);
    // Another address is not affected, and the window slides.
    expect((await requestLink("bertta@example.com")).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await requestLink("ansa@example.com")).statusCode).toBe(200);
  });

  it("limits links per IP address to 10 in 15 minutes", async () => {
    const ip = "192.0.2.7";
    for (let i = 0; i < MAGIC_LINK_MAX_PER_IP; i++)
      expect((await requestLink(`koira${i}@example.com`, ip)).statusCode).toBe(200);
    const limited = await requestLink("koira-x@example.com", ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      "Kirjautumislinkkejä on pyydetty liian monta. Yritä uudelleen 15 minuutin kuluttua.",
    );
    expect(limited.headers["retry-after"]).toBe("900");
    expect(await t.ctx.db.select().from(customers).where(eq(customers.email, "koira-x@example.com"))).toEqual(
      [],
    );

    expect((await requestLink("koira-y@example.com", "192.0.2.8")).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await requestLink("koira-x@example.com", ip)).statusCode).toBe(200);
  });

  it("answers the same for a known and an unknown address, and does the same work", async () => {
    await logIn("tuttu@example.com");
    const known = await requestLink("tuttu@example.com");
    const unknown = await requestLink("uusi@example.com");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const sent = await t.ctx.db.select().from(emailOutbox);
    expect(sent.filter((m) => m.to === "uusi@example.com" && m.kind === "login")).toHaveLength(1);
    expect(sent.filter((m) => m.to === "tuttu@example.com" && m.kind === "login")).toHaveLength(2);
    // The first use created the customer, who can now log in like anyone else.
    expect((await callback(lastLink().token)).json().customer.email).toBe("uusi@example.com");
  });

  it("answers 400 with a Finnish message to a bad address", async () => {
    for (const email of ["", "ansa", "ansa@", "ansa@@example.com", `${"a".repeat(250)}@example.com`, 42]) {
      const res = await requestLink(email);
      expect(res.statusCode).toBe(400);
      if (typeof email === "string") expect(res.json()).toEqual({ message: INVALID_EMAIL_MESSAGE });
      else expect(res.json().message).toBe("Sähköpostiosoite on virheellinen.");
    }
    expect(await t.ctx.db.select().from(customers)).toEqual([]);
  });
});
