import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { projectId, signedInAdmin, signedInUser, updateUser } from "../support/firebase.js";

/*
 * The Auth emulator signs nothing, and firebase-admin accepts its unsigned tokens: a token written
 * by hand says whatever its writer likes. In emulator mode (development and these tests) who the
 * user is comes from the emulator's own record of the user, so a hand-made `admin: true` is not an
 * admin. Production refuses the emulator altogether (config.test.ts).
 */

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An unsigned ID token as the emulator's would look, with the claims its writer chose. */
function handMadeToken(uid: string, claims: Record<string, unknown> = {}, times: { iat?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: uid,
    user_id: uid,
    iat: times.iat ?? now,
    auth_time: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: "password" },
    ...claims,
  };
  return `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`;
}

describe.each(databaseKinds)("hand-made emulator tokens on the admin routes (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_EMAILS: "omistaja.kasin@example.com" } });
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/v2/admin/me", headers: { authorization: `Bearer ${token}` } });

  it("lets in a genuine admin's token (the check itself)", async () => {
    const admin = await signedInAdmin("aito");
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it("refuses admin: true written into a token for a user who is not an admin", async () => {
    const user = await signedInUser("kasin-admin");
    const res = await me(handMadeToken(user.uid, { email: user.email, email_verified: true, admin: true }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Tällä tunnuksella ei ole ylläpidon käyttöoikeutta." });
  });

  it("refuses a listed admin's e-mail written into another user's token", async () => {
    const user = await signedInUser("kasin-osoite");
    const res = await me(
      handMadeToken(user.uid, { email: "omistaja.kasin@example.com", email_verified: true }),
    );
    expect(res.statusCode).toBe(403);
  });

  it("refuses admin: true for a user the emulator does not have", async () => {
    const res = await me(handMadeToken("ei-ketaan-" + Date.now(), { email: "x@example.com", admin: true }));
    expect(res.statusCode).toBe(401);
  });

  it("refuses an admin's token issued before the admin's tokens were revoked", async () => {
    const admin = await signedInAdmin("peruttu");
    const before = Math.floor(Date.now() / 1000) - 60;
    await updateUser(admin.email, { revokeTokens: true });
    // Signed in after the revocation by its own word, issued before it.
    const res = await me(
      handMadeToken(admin.uid, { email: admin.email, email_verified: true, admin: true }, { iat: before }),
    );
    expect(res.statusCode).toBe(401);
  });
});
