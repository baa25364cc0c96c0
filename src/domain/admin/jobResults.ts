import { healthComponentText } from "./system";
import { labelOf } from "./labels";

/**
 * What a scheduled job's run did, in a sentence (Järjestelmä's Ajastetut työt). The jobs record
 * what their work returned (server/jobs summarize: a count, "3 kpl" for a list, a JSON object or
 * an outcome's code such as "claimed-elsewhere"); each job has its reading here, so the owner reads
 * "Toinen palvelin tarkisti portin" and not the code. tests/unit/adminLabels.test.ts holds every
 * job and every outcome to a reading.
 */

/** "1 viesti", "3 viestiä": a count with its noun in the singular or the partitive. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A run's count: a number, or "3 kpl" as the jobs summarize a list; null when it is neither. */
function countOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  const listed = typeof value === "string" ? /^(\d+) kpl$/.exec(value) : null;
  return listed ? Number(listed[1]) : null;
}

/** A reading of a count: `none` for nothing done, otherwise the count in words. */
const counted =
  (none: string, done: (n: number) => string) =>
  (value: unknown): string | null => {
    const n = countOf(value);
    if (n === null) return null;
    return n === 0 ? none : done(n);
  };

/** A reading of an object of counts: the non-zero ones named, or `none`. */
const countsOf =
  (none: string, lead: string, nouns: Record<string, readonly [one: string, many: string]>) =>
  (value: unknown): string | null => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const parts = Object.entries(value)
      .filter(([, n]) => typeof n === "number" && n > 0)
      .map(([key, n]) => {
        const noun = nouns[key];
        return noun ? count(n as number, ...noun) : `${key} ${n}`;
      });
    return parts.length === 0 ? none : `${lead} ${parts.join(", ")}`;
  };

/** A reading of an outcome's code. */
const outcomes =
  (words: Record<string, string>) =>
  (value: unknown): string | null =>
    typeof value === "string" && Object.hasOwn(words, value) ? words[value]! : null;

/** The gate check's outcomes (server/door/gateHealth.ts GateCheckOutcome). */
export const gateCheckOutcomeText = {
  idle: "Ei varauksia lähiaikoina, porttia ei tarvinnut tarkistaa",
  "claimed-elsewhere": "Toinen palvelin tarkisti portin tällä kertaa",
  ok: "Portti vastasi",
  down: "Portti ei vastannut",
} as const;

/** The lights job's outcomes (server/lights/service.ts LightsOutcome). */
export const lightsOutcomeText = {
  "no-lights": "Valoja ei ole kytketty",
  unchanged: "Valot olivat jo oikein, ei muutosta",
  "in-flight": "Edellinen kytkentä oli vielä kesken",
  on: "Valot sytytetty",
  off: "Valot sammutettu",
  failed: "Valojen kytkentä epäonnistui",
} as const;

const readings: Record<string, (value: unknown) => string | null> = {
  "deliver-mail": counted("Ei lähetettävää", (n) => `${count(n, "viesti", "viestiä")} lähetetty`),
  "release-expired-holds": counted(
    "Ei vanhentuneita varauksia",
    (n) => `${count(n, "maksamaton varaus", "maksamatonta varausta")} vapautettu`,
  ),
  "close-cancelled-checkouts": counted(
    "Ei suljettavia maksuja",
    (n) => `${count(n, "peruttu maksu", "peruttua maksua")} suljettu`,
  ),
  "retry-refunds": counted(
    "Ei uudelleen yritettäviä palautuksia",
    (n) => `${count(n, "palautus", "palautusta")} yritetty uudelleen`,
  ),
  "offer-freed-slots": countsOf("Ei vapautuneita aikoja", "Jono:", {
    offered: ["aika tarjottu", "aikaa tarjottu"],
    missed: ["tarjous vanheni", "tarjousta vanheni"],
    ended: ["jono päättyi ajan alettua", "jonoa päättyi ajan alettua"],
  }),
  "send-reminders": counted(
    "Ei lähetettäviä muistutuksia",
    (n) => `${count(n, "muistutus", "muistutusta")} lähetysjonoon`,
  ),
  "expire-abandoned-signups": counted(
    "Ei kesken jääneitä liittymisiä",
    (n) => `${count(n, "kesken jäänyt liittyminen", "kesken jäänyttä liittymistä")} vanhennettu`,
  ),
  "fill-standing-slots": countsOf("Ei lisättäviä viikkoja", "Vakiovuorot:", {
    series: ["vakiovuoro", "vakiovuoroa"],
    weeks: ["viikko lisätty", "viikkoa lisätty"],
  }),
  "create-due-invoices": counted("Ei laskutettavaa", (n) => `${count(n, "lasku", "laskua")} luotu`),
  "remind-overdue-invoices": counted(
    "Ei muistutettavia laskuja",
    (n) => `${count(n, "maksumuistutus", "maksumuistutusta")} lähetetty`,
  ),
  "check-health": (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    return Object.entries(value)
      .map(([key, v]) => {
        const name = labelOf(healthComponentText, key);
        return v === "ok" ? `${name} toimii` : v === "virhe" ? `${name}: vika` : `${name}: ${String(v)}`;
      })
      .join(", ");
  },
  "check-gate": outcomes(gateCheckOutcomeText),
  "switch-lights": outcomes(lightsOutcomeText),
  "purge-expired-personal-data": countsOf("Ei poistettavaa", "Poistettu:", {
    waitlistEntries: ["jonopaikka", "jonopaikkaa"],
    idempotencyKeys: ["tallennettu vastaus", "tallennettua vastausta"],
    reservationLookups: ["varaushaku", "varaushakua"],
    unusedCustomers: ["käyttämätön asiakastili", "käyttämätöntä asiakastiliä"],
    jobRuns: ["työn ajo", "töiden ajoa"],
    doorEvents: ["portin tapahtuma", "portin tapahtumaa"],
    gateChecks: ["portin tarkistus", "portin tarkistusta"],
    lightSwitches: ["valojen kytkentä", "valojen kytkentää"],
    emails: ["sähköposti", "sähköpostia"],
    loginLinks: ["kirjautumislinkki", "kirjautumislinkkiä"],
    sessions: ["istunto", "istuntoa"],
  }),
  "clear-expired-ips": countsOf("Ei tyhjennettävää", "Tyhjennetty:", {
    holdIps: ["varauksen IP-osoite", "varausten IP-osoitetta"],
    doorIps: ["portin avauksen IP-osoite", "portin avausten IP-osoitetta"],
    waitlistIps: ["jonoon liittymisen IP-osoite", "jonoon liittymisten IP-osoitetta"],
    loginLinkIps: ["kirjautumislinkin IP-osoite", "kirjautumislinkkien IP-osoitetta"],
    reservationLookups: ["varaushaku", "varaushakua"],
  }),
};

/** The jobs that have a reading (every job of server/jobs/index.ts, the test checks). */
export const jobsWithReadings = Object.keys(readings);

/**
 * A successful run's result in a sentence: the job's own reading, or, for a shape it does not
 * know, the value as it is (never wrong, and the test keeps the readings complete).
 */
export function jobResultText(job: string, result: string | null): string {
  if (!result) return "";
  let value: unknown;
  try {
    value = JSON.parse(result);
  } catch {
    value = result;
  }
  const read = Object.hasOwn(readings, job) ? readings[job]!(value) : null;
  if (read !== null) return read;
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}
