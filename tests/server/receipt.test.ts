import { rescheduleResponseSchema } from "../../src/domain/booking.js";
import { formatEuros } from "../../src/domain/money.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf, pressDemoButton } from "../support/booking.js";
import { addDiscountCode } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";

/** iCalendar folds long lines (RFC 5545 §3.1); unfold before reading properties. */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "");
const property = (ics: string, name: string) =>
  unfold(ics)
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, "");

/** The printable receipt's rows of one table (its aria-label), as [label, cents or text]. */
function receiptRows(html: string, table: string): Array<[string, string]> {
  const body = html.split(`<table aria-label="${table}"><tbody>`)[1]!.split("</tbody>")[0]!;
  return [...body.matchAll(/<tr><th scope="row">(.*?)<\/th><td>(.*?)<\/td><\/tr>/g)].map((m) => [
    m[1]!,
    m[2]!,
  ]);
}
/** "−10,80 €" → -1080. */
const centsOf = (text: string) =>
  Math.round(
    Number(
      text
        .replace("\u2212", "-")
        .replace(/[\s\u00a0€]/g, "")
        .replace(",", "."),
    ) * 100,
  );

describe.each(databaseKinds)("the receipt e-mail on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: "https://koirapuisto.example" } });
  });
  afterAll(() => t.close());

  it("is Finnish, with the time, price and ALV, both links, the address and an .ics", async () => {
    const { reservation } = await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00", {
      name: "Maija Meikäläinen",
      dogs: 2,
    });
    const [mail] = await outboxOf(t, "receipt");
    expect(mail).toMatchObject({
      to: "maija@example.com",
      subject: "Varausvahvistus: la 20.6.2026 klo 10.00–11.00",
      status: "sent",
    });
    const text = mail!.text;
    expect(text).toContain("Hei Maija Meikäläinen,");
    expect(text).toContain("Aika: la 20.6.2026 klo 10.00–11.00");
    expect(text).toContain("Koiria: 2");
    expect(text).toContain(`Hinta: ${formatEuros(1500)} (sisältää ALV 25,5\u00a0% ${formatEuros(305)})`);
    expect(text).toContain(`Portin avaus: https://koirapuisto.example/avaa/${reservation.doorToken}`);
    expect(text).toContain("Portin voi avata 5 minuuttia ennen varauksen alkua");
    expect(text).toContain(
      `Oma varaus ja peruutus: https://koirapuisto.example/oma-varaus?varaus=${reservation.accessToken}`,
    );
    expect(text).toContain("viimeistään 24 tuntia ennen alkua");
    expect(text).toContain("Osoite: Koirapuisto, Haukkulantie 12, 33100 Tampere");
    expect(text).toContain(
      "Näytä kartalla: https://www.openstreetmap.org/?mlat=61.4978&mlon=23.761#map=17/61.4978/23.761",
    );
    expect(text).toContain("Koirapuisto Oy (Y-tunnus 2876543-5)");
    // The console transport delivered it.
    expect(t.printedMail.some((m) => m.includes("Varausvahvistus: la 20.6.2026 klo 10.00–11.00"))).toBe(true);

    expect(mail!.attachments).toHaveLength(1);
    const [ics] = mail!.attachments;
    expect(ics).toMatchObject({
      filename: "varaus.ics",
      contentType: expect.stringContaining("text/calendar"),
    });
    expect(property(ics!.content, "BEGIN")).toBe("VCALENDAR");
    expect(property(ics!.content, "DTSTART")).toBe("20260620T070000Z");
    expect(property(ics!.content, "DTEND")).toBe("20260620T080000Z");
    expect(property(ics!.content, "SUMMARY")).toBe("Varaus: Koirapuisto");
    expect(property(ics!.content, "LOCATION")).toBe("Koirapuisto\\, Haukkulantie 12\\, 33100 Tampere");
    expect(property(ics!.content, "URL")).toBe(`https://koirapuisto.example/avaa/${reservation.doorToken}`);
    expect(property(ics!.content, "UID")).toBe(`${reservation.id}@koirapuisto`);
  });

  it("puts winter-time bookings in the calendar at the right UTC time", async () => {
    t.clock.set("2026-10-20T09:00:00Z");
    const { reservation } = await bookAndPay(t, "2026-10-26T10:00:00+02:00", "2026-10-26T11:30:00+02:00", {
      email: "talvi@example.com",
    });
    const mail = (await outboxOf(t, "receipt")).find((m) => m.to === "talvi@example.com")!;
    expect(mail.subject).toBe("Varausvahvistus: ma 26.10.2026 klo 10.00–11.30");
    expect(mail.text).toContain(`Hinta: ${formatEuros(2100)} (sisältää ALV 25,5\u00a0% ${formatEuros(427)})`);
    const ics = mail.attachments[0]!.content;
    expect(property(ics, "DTSTART")).toBe("20261026T080000Z");
    expect(property(ics, "DTEND")).toBe("20261026T093000Z");
    expect(property(ics, "UID")).toBe(`${reservation.id}@koirapuisto`);
  });
  it("prints a receipt from the ledger: each charge, each payment and refund, their sums, after moves and a cancel", async () => {
    t.clock.set("2026-06-15T09:00:00Z"); // the test clock's Monday (the test before moved it)
    await addDiscountCode(t); // KEVAT10: 10 %
    const at = (hhmm: string) => `2026-06-22T${hhmm}:00+03:00`;
    const { checkout } = await bookAndPay(t, at("10:00"), at("11:00"), {
      email: "siirtaja@example.com",
      discountCode: "KEVAT10",
    });
    const token = checkout.reservation.accessToken;
    const move = (start: string, end: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/v2/reservations/by-token/${token}/reschedule`,
        payload: { start, end },
      });
    const receipt = async () => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v2/reservations/by-token/${token}/receipt`,
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const first = await receipt();

    // Two hours at 27,00 € less 10 %: 24,30 €, so 10,80 € more, paid by card on the payment page.
    const dearer = rescheduleResponseSchema.parse((await move(at("14:00"), at("16:00"))).json());
    expect(dearer.payment).toMatchObject({ differenceCents: 1080 });
    const paid = await pressDemoButton(
      t,
      new URL(dearer.payment!.redirectUrl, "http://x").pathname,
      "approve",
      "card",
    );
    expect(paid.statusCode).toBe(303);
    // The VAT per rate is the VAT of what is charged (13,50 € holds 2,74 €; 24,30 € holds 4,94 €),
    // not its parts' VAT rounded apart.
    expect(receiptRows(first, "Ostos")).toContainEqual(["ALV 25,5\u00a0%", formatEuros(274)]);
    const moved = receiptRows(await receipt(), "Ostos");
    expect(moved).toContainEqual(["Hinta yhteensä", formatEuros(2430)]);
    expect(moved).toContainEqual(["ALV 25,5\u00a0%", formatEuros(494)]);
    // Back to the first hour: the difference comes back; then cancelled: the rest comes back.
    expect((await move(at("10:00"), at("11:00"))).json().message).toMatch(/Palautamme 10,80\u00a0€/);
    const cancelled = await t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });
    expect(cancelled.json().message).toBe("Varaus peruttu. Palautamme 13,50\u00a0€ maksutavallesi.");

    const html = await receipt();
    const facts = Object.fromEntries(receiptRows(html, "Kuitin tiedot"));
    // The number is the booking's first ledger entry's: the same on every print.
    expect(facts["Kuitin numero"]).toMatch(/^\d+$/);
    expect(facts["Kuitin numero"]).toBe(
      Object.fromEntries(receiptRows(first, "Kuitin tiedot"))["Kuitin numero"],
    );
    expect(facts["Päivämäärä"]).toBe("ma 15.6.2026");
    expect(html).toContain("Y-tunnus 2876543-5");
    // One main landmark, and everything the body shows inside it.
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html).toMatch(/<body>\s*<main>\s*<h1>Kuitti<\/h1>[\s\S]*<\/main>\s*<\/body>/);

    const bought = receiptRows(html, "Ostos");
    const charges = bought.filter(([label]) => /^(Hinta|Alennus|Siirto|Peruutus)\b/.test(label));
    expect(charges.map(([label, value]) => [label.replace(/ \(.*\)$/, ""), centsOf(value)])).toEqual([
      ["Hinta", 1500],
      ["Alennus", -150],
      ["Siirto", 1080],
      ["Siirto", -1080],
      ["Peruutus", -1350],
      ["Hinta yhteensä", 0],
    ]);
    expect(bought[3]).toEqual(["Hinta (60 min, 2 koiraa)", formatEuros(1500)]);
    expect(bought.find(([label]) => label.startsWith("Siirto"))![0]).toBe(
      "Siirto (ma 22.6.2026 klo 10.00–11.00 → ma 22.6.2026 klo 14.00–16.00)",
    );
    expect(bought).toContainEqual(["ALV 25,5\u00a0%", formatEuros(0)]);

    const money = receiptRows(html, "Maksut");
    const sumOf = (prefix: string) =>
      money.filter(([label]) => label.startsWith(prefix)).reduce((s, [, value]) => s + centsOf(value), 0);
    expect(money.filter(([label]) => label.startsWith("Maksu "))).toEqual([
      ["Maksu ma 15.6.2026, MobilePay", formatEuros(1350)],
      ["Maksu ma 15.6.2026, Kortti", formatEuros(1080)],
    ]);
    expect(money.filter(([label]) => label.startsWith("Palautus "))).toEqual([
      ["Palautus ma 15.6.2026, Kortti, palautettu", formatEuros(-1080)],
      ["Palautus ma 15.6.2026, MobilePay, palautettu", formatEuros(-1350)],
    ]);
    expect(sumOf("Maksu ")).toBe(2430);
    expect(sumOf("Palautus ")).toBe(-2430);
    expect(money).toContainEqual(["Maksettu yhteensä", formatEuros(2430)]);
    expect(money).toContainEqual(["Palautettu yhteensä", formatEuros(-2430)]);
    expect(money).toContainEqual(["Maksettavaa", formatEuros(0)]);
    expect(money).toContainEqual(["Tila", "Peruttu"]);
  });
});
