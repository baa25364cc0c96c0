import type { AdminSettings } from "../../../domain/admin/settings";
import type { SettingsCommand } from "./settingsApi";

/** What every Hallintapaneeli form gets from the section: the data, whether a write is taken now, the write. */
export type SettingsFormProps = {
  data: AdminSettings;
  canWrite: boolean;
  write(command: SettingsCommand): void;
};

/** A setting's save, with the notice shown when it is done. */
export const saveSetting =
  (write: SettingsFormProps["write"]) =>
  (key: Extract<SettingsCommand, { kind: "setting" }>["key"], value: unknown, done: string) =>
    write({ kind: "setting", key, value, done });
