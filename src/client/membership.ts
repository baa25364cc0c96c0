import type { PaymentMethod } from "../domain/booking";
import type {
  CancelSubscriptionResponse,
  CustomerData,
  DeleteAccountResponse,
  InvoiceList,
  PaymentResponse,
  SignupRequest,
  Subscription,
  PauseQuote,
  PauseResponse,
  TierChangeQuote,
  TierChangeResponse,
  TiersResponse,
} from "../domain/membership";
import type { ReminderPreference } from "../domain/reservationLookup";
import { ApiError, http as defaultHttp, type HttpClient } from "./http";
import { newIdempotencyKey } from "./idempotencyKey";
import { parseAnswer } from "./parseAnswer";

/** The answers' schemas, loaded with the first call (parseAnswer). */
const schemas = () => import("../domain/membership");

/*
 * Membership, invoices and the customer's own data (issue 7 contract in src/domain/membership.ts)
 * as the SPA calls them. The customer paths carry the session's bearer token through the http
 * client's auth policy. Answers are parsed with the contract's schemas, so a server that drifts
 * shows up as an error instead of a half-drawn page.
 */

export function createMembershipApi(http: HttpClient = defaultHttp) {
  return {
    /** Public: what /jasenyys and the home page show. */
    async tiers(): Promise<TiersResponse> {
      return parseAnswer(schemas(), http.get("/api/v2/subscriptions/tiers"), (m, data) =>
        m.tiersResponseSchema.parse(data),
      );
    },
    /** The customer's membership, or null when they have none (the API answers 404). */
    async mySubscription(): Promise<Subscription | null> {
      try {
        // Awaited here: a returned promise's rejection would pass the catch (the 404 became an error).
        return await parseAnswer(
          schemas(),
          http.get("/api/v2/subscriptions/me"),
          (m, data) => m.subscriptionResponseSchema.parse(data).subscription,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    /** One call is one attempt of the customer: its key makes the network retry safe. */
    async signup(request: SignupRequest): Promise<PaymentResponse> {
      return parseAnswer(
        schemas(),
        http.post("/api/v2/subscriptions/signup", request, { idempotencyKey: newIdempotencyKey() }),
        (m, data) => m.paymentResponseSchema.parse(data),
      );
    },
    async cancelSubscription(): Promise<CancelSubscriptionResponse> {
      return parseAnswer(schemas(), http.post("/api/v2/subscriptions/me/cancel"), (m, data) =>
        m.cancelSubscriptionResponseSchema.parse(data),
      );
    },
    /** What changing to `tierLevel` would mean (decision 057): when, the new price, any difference. */
    async tierChangeQuote(tierLevel: number): Promise<TierChangeQuote> {
      return parseAnswer(
        schemas(),
        http.get("/api/v2/subscriptions/me/tier-change", { params: { tier_level: tierLevel } }),
        (m, data) => m.tierChangeQuoteSchema.parse(data),
      );
    },
    /** Changes the tier: a higher one at once, a lower one from the next period. */
    async changeTier(tierLevel: number): Promise<TierChangeResponse> {
      return parseAnswer(
        schemas(),
        http.post("/api/v2/subscriptions/me/tier-change", { tier_level: tierLevel }),
        (m, data) => m.tierChangeResponseSchema.parse(data),
      );
    },
    /** What pausing for `weeks` weeks would do (decision 058): its days, the commitment, the bookings cancelled. */
    async pauseQuote(weeks: number): Promise<PauseQuote> {
      return parseAnswer(
        schemas(),
        http.get("/api/v2/subscriptions/me/pause", { params: { weeks } }),
        (m, data) => m.pauseQuoteSchema.parse(data),
      );
    },
    /** Pauses the membership from the next period. */
    async pauseMembership(weeks: number): Promise<PauseResponse> {
      return parseAnswer(schemas(), http.post("/api/v2/subscriptions/me/pause", { weeks }), (m, data) =>
        m.pauseResponseSchema.parse(data),
      );
    },
    /** Takes back a pause that has not begun. */
    async withdrawPause(): Promise<PauseResponse> {
      return parseAnswer(schemas(), http.delete("/api/v2/subscriptions/me/pause"), (m, data) =>
        m.pauseResponseSchema.parse(data),
      );
    },
    /** Newest first. */
    async myInvoices(): Promise<InvoiceList> {
      return parseAnswer(schemas(), http.get("/api/v2/invoices/me"), (m, data) =>
        m.invoicesResponseSchema.parse(data),
      );
    },
    /** Spec §7: the body is `{paymentMethod, gift_card_code}`, the code null when none is given. */
    async payInvoice(
      invoiceId: string,
      body: { paymentMethod: PaymentMethod; gift_card_code?: string | null },
    ): Promise<PaymentResponse> {
      const request = { paymentMethod: body.paymentMethod, gift_card_code: body.gift_card_code ?? null };
      return parseAnswer(
        schemas(),
        http.post(`/api/v2/invoices/${encodeURIComponent(invoiceId)}/pay`, request, {
          idempotencyKey: newIdempotencyKey(),
        }),
        (m, data) => m.paymentResponseSchema.parse(data),
      );
    },
    /** A paid invoice's receipt (kuitti), print-friendly HTML; only the signed-in owner gets it. */
    async invoiceReceipt(invoiceId: string): Promise<string> {
      return http.get<string>(`/api/v2/invoices/${encodeURIComponent(invoiceId)}/receipt`);
    },
    /** An open invoice as a printable page with its bank transfer details and barcode (issue 36). */
    async invoicePage(invoiceId: string): Promise<string> {
      return http.get<string>(`/api/v2/invoices/${encodeURIComponent(invoiceId)}/page`);
    },
    /** The customer's own data as the server exports it (shown as sections, saved as a file). */
    async myData(): Promise<CustomerData> {
      return parseAnswer(schemas(), http.get("/api/v2/customers/me/data"), (m, data) =>
        m.customerDataSchema.parse(data),
      );
    },
    /** Whether the customer's e-mail address gets booking reminders. */
    async reminders(): Promise<ReminderPreference> {
      return parseAnswer(
        import("../domain/reservationLookup"),
        http.get("/api/v2/customers/me/reminders"),
        (m, data) => m.reminderPreferenceResponseSchema.parse(data),
      );
    },
    async setReminders(enabled: boolean): Promise<ReminderPreference> {
      return parseAnswer(
        import("../domain/reservationLookup"),
        http.put("/api/v2/customers/me/reminders", { enabled }),
        (m, data) => m.reminderPreferenceResponseSchema.parse(data),
      );
    },
    async deleteAccount(): Promise<DeleteAccountResponse> {
      return parseAnswer(schemas(), http.delete("/api/v2/customers/me"), (m, data) =>
        m.deleteAccountResponseSchema.parse(data),
      );
    },
  };
}

export type MembershipApi = ReturnType<typeof createMembershipApi>;

/** The app's calls, over the app's one http client. */
export const membershipApi = createMembershipApi();
