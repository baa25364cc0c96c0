import { ApiError, createHttpClient, NETWORK_RETRY_DELAY_MS, type AuthPolicy } from "../../src/client/http";
import { requestEarly } from "../../src/client/earlyRequests";

/*
 * The client's spec §8 rules, with the network faked at the fetch boundary: each test scripts what
 * "the server" answers and records every request that reached it.
 */
type Call = { url: string; method: string; headers: Record<string, string>; body: string | null };
type Answer = Response | Error | ((call: Call) => Response | Error | Promise<Response | Error>);

function fakeNetwork(...script: Answer[]) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      url,
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: (init.body as string | undefined) ?? null,
    };
    calls.push(call);
    const next = script.length > 1 ? script.shift()! : script[0]!;
    const answer =
      typeof next === "function" ? await next(call) : next instanceof Response ? next.clone() : next;
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe("http client", () => {
  it("returns the parsed JSON of a 2xx answer and sends JSON bodies", async () => {
    const net = fakeNetwork(json(200, { ok: true }));
    const http = createHttpClient({ fetch: net.fetch });
    await expect(http.post("/api/v2/things", { name: "Musti" })).resolves.toEqual({ ok: true });
    expect(net.calls[0]).toMatchObject({ url: "/api/v2/things", method: "POST", body: '{"name":"Musti"}' });
    expect(net.calls[0]!.headers["content-type"]).toBe("application/json");
  });

  it("builds the query from params and leaves out undefined values", async () => {
    const net = fakeNetwork(json(200, {}));
    const http = createHttpClient({ fetch: net.fetch });
    await http.get("/api/v2/availability", { params: { from: "2026-06-01", to: undefined, days: 3 } });
    await http.get("/api/v2/auth/callback?token=abc", { params: { next: "/oma-tili" } });
    expect(net.calls.map((c) => c.url)).toEqual([
      "/api/v2/availability?from=2026-06-01&days=3",
      "/api/v2/auth/callback?token=abc&next=%2Foma-tili",
    ]);
  });

  describe("network errors (spec §8: wait 1 second and retry once)", () => {
    it("waits 1 s and retries once; a success on the retry is returned", async () => {
      const net = fakeNetwork(new TypeError("fetch failed"), json(200, { value: 1 }));
      const { sleep, waits } = recordingSleep();
      const http = createHttpClient({ fetch: net.fetch, sleep });
      await expect(http.get("/api/v2/site")).resolves.toEqual({ value: 1 });
      expect(waits).toEqual([1000]);
      expect(NETWORK_RETRY_DELAY_MS).toBe(1000);
      expect(net.calls).toHaveLength(2);
    });

    it("gives ApiError with status null when the retry fails too, and tries no third time", async () => {
      const net = fakeNetwork(new TypeError("fetch failed"));
      const { sleep, waits } = recordingSleep();
      const http = createHttpClient({ fetch: net.fetch, sleep });
      const error = await http.post("/api/v2/reservations", {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBeNull();
      expect((error as ApiError).message).toMatch(/yhteyttä/);
      // No body: the browser's own words are no server's message (machines/remoteFailure.ts).
      expect((error as ApiError).data).toBeUndefined();
      expect((error as ApiError).cause).toBeInstanceOf(TypeError);
      expect(net.calls).toHaveLength(2);
      expect(waits).toEqual([1000]);
    });

    it("resends a POST's Idempotency-Key with its retry, so the server can answer it once", async () => {
      const net = fakeNetwork(new TypeError("Failed to fetch"), json(201, { success: true }));
      const { sleep } = recordingSleep();
      const http = createHttpClient({ fetch: net.fetch, sleep });
      await http.post("/api/v2/reservations", { dogs: 1 }, { idempotencyKey: "avain-123456" });
      expect(net.calls.map((c) => c.headers["idempotency-key"])).toEqual(["avain-123456", "avain-123456"]);
      await http.post("/api/v2/reservations", { dogs: 1 });
      expect(net.calls[2]!.headers["idempotency-key"]).toBeUndefined();
    });

    it("does not retry an HTTP error answer (the server did answer)", async () => {
      const net = fakeNetwork(json(500, { message: "Palvelinvirhe." }));
      const { sleep, waits } = recordingSleep();
      const http = createHttpClient({ fetch: net.fetch, sleep });
      await expect(http.get("/api/v2/site")).rejects.toMatchObject({ status: 500 });
      expect(net.calls).toHaveLength(1);
      expect(waits).toEqual([]);
    });

    it("really waits before the retry with the default sleep", async () => {
      vi.useFakeTimers();
      try {
        const net = fakeNetwork(new TypeError("fetch failed"), json(200, {}));
        const http = createHttpClient({ fetch: net.fetch });
        const result = http.get("/api/v2/site");
        await vi.advanceTimersByTimeAsync(999);
        expect(net.calls).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1);
        await expect(result).resolves.toEqual({});
        expect(net.calls).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe("identical simultaneous GETs", () => {
    it("share one request, and a GET after it settled makes a new one", async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let served = 0;
      const net = fakeNetwork(async () => {
        await gate;
        served += 1;
        return json(200, { served });
      });
      const http = createHttpClient({ fetch: net.fetch });
      const first = http.get("/api/v2/subscriptions/me");
      const second = http.get("/api/v2/subscriptions/me");
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(a).toEqual({ served: 1 });
      expect(b).toBe(a);
      expect(net.calls).toHaveLength(1);

      await expect(http.get("/api/v2/subscriptions/me")).resolves.toEqual({ served: 2 });
      expect(net.calls).toHaveLength(2);
    });

    it("share a failure too, and the next GET after it tries again", async () => {
      const net = fakeNetwork(json(500, { message: "Hetki" }), json(200, { ok: true }));
      const http = createHttpClient({ fetch: net.fetch });
      const results = await Promise.allSettled([
        http.get("/api/v2/invoices/me"),
        http.get("/api/v2/invoices/me"),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
      expect(net.calls).toHaveLength(1);
      await expect(http.get("/api/v2/invoices/me")).resolves.toEqual({ ok: true });
    });

    it("do not share when the path or params differ, nor with other methods", async () => {
      const net = fakeNetwork(json(200, {}));
      const http = createHttpClient({ fetch: net.fetch });
      await Promise.all([
        http.get("/api/v2/availability", { params: { from: "2026-06-01" } }),
        http.get("/api/v2/availability", { params: { from: "2026-06-02" } }),
        http.get("/api/v2/invoices/me"),
        http.post("/api/v2/invoices/me"),
        http.post("/api/v2/invoices/me"),
      ]);
      expect(net.calls).toHaveLength(5);
    });
  });

  describe("error messages", () => {
    it("uses the server's message in ApiError, with the status and the body", async () => {
      const body = { message: "Aika on jo varattu." };
      const net = fakeNetwork(json(409, body));
      const http = createHttpClient({ fetch: net.fetch });
      const error = (await http.post("/api/v2/reservations", {}).catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(409);
      expect(error.message).toBe("Aika on jo varattu.");
      expect(error.data).toEqual(body);
    });

    it("falls back to a Finnish message with the status when the answer has none", async () => {
      const net = fakeNetwork(new Response("<html>Bad gateway</html>", { status: 502 }));
      const http = createHttpClient({ fetch: net.fetch });
      await expect(http.get("/api/v2/site")).rejects.toMatchObject({
        status: 502,
        message: "Pyyntö epäonnistui (502).",
      });
    });
  });

  describe("auth policies", () => {
    function policy(tokens: (string | null)[], decisions: ("retry" | "fail")[] = []) {
      const rejected: [number, string][] = [];
      const p: AuthPolicy = {
        matches: (path) => path.startsWith("/api/v2/subscriptions") || path.startsWith("/api/v2/invoices"),
        token: () => (tokens.length > 1 ? tokens.shift()! : tokens[0]!),
        onRejected: (status, path) => {
          rejected.push([status, path]);
          return decisions.shift() ?? "fail";
        },
      };
      return { policy: p, rejected };
    }

    it("adds the policy's bearer token to matching paths only", async () => {
      const net = fakeNetwork(json(200, {}));
      const http = createHttpClient({ fetch: net.fetch });
      http.useAuth(policy(["session-1"]).policy);
      await http.get("/api/v2/subscriptions/me");
      await http.get("/api/v2/site");
      expect(net.calls[0]!.headers.authorization).toBe("Bearer session-1");
      expect(net.calls[1]!.headers.authorization).toBeUndefined();
    });

    it("sends no Authorization header when the policy has no token", async () => {
      const net = fakeNetwork(json(200, {}));
      const http = createHttpClient({ fetch: net.fetch });
      http.useAuth(policy([null]).policy);
      await http.get("/api/v2/invoices/me");
      expect(net.calls[0]!.headers.authorization).toBeUndefined();
    });

    it("on a 401 asks the policy; 'retry' retries once with the fresh token", async () => {
      const net = fakeNetwork(
        json(401, { message: "Vanhentunut" }),
        json(200, { subscription: { tier_level: 1 } }),
      );
      const http = createHttpClient({ fetch: net.fetch });
      const auth = policy(["old", "fresh"], ["retry"]);
      http.useAuth(auth.policy);
      await expect(http.get("/api/v2/subscriptions/me")).resolves.toEqual({
        subscription: { tier_level: 1 },
      });
      expect(auth.rejected).toEqual([[401, "/api/v2/subscriptions/me"]]);
      expect(net.calls.map((c) => c.headers.authorization)).toEqual(["Bearer old", "Bearer fresh"]);
    });

    it("retries only once: a second 401 is reported to the policy and fails", async () => {
      const net = fakeNetwork(json(401, { message: "Kirjaudu sisään uudelleen." }));
      const http = createHttpClient({ fetch: net.fetch });
      const auth = policy(["old", "fresh"], ["retry", "retry"]);
      http.useAuth(auth.policy);
      await expect(http.get("/api/v2/subscriptions/me")).rejects.toMatchObject({
        status: 401,
        message: "Kirjaudu sisään uudelleen.",
      });
      expect(net.calls).toHaveLength(2);
      expect(auth.rejected).toHaveLength(2);
    });

    it("on 'fail' does not retry and passes the 401 or 403 on as ApiError", async () => {
      const net = fakeNetwork(json(403, { message: "Ei oikeutta" }));
      const http = createHttpClient({ fetch: net.fetch });
      const auth = policy(["token"], ["fail"]);
      http.useAuth(auth.policy);
      await expect(http.post("/api/v2/invoices/1/pay", {})).rejects.toMatchObject({
        status: 403,
        message: "Ei oikeutta",
      });
      expect(auth.rejected).toEqual([[403, "/api/v2/invoices/1/pay"]]);
      expect(net.calls).toHaveLength(1);
    });

    it("leaves a 401 on a path no policy matches to the caller", async () => {
      const net = fakeNetwork(json(401, { message: "Ei" }));
      const http = createHttpClient({ fetch: net.fetch });
      const auth = policy(["token"], ["retry"]);
      http.useAuth(auth.policy);
      await expect(http.get("/api/v2/site")).rejects.toMatchObject({ status: 401 });
      expect(auth.rejected).toEqual([]);
    });

    it("stops using a removed policy, and removing twice leaves the other policies alone", async () => {
      const net = fakeNetwork(json(200, {}));
      const http = createHttpClient({ fetch: net.fetch });
      const customer = policy(["customer"]);
      const admin: AuthPolicy = {
        matches: (p) => p.startsWith("/api/v2/admin"),
        token: () => "admin",
        onRejected: () => "fail",
      };
      const removeCustomer = http.useAuth(customer.policy);
      http.useAuth(admin);
      removeCustomer();
      removeCustomer();
      await http.get("/api/v2/subscriptions/me");
      await http.get("/api/v2/admin/stats");
      expect(net.calls.map((c) => c.headers.authorization)).toEqual([undefined, "Bearer admin"]);
    });
  });
});

describe("an answer the page's entry asked for early (earlyRequests.ts)", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  /** The browser's fetch, which requestEarly uses, answering as the server would. */
  function earlyNetwork(...script: Answer[]) {
    const net = fakeNetwork(...script);
    globalThis.fetch = net.fetch;
    return net;
  }

  it("is taken once by the same GET, which then reaches the network no more", async () => {
    const early = earlyNetwork(json(200, { days: ["early"] }));
    requestEarly("/api/v2/availability?from=2026-11-28&to=2026-12-04");
    const net = fakeNetwork(json(200, { days: ["asked again"] }));
    const http = createHttpClient({ fetch: net.fetch });

    const params = { from: "2026-11-28", to: "2026-12-04", reactiveDog: undefined };
    await expect(http.get("/api/v2/availability", { params })).resolves.toEqual({ days: ["early"] });
    expect(net.calls).toHaveLength(0);
    expect(early.calls.map((c) => [c.url, c.headers.accept])).toEqual([
      ["/api/v2/availability?from=2026-11-28&to=2026-12-04", "application/json"],
    ]);
    // Once: the next call is a request of its own.
    await expect(http.get("/api/v2/availability", { params })).resolves.toEqual({ days: ["asked again"] });
    expect(net.calls).toHaveLength(1);
  });

  it("keeps its error status and message, as any answer", async () => {
    earlyNetwork(json(503, { message: "Palvelu on hetken poissa käytöstä." }));
    requestEarly("/api/v2/availability?from=2026-11-28&to=2026-12-04");
    const http = createHttpClient({ fetch: fakeNetwork(json(200, {})).fetch });

    const failure = http.get("/api/v2/availability", { params: { from: "2026-11-28", to: "2026-12-04" } });
    await expect(failure).rejects.toMatchObject({
      status: 503,
      message: "Palvelu on hetken poissa käytöstä.",
    });
  });

  it("is not taken once it is 30 seconds old: the page asks afresh", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      earlyNetwork(json(200, { days: ["early"] }));
      requestEarly("/api/v2/availability?from=2026-11-28&to=2026-12-04");
      vi.setSystemTime(Date.now() + 30_000);
      const net = fakeNetwork(json(200, { days: ["fresh"] }));
      const http = createHttpClient({ fetch: net.fetch });
      const params = { from: "2026-11-28", to: "2026-12-04" };
      await expect(http.get("/api/v2/availability", { params })).resolves.toEqual({ days: ["fresh"] });
      expect(net.calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is the first attempt: a lost one is retried once, after spec §8's second, and it is not taken for another URL", async () => {
    earlyNetwork(new TypeError("Failed to fetch"));
    requestEarly("/api/v2/availability?from=2026-11-28&to=2026-12-04");
    const net = fakeNetwork(json(200, { days: [] }));
    const clock = recordingSleep();
    const http = createHttpClient({ fetch: net.fetch, sleep: clock.sleep });

    const other = { from: "2026-11-29", to: "2026-12-05" };
    await expect(http.get("/api/v2/availability", { params: other })).resolves.toEqual({ days: [] });
    expect(clock.waits).toEqual([]);
    const params = { from: "2026-11-28", to: "2026-12-04" };
    await expect(http.get("/api/v2/availability", { params })).resolves.toEqual({ days: [] });
    expect(clock.waits).toEqual([NETWORK_RETRY_DELAY_MS]);
    expect(net.calls.map((c) => c.url)).toEqual([
      "/api/v2/availability?from=2026-11-29&to=2026-12-05",
      "/api/v2/availability?from=2026-11-28&to=2026-12-04",
    ]);
  });
});
