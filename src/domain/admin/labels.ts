import { paymentMethodNames } from "../paymentMethods";

/**
 * The admin's codes in plain Finnish, in one place (decision 028): the views show these labels
 * (with the code in a `title` tooltip) and the server's CSV files write them, so the owner never
 * reads `paid`, `receipt` or `settings.update`. A code with no label yet falls back to itself, so
 * a new kind shows up (as code) rather than as an empty cell.
 */

/** The label of `code` in `labels`, or the code itself when it has none. */
export function labelOf(labels: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : code;
}

export const paymentStatusLabels = {
  pending: "Kesken",
  paid: "Maksettu",
  cancelled: "Peruttu",
  failed: "Epäonnistui",
  refunded: "Palautettu",
} as const;

/** gift_card: a payment a gift card paid in full (Ostokset reads it so, whatever its form's method). */
export const paymentMethodLabels = paymentMethodNames;

/** gift_card and free are the payments no provider takes (payments/paymentConstants.ts). */
export const paymentProviderLabels = {
  stripe: "Stripe",
  mobilepay: "MobilePay",
  demo: "Demo",
  gift_card: "Lahjakortti",
  free: "Ei maksettavaa",
  bank: "Pankki (tiliote)",
} as const;

/** The gate's device as the server is set up (DOOR_PROVIDER), in words. */
export const doorProviderLabels = {
  log: "ei laitetta, avaukset kirjataan vain lokiin",
  shelly: "Shelly-rele",
  mqtt: "MQTT-ohjain",
} as const;

/** The park's lights as the server is set up (LIGHTS_PROVIDER), in words. */
export const lightsProviderLabels = {
  none: "ei kytkettyjä valoja",
  shelly: "Shelly-rele",
  mqtt: "MQTT-ohjain",
} as const;

export const refundStatusLabels = {
  pending: "Odottaa",
  succeeded: "Palautettu",
  failed: "Epäonnistui",
} as const;

/** Why money went back (payments/refunds.ts RefundReason; a gift card's return has the same reasons). */
export const refundReasonLabels = {
  customer_cancel: "Asiakas perui",
  late_payment: "Maksu saapui myöhässä",
  invoice_not_needed: "Laskua ei tarvittu",
  admin_cancel: "Ylläpito perui",
  admin_refund: "Ylläpidon palautus",
  invoice_credit: "Laskun hyvitys",
  reservation_move: "Siirto edullisempaan aikaan",
} as const;

export const purchaseKindLabels = { reservation: "Varaus", invoice: "Jäsenlasku" } as const;

export const reservationStatusLabels = {
  pending: "Odottaa maksua",
  confirmed: "Vahvistettu",
  cancelled: "Peruttu",
  expired: "Vanhentunut",
} as const;

export const reservationKindLabels = {
  single: "Kertavaraus",
  subscriber: "Jäsen",
  admin: "Ylläpito",
  waitlist: "Jonotarjous",
} as const;

/** Why a booking was cancelled (reservations' cancel_reason). */
export const cancelReasonLabels = {
  customer: "Asiakas perui",
  admin: "Ylläpito perui",
  admin_refunded: "Ylläpito perui ja palautti maksun",
  hold_expired: "Maksuaika umpeutui",
  payment_start_failed: "Maksun aloitus epäonnistui",
  move_paid: "Siirretty toiseen aikaan",
  move_refunded: "Siirretty toiseen aikaan",
  account_deleted: "Asiakastili poistettu",
} as const;

/** Who moved a booking (reservations/moveApply.ts movedBy). */
export const movedByLabels = { visitor: "Varaaja", member: "Jäsen", admin: "Ylläpito" } as const;

export const discountKindLabels = { percent: "Prosenttialennus", fixed: "Euroalennus" } as const;

/** A gift card's history (gift_card_transactions.kind). */
export const giftCardTransactionLabels = {
  issue: "Myönnetty",
  redeem: "Maksettu kortilla",
  return: "Palautettu kortille",
  adjust: "Korjaus",
} as const;

/** The lights' manual control (Toiminta's Valot). */
export const lightsModeLabels = { on: "Päällä", off: "Pois", auto: "Varausten mukaan" } as const;

/** What Firebase said to setting or clearing an admin's claim (system/admins.ts ClaimOutcome). */
export const claimOutcomeLabels = {
  set: "Annettu",
  cleared: "Poistettu",
  no_user: "Käyttäjää ei ole Firebasessa",
  failed: "Epäonnistui",
} as const;

export const invoiceStatusLabels = { open: "Avoin", paid: "Maksettu", void: "Mitätöity" } as const;

export const subscriptionStatusLabels = {
  pending: "Odottaa maksua",
  active: "Voimassa",
  cancelled: "Päättynyt",
  expired: "Vanhentunut",
} as const;

/** The e-mail outbox's kinds (services/*Mail.ts, receipt.ts). */
export const outboxKindLabels = {
  login: "Kirjautumislinkki",
  receipt: "Varausvahvistus ja kuitti",
  cancellation: "Varauksen peruutus",
  refund: "Palautusilmoitus",
  membership_welcome: "Jäsenyyden tervetuloviesti",
  membership_cancelled: "Jäsenyyden päättyminen",
  membership_tier_change: "Jäsenyystason muutos",
  membership_paused: "Jäsenyyden tauko",
  invoice: "Jäsenlasku",
  invoice_overdue: "Maksumuistutus",
  invoice_paid: "Laskun maksukuittaus",
  invoice_credit: "Hyvityslasku",
  invoice_refund: "Laskun palautus",
  reservation_move: "Varauksen siirto",
  reminder: "Varausmuistutus",
  lookup: "Varaukset sähköpostiin",
  member_booking: "Jäsenvarauksen vahvistus",
  standing_slot: "Vakiovuoro",
  admin_booking: "Ylläpidon tekemän varauksen vahvistus",
  waitlist_joined: "Jonoon liittyminen",
  waitlist_offer: "Jonotarjous: aika vapautui",
  "gate-down": "Portti ei vastaa (omistajalle)",
  "gate-up": "Portti vastaa taas (omistajalle)",
  "gate-fallback": "Portin varaohje (kävijälle)",
} as const;

export const outboxStatusLabels = { pending: "Jonossa", sent: "Lähetetty", failed: "Epäonnistui" } as const;

/** The audit log's actions (recordAudit calls in services/). */
export const auditActionLabels = {
  "settings.update": "Asetus muutettu",
  "opening_exception.put": "Poikkeava aukiolo asetettu",
  "opening_exception.delete": "Poikkeava aukiolo poistettu",
  "area.create": "Alue lisätty",
  "area.update": "Alue muutettu",
  "block.create": "Sulku lisätty",
  "block.delete": "Sulku poistettu",
  "reservation.create": "Varaus lisätty",
  "reservation.cancel": "Varaus peruttu",
  "reservation.cancel_with_refund": "Varaus peruttu ja maksu palautettu",
  "reservation.move": "Varaus siirretty",
  "payment.refund": "Maksu palautettu",
  "price_rule.create": "Hinta lisätty",
  "price_rule.update": "Hinta muutettu",
  "price_rule.delete": "Hinta poistettu",
  "membership_tier.update": "Jäsenyystaso muutettu",
  "membership_tier.delete": "Jäsenyystaso poistettu",
  "vat_rate.update": "Arvonlisäverokanta muutettu",
  "discount_code.create": "Alennuskoodi lisätty",
  "discount_code.update": "Alennuskoodi muutettu",
  "discount_code.activate": "Alennuskoodi otettu käyttöön",
  "discount_code.deactivate": "Alennuskoodi poistettu käytöstä",
  "gift_card.issue": "Lahjakortti myönnetty",
  "gift_card.activate": "Lahjakortti otettu käyttöön",
  "gift_card.deactivate": "Lahjakortti poistettu käytöstä",
  "membership.cancel": "Jäsenyys päätetty",
  "membership.tier_change": "Jäsenyystaso vaihdettu",
  "membership.tier_change.cancel": "Jäsenyystason vaihto peruttu",
  "standing_slot.end": "Vakiovuoro päätetty",
  "invoice.credit": "Lasku hyvitetty",
  "invoice.void": "Lasku mitätöity",
  "invoice.resend": "Lasku lähetetty uudelleen",
  "invoice.resend.result": "Laskun uudelleenlähetyksen tulos",
  "bank_statement.apply": "Pankin tiliote luettu",
  "bank_transfer.resolve": "Tilisiirrosta päätetty",
  "mail.resend": "Sähköposti lähetetty uudelleen",
  "mail.resend.result": "Uudelleenlähetyksen tulos",
  "admin.add": "Ylläpitäjä lisätty",
  "admin.remove": "Ylläpitäjä poistettu",
  "admin.claim.set": "Ylläpito-oikeus annettu Firebasessa",
  "admin.claim.clear": "Ylläpito-oikeus poistettu Firebasessa",
  "lights.override": "Valojen käsiohjaus asetettu",
  "photo.upload": "Puiston kuva lisätty",
  "photo.delete": "Puiston kuva poistettu",
  "photo.reorder": "Puiston kuvien järjestys muutettu",
} as const;

/** What an audit row is about (its `entity`). */
export const auditEntityLabels = {
  settings: "Asetus",
  opening_exception: "Poikkeava aukiolo",
  area: "Alue",
  block: "Sulku",
  reservation: "Varaus",
  payment: "Maksu",
  price_rule: "Hinta",
  membership_tier: "Jäsenyystaso",
  vat_rate: "Arvonlisävero",
  discount_code: "Alennuskoodi",
  gift_card: "Lahjakortti",
  membership: "Jäsenyys",
  standing_slot: "Vakiovuoro",
  invoice: "Lasku",
  bank_statement: "Tiliote",
  bank_transfer: "Tilisiirto",
  email: "Sähköposti",
  admin: "Ylläpitäjä",
  lights: "Valot",
  photo: "Puiston kuva",
} as const;

/** Hallintapaneeli's settings (src/server/settings/service.ts settingSchemas) by their names there. */
export const settingLabels = {
  park: "Puiston tiedot",
  openingHours: "Aukioloajat",
  slotRules: "Varaussäännöt",
  holdLimits: "Keskeneräisten varausten rajat",
  door: "Portin aukioloikkuna",
  homeNotice: "Etusivun tiedote",
  waitlist: "Jono vapautuville ajoille",
  dogRules: "Koirakohtaiset säännöt",
  membership: "Jäsenyyden ehdot",
  lights: "Valot",
  facts: "Puisto etusivulla",
} as const;

/** The scheduled jobs (server/jobs/index.ts) by what they do. */
export const jobLabels = {
  "deliver-mail": "Sähköpostien lähetys",
  "release-expired-holds": "Vanhentuneiden varausten vapautus",
  "close-cancelled-checkouts": "Peruttujen maksujen sulkeminen",
  "retry-refunds": "Palautusten uudelleenyritys",
  "expire-abandoned-signups": "Kesken jääneiden jäsenyyksien vanhennus",
  "fill-standing-slots": "Vakiovuorojen viikot",
  "create-due-invoices": "Jäsenlaskujen luonti",
  "remind-overdue-invoices": "Maksumuistutukset",
  "check-health": "Tilan tarkistus",
  "send-reminders": "Varausmuistutukset",
  "check-gate": "Portin tarkistus",
  "switch-lights": "Valojen ohjaus",
  "offer-freed-slots": "Vapautuneet ajat jonolle",
  "purge-expired-personal-data": "Vanhojen henkilötietojen poisto",
  "clear-expired-ips": "Vanhojen IP-osoitteiden poisto",
} as const;

export const jobRunStatusLabels = { running: "Käynnissä", ok: "Onnistui", failed: "Epäonnistui" } as const;

/** Where an admin's right comes from (the järjestelmä list). */
export const adminSourceLabels = {
  config: "palvelimen asetuksissa (ADMIN_EMAILS)",
  list: "lisätty täältä",
  claim: "Firebasen ylläpito-oikeus",
} as const;

const HOURS_OF_DAY = /^\d{1,2}$/;

/**
 * A job's cron pattern (with seconds: "sec min hour day month weekday") in words: "minuutin
 * välein", "5 minuutin välein", "tunnin välein", "joka päivä klo 3.30". A pattern of another
 * shape is returned as it is (shown with its code, never wrong).
 */
export function scheduleInWords(pattern: string): string {
  const fields = pattern.trim().split(/\s+/);
  if (fields.length !== 6) return pattern;
  const [sec, min, hour, day, month, weekday] = fields as [string, string, string, string, string, string];
  if (day !== "*" || month !== "*" || weekday !== "*") return pattern;
  const every = (field: string) => field.match(/^\*\/(\d+)$/)?.[1];
  if (HOURS_OF_DAY.test(hour) && HOURS_OF_DAY.test(min))
    return `joka päivä klo ${hour}.${min.padStart(2, "0")}`;
  if (hour !== "*") return pattern;
  if (HOURS_OF_DAY.test(min)) return "tunnin välein";
  const minutes = every(min);
  if (minutes) return `${minutes} minuutin välein`;
  if (min !== "*") return pattern;
  const seconds = every(sec);
  if (seconds) return `${seconds} sekunnin välein`;
  if (/^\d{1,2}$/.test(sec)) return "minuutin välein";
  const times = sec.split(",");
  if (times.every((t) => /^\d{1,2}$/.test(t))) return `${times.length} kertaa minuutissa`;
  return pattern;
}
