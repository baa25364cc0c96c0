/**
 * A fresh Idempotency-Key for one attempt of the user (a checkout, a signup, an invoice payment):
 * 128 random bits as hex. getRandomValues, not randomUUID, because randomUUID exists only in secure
 * contexts and the site may be opened over plain http on a local network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
