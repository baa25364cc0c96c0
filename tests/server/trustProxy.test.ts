import { magicLinkTokens } from "../../src/server/schema/index.js";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { MAGIC_LINK_MAX_PER_IP } from "../../src/server/routes/auth.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";

/*
 * Behind a reverse proxy that appends to X-Forwarded-For, the entries left of the proxy's own are
 * whatever the client wrote. The per-IP limits must count the address the proxy saw, so a client
 * that forges a new first address on every request is still one client.
 */

const PROXY = "10.20.30.40";
const CLIENT = "203.0.113.9";

describe("TRUST_PROXY from the environment", () => {
  it("takes a number of proxies or their addresses, and nothing when unset, false or 0", () => {
    for (const off of [undefined, "", "false", "0"])
      expect(loadConfig(off === undefined ? {} : { TRUST_PROXY: off }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.2, 10.1.0.0/16,::1,fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.2",
      "10.1.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses true, saying what to write instead", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: true would let every client choose its own address.*TRUST_PROXY=1 for one reverse proxy.*TRUST_PROXY=10\.0\.0\.2/,
    );
  });

  it.each(["yes", "10.0.0.300", "10.0.0.0/33", "proxy.example.com", "-1", "1.5", "1000"])(
    "refuses %s with the same help",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .*TRUST_PROXY=1 for one reverse proxy/,
      );
    },
  );
});

describe.each(databaseKinds)("per-IP limits behind an appending proxy (%s)", (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  let forged = 0;
  /** As the proxy passes it on: the client's own X-Forwarded-For with the address it saw appended. */
  const viaProxy = (email: string, client = CLIENT) =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/auth/magic-link",
      payload: { email },
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": `198.51.100.${++forged % 250}, ${client}` },
    });

  it.each([
    ["one proxy by count", "1"],
    ["the proxy by address", PROXY],
    ["the proxy's network", "10.0.0.0/8"],
  ])("counts the address %s saw, whatever the client wrote first", async (_name, trust) => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: trust } });
    for (let i = 0; i < MAGIC_LINK_MAX_PER_IP; i++)
      expect((await viaProxy(`koira${i}@example.com`)).statusCode).toBe(200);
    const eleventh = await viaProxy("koira-x@example.com");
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(
      "Kirjautumislinkkejä on pyydetty liian monta. Yritä uudelleen 15 minuutin kuluttua.",
    );
    const ips = (await t.ctx.db.select({ ip: magicLinkTokens.requestedIp }).from(magicLinkTokens)).map(
      (r) => r.ip,
    );
    expect(ips).toEqual(Array(MAGIC_LINK_MAX_PER_IP).fill(CLIENT));
    // Another client behind the same proxy has its own count.
    expect((await viaProxy("toinen@example.com", "203.0.113.10")).statusCode).toBe(200);
  });

  it("without TRUST_PROXY counts the connection's address and ignores the header", async () => {
    t = await createTestApp(kind);
    const direct = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/auth/magic-link",
        payload: { email },
        remoteAddress: "192.0.2.50",
        headers: { "x-forwarded-for": `198.51.100.${++forged % 250}` },
      });
    for (let i = 0; i < MAGIC_LINK_MAX_PER_IP; i++)
      expect((await direct(`suora${i}@example.com`)).statusCode).toBe(200);
    expect((await direct("suora-x@example.com")).statusCode).toBe(429);
  });

  it("trusts the header only from the proxy's address when addresses are given", async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: PROXY } });
    // A client reaching the server past the proxy cannot choose its address either.
    const past = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/auth/magic-link",
        payload: { email },
        remoteAddress: "192.0.2.60",
        headers: { "x-forwarded-for": `198.51.100.${++forged % 250}` },
      });
    for (let i = 0; i < MAGIC_LINK_MAX_PER_IP; i++)
      expect((await past(`ohi${i}@example.com`)).statusCode).toBe(200);
    expect((await past("ohi-x@example.com")).statusCode).toBe(429);
  });
});
