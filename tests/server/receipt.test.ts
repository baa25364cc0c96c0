import { formatEuros } from "../../src/domain/money.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/** iCalendar folds long lines (RFC 5545 §3.1); unfold before reading properties. */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "");
const property = (ics: string, name: string) =>
  unfold(ics)
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, "");

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
});
