/**
 * The door module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { gateOverview } from "./admin.js";
export { heatmap, listDoorEvents, timeline } from "./adminOperations.js";
export { attendanceBetween } from "./attendance.js";
export { checkGate } from "./gateHealth.js";
export { DOOR_LIMITS, getDoorInfo, openDoor, recordMalformedAttempt } from "./service.js";
