/**
 * The routes module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { adminRoutes } from "./admin/index.js";
export { adminAuthConfigRoutes } from "./adminAuthConfig.js";
export { authRoutes } from "./auth.js";
export { availabilityRoutes } from "./availability.js";
export { customerSessionRoutes } from "./customerSession.js";
export { demoPaymentRoutes } from "./demoPayments.js";
export { doorRoutes } from "./door.js";
export { healthRoutes } from "./health.js";
export { photoRoutes } from "./photos.js";
export { reservationRoutes } from "./reservations.js";
export { siteRoutes } from "./site.js";
export { stripePaymentRoutes } from "./stripePayments.js";
export { subscriptionTierRoutes } from "./subscriptions.js";
export { waitlistRoutes } from "./waitlist.js";
