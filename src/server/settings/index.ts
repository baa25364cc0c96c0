/**
 * The settings module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export {
  adminSettings,
  createArea,
  deleteOpeningException,
  putOpeningException,
  updateArea,
  updateSetting,
} from "./admin.js";
export { settingsRepository } from "./repository.js";
export { defaultSettings, getSetting, getSettings } from "./service.js";
export type { SettingKey, Settings } from "./service.js";
