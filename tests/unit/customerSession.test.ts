// @vitest-environment jsdom
import { createActor, waitFor } from "xstate";
import { AUTH_FAILED_FALLBACK, LINK_FAILED_FALLBACK } from "../../machines/customerSessionMachine";
import {
  customerAuthPolicy,
  isCustomerApiPath,
  readStoredSession,
  validStoredSession,
  waitUntilSessionExpires,
  writeStoredSession,
} from "../../src/client/customerSession";
import { createHttpClient } from "../../src/client/http";
import { storageKeys } from "../../src/client/storage";
import {
  CUSTOMER_TOKEN_EXPIRY_MARGIN_MS,
  isCustomerSessionValid,
  tokenExpiryMs,
} from "../../src/domain/customer";
import { createCustomerSessionLogic } from "../../src/web/session/customerSessionLogic";

/*
 * The customer session in the browser: the spec §5 validity rule, local storage, the spec §8
 * policy for customer calls, and expiry while the app is open. "The server" is a scripted fetch.
 */

const NOW = Date.parse("2026-06-15T09:00:00Z");
const customer = { id: "c-1", email: "ansa@example.com", name: null };

// The browser only reads a session token, it cannot check the signature (the server does, see
// tests/server/auth.test.ts), so these tokens carry a dummy one.
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.c2lnbmF0dXJl`;
const tokenExpiringAt = async (expMs: number) =>
  jwt({ sub: "c-1", sid: "s-1", exp: Math.floor(expMs / 1000) });
const tokenWithoutExp = async () => jwt({ sub: "c-1", sid: "s-1" });

beforeEach(() => localStorage.clear());

describe("session validity (spec §5)", () => {
  it("needs the token's expiry more than 60 seconds away", async () => {
    expect(CUSTOMER_TOKEN_EXPIRY_MARGIN_MS).toBe(60_000);
    const at = async (secondsLeft: number) =>
      isCustomerSessionValid({ token: await tokenExpiringAt(NOW + secondsLeft * 1000), customer }, NOW);
    expect(await at(30 * 24 * 3600)).toBe(true);
    expect(await at(61)).toBe(true);
    expect(await at(60)).toBe(false);
    expect(await at(59)).toBe(false);
    expect(await at(-10)).toBe(false);
  });

  it("needs both the token and the customer info", async () => {
    const token = await tokenExpiringAt(NOW + 3600_000);
    expect(isCustomerSessionValid({ token, customer: null }, NOW)).toBe(false);
    expect(isCustomerSessionValid({ token, customer: { name: "ei sähköpostia" } }, NOW)).toBe(false);
    expect(isCustomerSessionValid({ token: null, customer }, NOW)).toBe(false);
    expect(isCustomerSessionValid({ token: "", customer }, NOW)).toBe(false);
  });

  it("counts an undecodable token or one without exp as expired", async () => {
    expect(tokenExpiryMs(await tokenWithoutExp())).toBeNull();
    for (const token of ["abc", "a.b.c", "eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln", await tokenWithoutExp()]) {
      expect(isCustomerSessionValid({ token, customer }, NOW)).toBe(false);
    }
    expect(isCustomerSessionValid({ token: jwt({ exp: "9999999999" }), customer }, NOW)).toBe(false);
  });
});

describe("stored session", () => {
  it("is read back as written, and unreadable customer_info counts as missing", async () => {
    const token = await tokenExpiringAt(NOW + 3600_000);
    writeStoredSession(token, customer);
    expect(readStoredSession()).toEqual({ token, customer });
    expect(validStoredSession(NOW)).toEqual({ token, customer });

    localStorage.setItem(storageKeys.customerInfo, "{rikki");
    expect(readStoredSession()).toEqual({ token, customer: null });
    expect(validStoredSession(NOW)).toBeNull();
  });

  it("restores a valid session, and clears a tampered or expired one", async () => {
    const restore = async () => {
      const actor = createActor(createCustomerSessionLogic({ now: () => NOW, http: offline() })).start();
      const settled = await waitFor(actor, (s) => !s.matches("restoring"));
      actor.stop();
      return settled;
    };
    writeStoredSession(await tokenExpiringAt(NOW + 3600_000), customer);
    expect((await restore()).matches("authenticated")).toBe(true);

    writeStoredSession("eyJhbGciOiJIUzI1NiJ9.dGFtcGVyZWQ.c2ln", customer);
    expect((await restore()).matches("anonymous")).toBe(true);
    expect(localStorage.getItem(storageKeys.customerSessionToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.customerInfo)).toBeNull();

    writeStoredSession(await tokenExpiringAt(NOW + 30_000), customer);
    expect((await restore()).matches("anonymous")).toBe(true);
    expect(localStorage.getItem(storageKeys.customerSessionToken)).toBeNull();
  });
});

/** A scripted server that records what it was sent. */
function fakeServer(answer: (url: string) => Response | Error) {
  const calls: Array<{ url: string; authorization: string | null }> = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({ url, authorization: new Headers(init.headers).get("authorization") });
    const result = answer(url);
    if (result instanceof Error) throw result;
    return result;
  }) as unknown as typeof globalThis.fetch;
  return { calls, http: createHttpClient({ fetch, sleep: async () => {} }) };
}
const offline = () => fakeServer(() => new TypeError("Failed to fetch")).http;

describe("customer calls (spec §6, §8)", () => {
  function setUp(path: string, answer: (url: string) => Response | Error) {
    const server = fakeServer(answer);
    const navigations: string[] = [];
    let lost = 0;
    server.http.useAuth(
      customerAuthPolicy({
        currentPath: () => path,
        navigate: (to) => navigations.push(to),
        onSessionLost: () => lost++,
      }),
    );
    return { ...server, navigations, lost: () => lost };
  }

  it("carry the session token to customer paths only", async () => {
    writeStoredSession("the-session-token", customer);
    const { http, calls } = setUp("/oma-tili", () => Response.json({}));
    await http.get("/api/v2/customers/me");
    await http.get("/api/v2/subscriptions/me");
    await http.get("/api/v2/admin/reservations");
    await http.get("/api/v2/auth/callback", { params: { token: "x" } });
    await http.get("/other/api");
    expect(calls.map((c) => c.authorization)).toEqual([
      "Bearer the-session-token",
      "Bearer the-session-token",
      null,
      null,
      null,
    ]);
    expect(isCustomerApiPath("/api/v2/invoices/7/pay")).toBe(true);
    expect(isCustomerApiPath("/api/v2/admin/reservations")).toBe(false);
  });

  it("on 401 clear the session and customer info and go to /login", async () => {
    writeStoredSession("the-session-token", customer);
    const t = setUp("/oma-tili", () =>
      Response.json({ message: "Istuntosi on päättynyt." }, { status: 401 }),
    );
    await expect(t.http.get("/api/v2/customers/me")).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(storageKeys.customerSessionToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.customerInfo)).toBeNull();
    expect(t.lost()).toBe(1);
    expect(t.navigations).toEqual(["/login"]);
  });

  it.each(["/login", "/auth/callback"])("on 401 stay on %s", async (page) => {
    writeStoredSession("the-session-token", customer);
    const t = setUp(page, () => Response.json({ message: "Kirjaudu sisään." }, { status: 401 }));
    await expect(t.http.post("/api/v2/auth/logout")).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(storageKeys.customerSessionToken)).toBeNull();
    expect(t.navigations).toEqual([]);
  });

  it.each([
    ["/auth/callback", "GET /api/v2/auth/callback?token=x"],
    ["/login", "POST /api/v2/auth/magic-link"],
  ])("on a 401 to the login link on %s clear the session but stay there", async (page, call) => {
    writeStoredSession("the-session-token", customer);
    const t = setUp(page, () => Response.json({ message: "Linkki on vanhentunut." }, { status: 401 }));
    const [method, path] = call.split(" ") as [string, string];
    const request = method === "GET" ? t.http.get(path) : t.http.post(path, { email: "a@b.fi" });
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(storageKeys.customerSessionToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.customerInfo)).toBeNull();
    expect(t.lost()).toBe(1);
    expect(t.navigations).toEqual([]);
    // The login link's own calls never carried the session token.
    expect(t.calls.map((x) => x.authorization)).toEqual([null]);
  });

  it("leave the session alone on a 403", async () => {
    writeStoredSession("the-session-token", customer);
    const t = setUp("/oma-tili", () => Response.json({ message: "Ei sallittu." }, { status: 403 }));
    await expect(t.http.get("/api/v2/reservations/me")).rejects.toMatchObject({ status: 403 });
    expect(readStoredSession().token).toBe("the-session-token");
    expect(t.lost()).toBe(0);
    expect(t.navigations).toEqual([]);
  });
});

describe("session machine with the browser's effects", () => {
  async function requestLinkWith(answer: Response | Error) {
    const actor = createActor(createCustomerSessionLogic({ http: fakeServer(() => answer).http })).start();
    await waitFor(actor, (s) => s.matches("anonymous"));
    actor.send({ type: "session.requestLink", email: "ansa@example.com" });
    const settled = await waitFor(actor, (s) => !s.matches({ anonymous: "sending" }));
    actor.stop();
    return settled;
  }

  it("shows the server's message, or the spec's fallback without one", async () => {
    const limited = await requestLinkWith(Response.json({ message: "Liian monta." }, { status: 429 }));
    expect(limited.context.error).toBe("Liian monta.");
    expect((await requestLinkWith(new Response("", { status: 502 }))).context.error).toBe(
      LINK_FAILED_FALLBACK,
    );
    expect((await requestLinkWith(new TypeError("Failed to fetch"))).context.error).toBe(
      LINK_FAILED_FALLBACK,
    );
    const sent = await requestLinkWith(Response.json({ success: true, message: "Katso sähköpostisi." }));
    expect(sent.matches({ anonymous: "sent" })).toBe(true);
    expect(sent.context.sentMessage).toBe("Katso sähköpostisi.");
  });

  it("stores the session a valid link opens, and says 'Authentication failed' without a server message", async () => {
    const token = await tokenExpiringAt(Date.now() + 3600_000);
    const validate = async (answer: Response) => {
      const actor = createActor(
        createCustomerSessionLogic({ http: fakeServer(() => answer.clone()).http }),
      ).start();
      await waitFor(actor, (s) => s.matches("anonymous"));
      actor.send({ type: "session.validateLink", token: "link" });
      const settled = await waitFor(actor, (s) => !s.matches("validatingLink"));
      actor.stop();
      return settled;
    };
    const ok = await validate(
      Response.json({
        success: true,
        sessionToken: token,
        message: "Olet kirjautunut sisään.",
        customer: { ...customer, phone: null, createdAt: "2026-06-01T09:00:00.000Z" },
      }),
    );
    expect(ok.matches("authenticated")).toBe(true);
    expect(readStoredSession()).toMatchObject({ token, customer: { email: customer.email } });

    localStorage.clear();
    const failed = await validate(new Response("oops", { status: 500 }));
    expect(failed.matches("linkRefused")).toBe(true);
    expect(failed.context.error).toBe(AUTH_FAILED_FALLBACK);
  });
});

describe("expiry while the app is open", () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it("resolves 60 seconds before exp, also for sessions longer than one timer can wait", async () => {
    const exp = NOW + 30 * 24 * 3600_000;
    let expired = false;
    void waitUntilSessionExpires(await tokenExpiringAt(exp), new AbortController().signal).then(
      () => (expired = true),
    );
    await vi.advanceTimersByTimeAsync(exp - NOW - 60_000 - 1);
    expect(expired).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(expired).toBe(true);
  });

  it("resolves at once for an undecodable token, and stops waiting when aborted", async () => {
    await expect(waitUntilSessionExpires("abc", new AbortController().signal)).resolves.toBeUndefined();
    const controller = new AbortController();
    void waitUntilSessionExpires(await tokenExpiringAt(NOW + 3600_000), controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    expect(vi.getTimerCount()).toBe(0);
  });
});
