import { decodeJwt } from "jose";
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
export const storedCustomerInfoSchema = z.looseObject({ id: z.string(), email: z.string() });

/** Spec §9: the customer token counts as expired when it expires within 60 seconds. */
export const CUSTOMER_TOKEN_EXPIRY_MARGIN_MS = 60_000;

/** The token's `exp` in epoch milliseconds; null when it cannot be decoded or has no `exp`. */
export function tokenExpiryMs(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The moment the session stops counting as valid (expiry minus the margin); null = never valid. */
export function sessionValidUntilMs(token: string): number | null {
  const exp = tokenExpiryMs(token);
  return exp === null ? null : exp - CUSTOMER_TOKEN_EXPIRY_MARGIN_MS;
}

/**
 * Spec §5: a session is valid only if both the token and the customer info exist and the token's
 * expiry is more than 60 seconds away; an undecodable token or one without `exp` is expired.
 */
export function isCustomerSessionValid(
  session: { token: string | null | undefined; customer: unknown },
  nowMs: number,
): boolean {
  if (!session.token || !storedCustomerInfoSchema.safeParse(session.customer).success) return false;
  const validUntil = sessionValidUntilMs(session.token);
  return validUntil !== null && validUntil > nowMs;
}
