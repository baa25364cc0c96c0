import { isInProgress } from "../../src/domain/admin/operations";
import { isAuthorizedHost } from "../../src/domain/admin/authorizedDomain";
import { ADMIN_PASSWORD_POLICY, unmetPasswordRequirements } from "../../src/domain/admin/password";
import { adminTokenExpiresAtMs, isAdminTokenFresh } from "../../src/domain/admin/token";

const token = (claims: object) =>
  `${Buffer.from('{"alg":"RS256"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

describe("admin token freshness (spec §5, §9: 5 minutes)", () => {
  const now = Date.parse("2026-06-15T09:00:00Z");
  const expiringIn = (ms: number) => token({ exp: Math.floor((now + ms) / 1000) });

  it("is fresh with more than 5 minutes left, and not from 5 minutes on", () => {
    expect(isAdminTokenFresh(expiringIn(5 * 60_000 + 1000), now)).toBe(true);
    expect(isAdminTokenFresh(expiringIn(5 * 60_000), now)).toBe(false);
    expect(isAdminTokenFresh(expiringIn(60_000), now)).toBe(false);
    expect(isAdminTokenFresh(expiringIn(-1000), now)).toBe(false);
  });

  it("counts a missing, undecodable or exp-less token as not fresh", () => {
    expect(isAdminTokenFresh(null, now)).toBe(false);
    expect(isAdminTokenFresh("not a jwt", now)).toBe(false);
    expect(isAdminTokenFresh(token({ sub: "x" }), now)).toBe(false);
    expect(adminTokenExpiresAtMs(token({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });
});

describe("admin password policy (mirrors the Firebase project's)", () => {
  it("names what a password lacks, in Finnish", () => {
    expect(unmetPasswordRequirements("lyhyt", ADMIN_PASSWORD_POLICY)).toEqual([
      "vähintään 12 merkkiä",
      "iso kirjain",
      "numero",
    ]);
    expect(unmetPasswordRequirements("Pitkä-salasana-7", ADMIN_PASSWORD_POLICY)).toEqual([]);
    expect(unmetPasswordRequirements("ÄÄKKÖSET-ÖÖ-12", ADMIN_PASSWORD_POLICY)).toEqual(["pieni kirjain"]);
  });
});

describe("authorized domains (Firebase's rule)", () => {
  it("allows a listed domain and its subdomains, an IP address only itself", () => {
    expect(isAuthorizedHost("koirapuisto.fi", ["koirapuisto.fi"])).toBe(true);
    expect(isAuthorizedHost("www.koirapuisto.fi", ["koirapuisto.fi"])).toBe(true);
    expect(isAuthorizedHost("koirapuisto.fi.evil.example", ["koirapuisto.fi"])).toBe(false);
    expect(isAuthorizedHost("evilkoirapuisto.fi", ["koirapuisto.fi"])).toBe(false);
    expect(isAuthorizedHost("127.0.0.1", ["localhost", "127.0.0.1"])).toBe(true);
    expect(isAuthorizedHost("1.127.0.0.1", ["127.0.0.1"])).toBe(false);
    expect(isAuthorizedHost("LOCALHOST", ["localhost"])).toBe(true);
    expect(isAuthorizedHost("localhost", [])).toBe(false);
  });
});

describe("Y-tunnus check digit", () => {
  it("accepts ids whose check digit matches and refuses the rest", async () => {
    const { businessIdCheckDigit, isValidBusinessId } = await import("../../src/domain/businessId");
    expect(isValidBusinessId("0112038-9")).toBe(true); // a real company's id
    expect(isValidBusinessId("2876543-5")).toBe(true); // the seeded example
    expect(isValidBusinessId("2876543-4")).toBe(false);
    expect(isValidBusinessId("3456789-1")).toBe(false); // the old example: remainder 1, no valid digit
    expect(businessIdCheckDigit("3456789")).toBeNull();
    expect(isValidBusinessId("112038-9")).toBe(false);
    expect(isValidBusinessId("0112038 9")).toBe(false);
  });
});

describe("operations timeline: in the park now", () => {
  const booking = (status: "pending" | "confirmed") => ({
    status,
    start: "2026-06-16T10:00:00+03:00",
    end: "2026-06-16T11:00:00+03:00",
  });
  it("is a confirmed booking from its start up to (not at) its end", () => {
    expect(isInProgress(booking("confirmed"), "2026-06-16T09:59:59+03:00")).toBe(false);
    expect(isInProgress(booking("confirmed"), "2026-06-16T07:00:00Z")).toBe(true);
    expect(isInProgress(booking("confirmed"), "2026-06-16T10:59:59+03:00")).toBe(true);
    expect(isInProgress(booking("confirmed"), "2026-06-16T11:00:00+03:00")).toBe(false);
    expect(isInProgress(booking("pending"), "2026-06-16T10:30:00+03:00")).toBe(false);
  });
});
