/**
 * The lights module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { lightsOverview, setLightsOverride } from "./admin.js";
export { switchLights } from "./service.js";
