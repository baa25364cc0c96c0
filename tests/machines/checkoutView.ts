import type { AnyMachineSnapshot } from "xstate";
import type { CheckoutDetails, CheckoutQuote } from "../../machines/checkoutMachine";
import { hasValue, isAt, isEnabled, lacks, shows, type PageProbe, type Target } from "../support/pageProbe";

/*
 * What the checkout page shows in each state of checkoutMachine, written once against a page
 * probe (tests/support/pageProbe.ts) by role and Finnish accessible name, and run by its browser
 * paths (tests/e2e/checkoutPaths.e2e.ts). The jsdom paths (tests/machines/checkout.paths.test.tsx)
 * keep their own, finer checks for now (the summary's figures, the field errors, the fake API's
 * calls), which a browser against the real server cannot know in advance.
 */

export type CheckoutView = (probe: PageProbe, snapshot: AnyMachineSnapshot) => Promise<unknown>;

export const SLOT_TAKEN_MESSAGE = "Valitsemasi aika on juuri varattu. Valitse toinen aika.";
export const NETWORK_MESSAGE = "Verkkovirhe: palvelimeen ei saatu yhteyttä.";

const alert = (text?: string | RegExp): Target => ({ role: "alert", ...(text ? { text } : {}) });
const chooseAnother: Target = { role: "link", name: "Valitse toinen aika" };
const backToCalendar: Target = { role: "link", name: "Takaisin varauskalenteriin" };
const retryButton: Target = { role: "button", name: "Yritä uudelleen" };
const applyCodes: Target = { role: "button", name: "Päivitä hinta" };
const nameField: Target = { role: "textbox", name: "Nimi" };
const terms: Target = { role: "checkbox", name: /Hyväksyn maksuehdot/ };

/** Nothing left to pay (a gift card covers it): the button says the booking is confirmed at once. */
const submitButton = (s: AnyMachineSnapshot): Target => ({
  role: "button",
  name:
    (s.context.quote as CheckoutQuote | null)?.payableCents === 0 ? "Vahvista varaus" : "Siirry maksamaan",
});
const payButton: Target = { role: "button", name: "Siirry maksamaan" };

export const checkoutView: Record<string, CheckoutView> = {
  loadingQuote: async (probe) => {
    await shows(probe, { text: "Haetaan hintaa…" });
    await lacks(probe, payButton);
  },
  quoteFailed: async (probe, s) => {
    await shows(probe, alert(s.context.errorMessage as string));
    await isEnabled(probe, retryButton);
    await shows(probe, backToCalendar);
  },
  // The slot is not free and this tab handed no hold of it to payment: settled at once.
  checkingOwnHold: (probe) => lacks(probe, payButton),
  unavailable: async (probe) => {
    await shows(probe, alert());
    await shows(probe, chooseAnother);
    await lacks(probe, payButton);
    await lacks(probe, nameField);
  },
  editing: async (probe, s) => {
    const details = s.context.details as CheckoutDetails;
    await hasValue(probe, nameField, details.name);
    await hasValue(probe, { role: "textbox", name: "Sähköposti" }, details.email);
    await hasValue(probe, { role: "textbox", name: "Alennuskoodi (vapaaehtoinen)" }, details.discountCode);
    await isEnabled(probe, applyCodes);
    await isEnabled(probe, submitButton(s));
    await isEnabled(probe, terms);
    // A payment that did not start (offline: the connection dropped, and its retry): beside the
    // button the spec's words and in Finnish what to do; the form is open again for the retry.
    const failure = s.context.paymentFailure as { message: string; offline: boolean } | null;
    if (failure) {
      await shows(probe, alert(failure.message));
      await shows(
        probe,
        alert(
          failure.offline
            ? /Tarkista verkkoyhteys ja paina ”Siirry maksamaan” uudelleen\./
            : /Maksua ei aloitettu\./,
        ),
      );
    } else await lacks(probe, alert());
  },
  updatingQuote: async (probe, s) => {
    await shows(probe, { text: "Päivitetään hintaa…" });
    await isEnabled(probe, applyCodes, false);
    await isEnabled(probe, submitButton(s), false);
  },
  creatingPayment: async (probe, s) => {
    await shows(probe, { text: "Luodaan maksua…" });
    await isEnabled(probe, submitButton(s), false);
    await isEnabled(probe, nameField, false);
  },
  slotTaken: async (probe) => {
    await shows(probe, alert(SLOT_TAKEN_MESSAGE));
    await shows(probe, chooseAnother);
    await lacks(probe, payButton);
  },
  // Handed over to the payment page (the demo provider's, which is ours).
  redirecting: (probe) =>
    probe.eventually(async () => expect(await probe.path()).toMatch(/^\/maksu\/demo\//)),
  ownHold: async (probe, s) => {
    await shows(probe, { role: "status", text: "Sinulla on tälle ajalle keskeneräinen maksu." });
    if (s.context.errorMessage) await shows(probe, { text: s.context.errorMessage as string });
    await isEnabled(probe, { role: "button", name: "Jatka maksamaan" });
    await isEnabled(probe, { role: "button", name: "Vapauta aika ja valitse toinen" });
    // Not the lock-out of a slot someone else holds.
    await lacks(probe, alert());
  },
  releasingHold: async (probe) => {
    await shows(probe, { text: "Vapautetaan aikaa…" });
    await isEnabled(probe, { role: "button", name: "Jatka maksamaan" }, false);
  },
  holdReleased: async (probe) => {
    await shows(probe, { role: "status", text: "Aika on vapautettu." });
    await shows(probe, chooseAnother);
    await isEnabled(probe, { role: "button", name: "Varaa tämä aika uudelleen" });
  },
  confirming: async (probe) => {
    await shows(probe, { text: "Vahvistetaan maksua…" });
    await isAt(probe, "/oma-varaus", false);
  },
  waitingForConfirmation: (probe) => shows(probe, { text: "Vahvistetaan maksua…" }),
  confirmationFailed: async (probe, s) => {
    await shows(probe, alert(s.context.errorMessage as string));
    await isEnabled(probe, retryButton);
    await shows(probe, { role: "link", name: "Oma varaus" });
    expect(await probe.stored("reservations")).toBeNull();
  },
  confirmed: async (probe) => {
    await shows(probe, { role: "heading", level: 1, name: "Varaus vahvistettu" });
    for (const name of ["Avaa portti", "Lisää kalenteriin", "Kuitti"])
      await shows(probe, { role: "link", name });
    // Kept in this browser for /oma-varaus and the header.
    expect(JSON.parse((await probe.stored("reservations")) ?? "[]")).toHaveLength(1);
  },
  notConfirmed: async (probe) => {
    await shows(probe, alert("Varausta ei vahvistettu"));
    await shows(probe, backToCalendar);
    expect(await probe.stored("reservations")).toBeNull();
  },
  invalidSlot: async (probe) => {
    await shows(probe, alert("Varattavaa aikaa ei tunnistettu"));
    await shows(probe, { role: "link", name: "Siirry varauskalenteriin" });
  },
  paymentCancelled: async (probe) => {
    await shows(probe, { text: "Maksu peruttiin. Aikaa ei varattu." });
    await shows(probe, { role: "link", name: "Yritä uudelleen" });
    await shows(probe, backToCalendar);
  },
};
