import {
  auditActionLabels,
  cancelReasonLabels,
  discountKindLabels,
  giftCardTransactionLabels,
  jobLabels,
  labelOf,
  movedByLabels,
  outboxKindLabels,
  paymentMethodLabels,
  paymentProviderLabels,
  purchaseKindLabels,
  reservationKindLabels,
  scheduleInWords,
} from "../../src/domain/admin/labels";
import { formatEuros } from "../../src/domain/money";
import { jobs } from "../../src/server/jobs/schedule";
import {
  gateCheckOutcomeText,
  jobResultText,
  jobsWithReadings,
  lightsOutcomeText,
} from "../../src/domain/admin/jobResults";
import type { GateCheckOutcome } from "../../src/server/door/gateHealth";
import type { LightsOutcome } from "../../src/server/lights/service";
import { auditText } from "../../src/web/admin/sections/auditText";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { ledgerKinds } from "../../src/domain/ledger.js";

/** Every .ts file under a folder, read as text (to find the codes the server writes). */
function sources(dir: string, except: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !except.some((skip) => file.startsWith(skip)))
    .map((file) => readFileSync(file, "utf8"));
}
/**
 * The modules' code (decision 037), without what writes neither e-mails nor audit rows but has a
 * `kind` or an `action` of its own: the database's set-up, the devices' and providers' payloads,
 * the security headers' frame rule.
 */
const services = sources("src/server", [
  "src/server/db/",
  "src/server/bootstrap.ts",
  "src/server/integrations/",
  "src/server/plugins/securityHeaders.ts",
]).join("\n");
/**
 * `kind:` values in services that are not e-mail kinds, with the labels the admin reads them by:
 * bookings, discount codes, gift card entries, purchases, who moved a booking.
 */
const labelledKinds: Readonly<Record<string, string>> = {
  ...reservationKindLabels,
  ...discountKindLabels,
  ...giftCardTransactionLabels,
  ...purchaseKindLabels,
  ...movedByLabels,
};
/** Codes no view shows: a price series (prices/repository.ts), the money ledger's entries (decision 038). */
const internalKinds: readonly string[] = ["rule", "tier", "vat", ...ledgerKinds];

describe("the admin's labels (decision 028)", () => {
  it("says every job's schedule in words and names every job", () => {
    expect(scheduleInWords("0 * * * * *")).toBe("minuutin välein");
    expect(scheduleInWords("*/30 * * * * *")).toBe("30 sekunnin välein");
    expect(scheduleInWords("15,45 * * * * *")).toBe("2 kertaa minuutissa");
    expect(scheduleInWords("15 */5 * * * *")).toBe("5 minuutin välein");
    expect(scheduleInWords("0 5 * * * *")).toBe("tunnin välein");
    expect(scheduleInWords("0 0 3 * * *")).toBe("joka päivä klo 3.00");
    expect(scheduleInWords("0 30 3 * * *")).toBe("joka päivä klo 3.30");
    // A shape it does not know is shown as it is, never wrongly.
    expect(scheduleInWords("0 0 3 * * 1")).toBe("0 0 3 * * 1");
    for (const job of jobs) {
      expect(scheduleInWords(job.schedule), job.schedule).not.toBe(job.schedule);
      expect(labelOf(jobLabels, job.name), job.name).not.toBe(job.name);
    }
  });

  it("has a label for every outbox kind and audit action the server writes", () => {
    const kinds = [...services.matchAll(/kind: "([a-z_-]+)"/g)].map((m) => m[1]!);
    const mailKinds = kinds.filter((k) => !Object.hasOwn(labelledKinds, k) && !internalKinds.includes(k));
    expect(mailKinds).toContain("receipt");
    for (const kind of mailKinds) expect(labelOf(outboxKindLabels, kind), kind).not.toBe(kind);
    const actions = [
      ...services.matchAll(/action: (?:[a-zA-Z.]+ \? )?"([a-z_.]+)"(?: : "([a-z_.]+)")?/g),
    ].flatMap((m) => [m[1], m[2]].filter((a): a is string => !!a));
    expect(actions.length).toBeGreaterThan(20);
    for (const action of actions) expect(labelOf(auditActionLabels, action), action).not.toBe(action);
  });

  it("has a label for every payment method and provider, and every reason a booking is cancelled", () => {
    const methods = [...services.matchAll(/method: "([a-z_]+)"/g)].map((m) => m[1]!);
    const providers = [...services.matchAll(/(?:provider: |PROVIDER = )"([a-z_]+)"/g)].map((m) => m[1]!);
    const cancelReasons = [
      ...services.matchAll(/cancelReason(?::| \?\?) "([a-z_]+)"/g),
      ...services.matchAll(/\.cancel\([^()]*"([a-z_]+)"/g),
      ...services.matchAll(/\? "(admin[a-z_]*)" : "(admin[a-z_]*)"/g),
    ].flatMap((m) => m.slice(1).filter((c): c is string => !!c));
    expect(methods).toContain("gift_card");
    expect(providers).toContain("demo");
    expect(cancelReasons).toEqual(expect.arrayContaining(["customer", "admin_refunded", "hold_expired"]));
    for (const method of [...methods, "card", "mobilepay"])
      expect(labelOf(paymentMethodLabels, method), method).not.toBe(method);
    for (const provider of providers)
      expect(labelOf(paymentProviderLabels, provider), provider).not.toBe(provider);
    for (const reason of cancelReasons) expect(labelOf(cancelReasonLabels, reason), reason).not.toBe(reason);
  });

  it("reads every job's result as a sentence, never its code", () => {
    expect(jobsWithReadings.toSorted()).toEqual(jobs.map((j) => j.name).toSorted());
    expect(jobResultText("check-health", '{"database":"ok","mail":"virhe"}')).toBe(
      "Tietokanta toimii, Sähköposti: vika",
    );
    expect(jobResultText("deliver-mail", "0")).toBe("Ei lähetettävää");
    expect(jobResultText("deliver-mail", "1")).toBe("1 viesti lähetetty");
    expect(jobResultText("create-due-invoices", "3 kpl")).toBe("3 laskua luotu");
    expect(jobResultText("offer-freed-slots", '{"ended":0,"missed":0,"offered":0}')).toBe(
      "Ei vapautuneita aikoja",
    );
    expect(jobResultText("offer-freed-slots", '{"ended":1,"missed":0,"offered":2}')).toBe(
      "Jono: 1 jono päättyi ajan alettua, 2 aikaa tarjottu",
    );
    expect(jobResultText("purge-expired-personal-data", '{"emails":3,"sessions":1,"jobRuns":0}')).toBe(
      "Poistettu: 3 sähköpostia, 1 istunto",
    );
    expect(jobResultText("clear-expired-ips", '{"holdIps":0,"doorIps":0}')).toBe("Ei tyhjennettävää");
    // The outcomes' codes as the server's types name them: a new one fails to compile here.
    const gate: Record<GateCheckOutcome, string> = gateCheckOutcomeText;
    const lights: Record<LightsOutcome, string> = lightsOutcomeText;
    expect(Object.keys(gate)).toHaveLength(4);
    expect(Object.keys(lights)).toHaveLength(6);
    for (const [job, codes] of [
      ["check-gate", Object.keys(gate)],
      ["switch-lights", Object.keys(lights)],
    ] as const)
      for (const code of codes) {
        const text = jobResultText(job, JSON.stringify(code));
        expect(text, code).toMatch(/^[A-ZÄÖ][a-zäö]/);
        expect(text, code).not.toContain(code);
      }
    expect(jobResultText("check-gate", '"claimed-elsewhere"')).toBe(
      "Toinen palvelin tarkisti portin tällä kertaa",
    );
    // A shape no reading knows is shown as it is (never wrongly), and nothing is nothing.
    expect(jobResultText("deliver-mail", '{"odd":1}')).toBe('{"odd":1}');
    expect(jobResultText("deliver-mail", null)).toBe("");
  });

  it("names a setting and a booking in words, with the changed fields before and after", () => {
    const setting = auditText({
      id: 1,
      at: "2026-06-15T10:00:00+03:00",
      actorEmail: "anna@example.com",
      action: "settings.update",
      entity: "settings",
      entityId: "slotRules",
      before: { maxDogs: 4, holdMinutes: 10 },
      after: { maxDogs: 6, holdMinutes: 10 },
      changed: ["maxDogs"],
    });
    expect(setting).toEqual({
      action: "Asetus muutettu",
      subject: "Varaussäännöt",
      changes: [{ field: "Koiria enintään", before: "4", after: "6" }],
    });
    const booking = auditText({
      id: 2,
      at: "2026-06-15T10:00:00+03:00",
      actorEmail: "anna@example.com",
      action: "reservation.cancel_with_refund",
      entity: "reservation",
      entityId: "0b8f2d0e-1111-4222-8333-944445555666",
      // As the server keeps it (issue 31): no name, e-mail, phone or tokens; the changed fields by name.
      before: {
        id: "x",
        status: "confirmed",
        startsAt: "2026-06-16T07:00:00.000Z",
        endsAt: "2026-06-16T08:00:00.000Z",
      },
      after: {
        id: "x",
        status: "cancelled",
        startsAt: "2026-06-16T07:00:00.000Z",
        endsAt: "2026-06-16T08:00:00.000Z",
        refundedCents: 1500,
      },
      changed: ["accessToken", "phone", "refundedCents", "status"],
    });
    expect(booking.action).toBe("Varaus peruttu ja maksu palautettu");
    expect(booking.subject).toMatch(/^Varaus .*16\.6\.2026.*10\.00.*11\.00$/);
    // A personal field shows as changed without its values; a link secret not at all.
    expect(booking.changes).toEqual([
      { field: "Tila", before: "Vahvistettu", after: "Peruttu" },
      { field: "Palautettu", before: "–", after: formatEuros(1500) },
      { field: "Puhelin", before: "ei tallenneta", after: "muutettu" },
    ]);
  });

  it("reads the log's rows in words: codes by their labels, days as days, no ids", () => {
    const at = "2026-06-15T12:00:00+03:00";
    const row = { id: 3, at, actorEmail: "anna@example.com", entityId: "7", changed: [] as string[] };
    const code = auditText({
      ...row,
      action: "discount_code.update",
      entity: "discount_code",
      before: {
        id: 7,
        code: "KEVAT10",
        kind: "percent",
        percentOff: 10,
        amountOffCents: null,
        validFrom: "2026-05-31T21:00:00.000Z",
        validUntil: "2026-06-30T21:00:00.000Z",
        createdAt: "2026-05-01T09:00:00.000Z",
      },
      after: {
        id: 7,
        code: "KEVAT10",
        kind: "fixed",
        percentOff: null,
        amountOffCents: 500,
        validFrom: "2026-05-31T21:00:00.000Z",
        validUntil: null,
        createdAt: "2026-05-01T09:00:00.000Z",
      },
    });
    expect(code).toEqual({
      action: "Alennuskoodi muutettu",
      subject: "Alennuskoodi KEVAT10",
      changes: [
        { field: "Alennus (%)", before: "10", after: "–" },
        { field: "Alennus", before: "–", after: formatEuros(500) },
        { field: "Laji", before: "Prosenttialennus", after: "Euroalennus" },
        // The code's last day, as the admin gave it (it is kept as the midnight after it).
        { field: "Viimeinen voimassaolopäivä", before: "ti 30.6.2026", after: "–" },
      ],
    });
    const refund = auditText({
      ...row,
      entityId: "21155355-eb0f-4ff8-829b-75d3d8d8b1b9",
      action: "payment.refund",
      entity: "payment",
      before: {
        id: "21155355-eb0f-4ff8-829b-75d3d8d8b1b9",
        method: "gift_card",
        provider: "gift_card",
        status: "paid",
        paidAt: "2026-06-15T09:00:00.000Z",
        amountCents: 1500,
        reservationId: "86a6ed77-f1af-4d4f-ae4c-e96e7babc56d",
      },
      after: { refundIds: ["542cfb28-1ee7-4021-b67f-75113c16b76d"], amountCents: 500 },
      changed: ["amountCents", "method", "refundIds", "status"],
    });
    expect(refund).toEqual({
      action: "Maksu palautettu",
      subject: `Maksu ${formatEuros(1500)}, Lahjakortti, ma 15.6.2026 klo 12.00`,
      changes: [{ field: "Summa", before: "–", after: formatEuros(500) }],
    });
    const card = auditText({
      ...row,
      entityId: "d351707e-3cbd-483a-b85d-5b203730c6df",
      action: "gift_card.issue",
      entity: "gift_card",
      before: null,
      after: {
        id: "d351707e-3cbd-483a-b85d-5b203730c6df",
        maskedCode: "••••-••••-••••-FN55",
        initialCents: 3000,
      },
    });
    expect(card.subject).toBe("Lahjakortti …FN55");
    const price = auditText({
      ...row,
      entityId: "1",
      action: "price_rule.update",
      entity: "price_rule",
      before: [
        {
          id: 1,
          ruleId: 1,
          name: "30 min",
          priceCents: 900,
          effectiveFrom: "2000-01-01",
          effectiveUntil: null,
        },
      ],
      after: [
        {
          id: 1,
          ruleId: 1,
          name: "30 min",
          priceCents: 900,
          effectiveFrom: "2000-01-01",
          effectiveUntil: "2026-06-15",
        },
        {
          id: 5,
          ruleId: 1,
          name: "30 min",
          priceCents: 1600,
          effectiveFrom: "2026-06-15",
          effectiveUntil: null,
        },
      ],
    });
    expect(price).toEqual({
      action: "Hinta muutettu",
      subject: "Hinta 30 min",
      changes: [
        { field: "Hinta", before: formatEuros(900), after: formatEuros(1600) },
        { field: "Voimassa alkaen", before: "la 1.1.2000", after: "ma 15.6.2026" },
      ],
    });
    // An admin is named by the address the row is about (an id that reads as itself).
    expect(
      auditText({
        ...row,
        entityId: "uusi@example.com",
        action: "admin.add",
        entity: "admin",
        before: null,
        after: {},
      }).subject,
    ).toBe("Ylläpitäjä uusi@example.com");
    // Nothing in any row shows an id, a code or an ISO time.
    for (const text of [code, refund, card, price])
      expect(JSON.stringify(text)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|gift_card|percent|\d{4}-\d\d-\d\d/);
  });
});
