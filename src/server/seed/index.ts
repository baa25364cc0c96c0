/**
 * The seed module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { seedDatabase } from "./database.js";
export { demoCreditsText, seedDemoCredits } from "./demoCredits.js";
