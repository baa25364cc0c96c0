/**
 * The integrations module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { IdentityUnavailableError, firebaseAdminIdentity } from "./adminIdentity.js";
export type { AdminIdentity, VerifiedIdentity } from "./adminIdentity.js";
export { logDoorProvider } from "./door/log.js";
export { mqttDoorProvider } from "./door/mqtt.js";
export type { DoorProvider } from "./door/provider.js";
export { shellyDoorProvider } from "./door/shelly.js";
export { configuredLightsProvider } from "./lights/provider.js";
export type { LightsProvider } from "./lights/provider.js";
export { paymentConfig, paymentEnv } from "./payments/config.js";
export type { PaymentConfig } from "./payments/config.js";
export { demoPaymentProvider } from "./payments/demo.js";
export type { CheckoutSession, PaymentProvider, ProviderWebhookEvent } from "./payments/provider.js";
export { stripeClient, stripePaymentProvider } from "./payments/stripe.js";
