import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { encodedAnswer, etagMatches, rangeAnswer } from "../../src/server/availability/http.js";

const big = JSON.stringify({ days: Array.from({ length: 200 }, (_, i) => ({ date: i, cells: "ffft" })) });

describe("the availability answer over HTTP (decision 016)", () => {
  it("tags an answer with a strong ETag that changes with its text", () => {
    const a = rangeAnswer('{"days":[]}');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(rangeAnswer('{"days":[]}').etag).toBe(a.etag);
    expect(rangeAnswer('{"days":[1]}').etag).not.toBe(a.etag);
  });

  it("matches If-None-Match by the tag, its weak form, in a list, or *", () => {
    const { etag } = rangeAnswer(big);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"vanha", ${etag}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"vanha"', etag)).toBe(false);
    expect(etagMatches(etag.slice(0, -2) + '"', etag)).toBe(false);
  });

  it("prefers brotli, then gzip, skips a coding refused with q=0, and compresses each form once", () => {
    const answer = rangeAnswer(big);
    const br = encodedAnswer(answer, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.payload as Buffer).toString()).toBe(big);
    expect(encodedAnswer(answer, "br, gzip").payload).toBe(br.payload);

    const gzip = encodedAnswer(answer, "gzip, br;q=0");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.payload as Buffer).toString()).toBe(big);
    expect(encodedAnswer(answer, "gzip;q=0.0, br;q=0")).toEqual({ encoding: null, payload: big });
    expect(encodedAnswer(answer, undefined)).toEqual({ encoding: null, payload: big });
  });

  it("sends a short answer as it is, whatever the request accepts", () => {
    const answer = rangeAnswer('{"days":[]}');
    expect(encodedAnswer(answer, "br, gzip")).toEqual({ encoding: null, payload: '{"days":[]}' });
  });
});
