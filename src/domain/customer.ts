import * as z from "zod/mini";

/**
 * The customer login API's payloads (issue 3, spec §7) and the client's session-validity rule
 * (spec §5). Pure: used by the server's route schemas, the SPA and the tests. zod/mini, as the
 * shell parses these on every page (decision 019).
 */

export const INVALID_EMAIL_MESSAGE = "Anna kelvollinen sähköpostiosoite, esimerkiksi nimi@example.com.";

/** E-mail addresses are compared and stored trimmed and lower-case. */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, INVALID_EMAIL_MESSAGE)),
  z.email(INVALID_EMAIL_MESSAGE),
);

export const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

// POST /api/v2/auth/magic-link. The body only has to be a string here; its format is checked by
// the route so that a bad address gets one plain message instead of a schema report.
export const magicLinkRequestSchema = z.object({
  email: z.string().check(z.describe("Asiakkaan sähköpostiosoite")),
});
export const magicLinkResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;

// GET /api/v2/auth/callback?token=
export const authCallbackQuerySchema = z.object({
  token: z.string().check(z.minLength(1, "Kirjautumislinkistä puuttuu tunniste.")),
});
export const authCallbackSuccessSchema = z.object({
  success: z.literal(true),
  sessionToken: z.string(),
  customer: customerSchema,
  message: z.string(),
});
export type AuthCallbackSuccess = z.infer<typeof authCallbackSuccessSchema>;
export const authCallbackFailureSchema = z.object({ success: z.literal(false), message: z.string() });

// POST /api/v2/auth/logout
export const logoutResponseSchema = z.object({ success: z.boolean(), message: z.string() });

// GET /api/v2/customers/me
export const customerMeResponseSchema = z.object({ customer: customerSchema });

/**
 * What the browser keeps as `customer_info`. Lenient on purpose: info stored by an older release
 * must not end a session just because the server has since added a field.
 */
export {
  CUSTOMER_TOKEN_EXPIRY_MARGIN_MS,
  isCustomerSessionValid,
  isStoredCustomerInfo,
  sessionValidUntilMs,
  tokenExpiryMs,
} from "./customerSession.js";
