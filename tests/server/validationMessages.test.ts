import { fieldLabel } from "../../src/domain/fieldLabels.js";
import { INVALID_EMAIL_MESSAGE } from "../../src/domain/customer.js";
import { finnishIssueMessage, GENERIC_MESSAGE } from "../../src/server/plugins/validation.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { checkoutBody } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/**
 * A form the server cannot accept answers in sentences a person can act on (issue 32): the field
 * by its Finnish name, never its code name (`priceCents`) or a type's (`number`, `null`), and a
 * schema's own message word for word.
 */

/** What a message must not show: a camelCase or snake_case name, a JSON type, zod's own wording. */
const CODE_WORDS =
  /\b[a-z]+[A-Z]\w*\b|\w_\w|\b(number|string|null|undefined|boolean|object|array|int|NaN)\b|Virheellinen (tyyppi|syöte)|odotettiin|Virheellinen pyyntö:/;

type OpenApiSchema = {
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string }[];
        requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
      }
    >
  >;
};

/** Every field name a request of the API can carry (path, query, headers, JSON body, nested). */
function requestFields(doc: OpenApi): Map<string, string> {
  const fields = new Map<string, string>();
  const walk = (schema: OpenApiSchema | undefined, where: string) => {
    if (!schema) return;
    for (const [name, inner] of Object.entries(schema.properties ?? {})) {
      if (!fields.has(name)) fields.set(name, where);
      walk(inner, where);
    }
    walk(schema.items, where);
    for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) list?.forEach((s) => walk(s, where));
  };
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of operation.parameters ?? []) if (!fields.has(p.name)) fields.set(p.name, where);
      walk(operation.requestBody?.content?.["application/json"]?.schema, where);
    }
  return fields;
}

describe("a field without a Finnish name", () => {
  it("is told as a general sentence, not by its code name", () => {
    const issue = { code: "invalid_type", expected: "number", input: null } as const;
    expect(finnishIssueMessage({ ...issue, path: ["mysteryField"] })).toBe(GENERIC_MESSAGE);
    expect(finnishIssueMessage({ ...issue, path: [] })).toBe(GENERIC_MESSAGE);
    expect(finnishIssueMessage({ ...issue, path: ["priceCents"] })).toBe("Hinta puuttuu.");
    expect(
      finnishIssueMessage({
        code: "too_big",
        origin: "number",
        maximum: 1500,
        inclusive: true,
        input: 2000,
        path: ["extraDogPriceCents"],
      }),
    ).toMatch(/^Lisäkoiran hinta: enintään 15,00\s€\.$/);
    expect(
      finnishIssueMessage({
        code: "invalid_type",
        expected: "string",
        input: 5,
        path: ["weekly", 2, "opens"],
      }),
    ).toBe("Aukeaa (rivi 3) on virheellinen.");
  });
});

describe.each(databaseKinds)("the answer to a form the server cannot accept (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("validation-messages");
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const as = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);

  it("has a Finnish name for every field of every request", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApi;
    const fields = requestFields(doc);
    expect(fields.size).toBeGreaterThan(80);
    const unnamed = [...fields].filter(([name]) => !fieldLabel(name)).map(([n, where]) => `${n} (${where})`);
    expect(unnamed).toEqual([]);
  });

  it("names the admin's fields in Finnish and keeps the schemas' own sentences", async () => {
    const rule = {
      name: "Ilta 1 h",
      lengthMinutes: 60,
      priceCents: 1500,
      weekdays: null,
      fromTime: "18:00",
      toTime: "22:00",
      priority: 10,
      active: true,
    };
    const cases: Array<[string, Promise<{ statusCode: number; json(): { message: string } }>, string]> = [
      ["an empty price", as("POST", "/price-rules", { ...rule, priceCents: null }), "Hinta puuttuu."],
      ["a price in words", as("POST", "/price-rules", { ...rule, priceCents: "15" }), "Hinta: anna luku."],
      [
        "a too short length",
        as("POST", "/price-rules", { ...rule, lengthMinutes: 1 }),
        "Kesto (min): vähintään 5.",
      ],
      [
        "two faults at once",
        as("POST", "/price-rules", { ...rule, priceCents: null, priority: 5000 }),
        "Hinta puuttuu. Etusija: enintään 1000.",
      ],
      [
        "a schema's own sentence",
        as("POST", "/price-rules", { ...rule, priceCents: -1 }),
        "Hinta ei voi olla negatiivinen.",
      ],
      [
        "a tier's empty price",
        as("PUT", "/membership-tiers/1", { name: "Perus", monthlyPriceCents: null, hoursQuota: 8 }),
        "Kuukausihinta puuttuu.",
      ],
      [
        "a gift card without its value",
        as("POST", "/gift-cards", { amountCents: null }),
        "Anna lahjakortin arvo euroina, esimerkiksi 30,00.",
      ],
      ["a bad page number", as("GET", "/purchases?page=0"), "Sivunumero on virheellinen."],
      [
        "an unknown grouping",
        as("GET", "/finance?from=2026-06-01&to=2026-06-30&groupBy=week"),
        "Valitse ryhmittely päivittäin tai kuukausittain.",
      ],
      [
        "a list of weekdays with a bad day",
        as("POST", "/price-rules", { ...rule, weekdays: [1, 9] }),
        "Viikonpäivät (rivi 2): enintään 7.",
      ],
      ["a body that is not an object", as("POST", "/gift-cards", [1]), GENERIC_MESSAGE],
    ];
    for (const [name, request, message] of cases) {
      const res = await request;
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(message);
      expect(res.json().message, name).not.toMatch(CODE_WORDS);
    }
  });

  it("answers a visitor's checkout in Finnish too, with the spec's and the schema's words kept", async () => {
    const slot = ["2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00"] as const;
    const checkout = (extra: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/v2/reservations", payload: checkoutBody(...slot, extra) });
    for (const extra of [{ dogs: "kaksi" }, { acceptTerms: "joo" }, { name: 5 }, { start: null }]) {
      const res = await checkout(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message, JSON.stringify(extra)).not.toMatch(CODE_WORDS);
    }
    // A time that is not a time is told once, as the schema says it (and not also out of range).
    expect((await checkout({ start: "huomenna" })).json()).toEqual({
      message: "Aika ISO 8601 -muodossa aikavyöhykkeen kanssa.",
    });
    const link = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/magic-link",
      payload: { email: "ansa@" },
    });
    expect(link.json()).toEqual({ message: INVALID_EMAIL_MESSAGE });
  });

  it("says a framework's refusal in Finnish", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v2/admin/gift-cards",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Pyynnön JSON-sisältö puuttuu.");
  });
});
