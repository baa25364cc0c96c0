import { admins } from "../../src/server/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { signIn, signedInAdmin, signedInUser, updateUser } from "../support/firebase.js";
import { registeredRoutes } from "../support/routes.js";

/*
 * Every /api/v2/admin route, however it was registered, refuses a request without a valid admin
 * token: 401 without a token or with a bad one, 403 for a genuine Firebase user who is not an
 * admin. Tokens are real ones from the run's Auth emulator, verified by firebase-admin.
 */

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);

describe.each(databaseKinds)("admin guard (%s)", (kind) => {
  let t: TestApp;
  let adminRoutes: Array<{ method: string; url: string }>;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_EMAILS: "omistaja@example.com" } });
    adminRoutes = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith("/api/v2/admin/") && r.method !== "HEAD",
    );
  });
  afterAll(() => t.close());

  const call = (route: { method: string; url: string }, token?: string) =>
    t.app.inject({
      method: route.method as "GET",
      url: concrete(route.url),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
    });

  it("finds the admin routes to check", () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes).toContainEqual({ method: "GET", url: "/api/v2/admin/me" });
  });

  it("answers 401 in Finnish without a token, with a forged one and with an unsigned one", async () => {
    const forged = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    for (const route of adminRoutes) {
      for (const token of [undefined, "not-a-token", forged]) {
        const res = await call(route, token);
        expect({ route, token, status: res.statusCode }).toEqual({ route, token, status: 401 });
        expect(res.json().message).toMatch(/Kirjaudu|kirjautumisesi/);
      }
    }
  });

  it("answers 403 to a signed-in user who is not an admin", async () => {
    const user = await signedInUser("not-admin");
    for (const route of adminRoutes) {
      const res = await call(route, user.token);
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
      expect(res.json()).toEqual({ message: "Tällä tunnuksella ei ole ylläpidon käyttöoikeutta." });
    }
  });

  it("lets in the admin claim, a verified listed e-mail and a verified e-mail in the admins table", async () => {
    const byClaim = await signedInAdmin();
    const byConfig = await signedInUser("omistaja", { email: "omistaja@example.com" });
    const byTable = await signedInUser("taulu");
    await t.ctx.db.insert(admins).values({ email: byTable.email, addedBy: "test" });
    for (const who of [byClaim, byConfig, byTable]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v2/admin/me",
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().admin.uid).toBe(who.uid);
    }
  });

  it("refuses a listed e-mail that is not verified, saying how to verify it", async () => {
    const user = await signedInUser("vahvistamaton", { emailVerified: false });
    await t.ctx.db.insert(admins).values({ email: user.email });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v2/admin/me",
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("ei ole vahvistettu");
  });

  it("refuses the admin claim on an account whose e-mail is not verified", async () => {
    // Adding an address as admin sets the claim on whoever registered it; unverified, that is
    // anyone who typed the address, so the claim alone must not let them in.
    const user = await signedInUser("claim-unverified", { emailVerified: false, claims: { admin: true } });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v2/admin/me",
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("ei ole vahvistettu");
  });

  it("refuses an unverified account added through the admin list, which sets its claim", async () => {
    const owner = await signedInAdmin("claim-owner");
    const squatter = await signedInUser("squatter", { emailVerified: false });
    const added = await t.app.inject({
      method: "POST",
      url: "/api/v2/admin/system/admins",
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { email: squatter.email },
    });
    expect(added.statusCode).toBe(200);
    // A fresh token carries the claim now; it still does not let the unverified account in.
    const fresh = await signIn(squatter.email);
    const res = await asAdmin(fresh);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("ei ole vahvistettu");
    await updateUser(squatter.email, { emailVerified: true });
    expect((await asAdmin(await signIn(squatter.email))).statusCode).toBe(200);
  });

  const asAdmin = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/v2/admin/me", headers: { authorization: `Bearer ${token}` } });

  it("answers 401 for a disabled user's token", async () => {
    const admin = await signedInAdmin("disabled");
    expect((await asAdmin(admin.token)).statusCode).toBe(200);
    await updateUser(admin.email, { disabled: true });
    expect((await asAdmin(admin.token)).statusCode).toBe(401);
  });

  it("answers 401 for a revoked token (revocation is checked on every call)", async () => {
    const admin = await signedInAdmin("revoked");
    expect((await asAdmin(admin.token)).statusCode).toBe(200);
    // Firebase counts revocation in whole seconds after the token was issued.
    await new Promise((r) => setTimeout(r, 1100));
    await updateUser(admin.email, { revokeTokens: true });
    expect((await asAdmin(admin.token)).statusCode).toBe(401);
  });
});
