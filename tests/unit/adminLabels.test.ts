import {
  auditActionLabels,
  jobLabels,
  labelOf,
  outboxKindLabels,
  scheduleInWords,
} from "../../src/domain/admin/labels";
import { formatEuros } from "../../src/domain/money";
import { jobs } from "../../src/server/jobs/index";
import { jobResultText } from "../../src/web/admin/sections/SystemJobs";
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
/** `kind:` values in services that are not e-mail kinds (bookings, codes, gift card entries). */
const notMailKinds = [
  "single",
  "subscriber",
  "admin",
  "waitlist",
  "fixed",
  "percent",
  "issue",
  "redeem",
  "return",
  "reservation",
  // who moved a booking (reservations/move.ts)
  "visitor",
  "member",
  // a price series (prices/repository.ts)
  "rule",
  "tier",
  "vat",
  // the money ledger's entries (domain/ledger.ts, decision 038)
  ...ledgerKinds,
];

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
    const mailKinds = [...services.matchAll(/kind: "([a-z_-]+)"/g)]
      .map((m) => m[1]!)
      .filter((k) => !notMailKinds.includes(k));
    expect(mailKinds).toContain("receipt");
    for (const kind of mailKinds) expect(labelOf(outboxKindLabels, kind), kind).not.toBe(kind);
    const actions = [
      ...services.matchAll(/action: (?:[a-zA-Z.]+ \? )?"([a-z_.]+)"(?: : "([a-z_.]+)")?/g),
    ].flatMap((m) => [m[1], m[2]].filter((a): a is string => !!a));
    expect(actions.length).toBeGreaterThan(20);
    for (const action of actions) expect(labelOf(auditActionLabels, action), action).not.toBe(action);
  });

  it("reads a health run's JSON as words", () => {
    expect(jobResultText('{"database":"ok","mail":"virhe"}')).toBe("Tietokanta toimii, Sähköposti: vika");
    expect(jobResultText("3 kpl")).toBe("3 kpl");
    expect(jobResultText(null)).toBe("");
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
});
