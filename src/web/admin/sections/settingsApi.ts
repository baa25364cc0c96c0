import type { HttpClient } from "../../../client/http";
import {
  adminSettingsSchema,
  type AdminSettings,
  type EditableSettingKey,
} from "../../../domain/admin/settings";

export type SettingsCommand =
  | { kind: "setting"; key: EditableSettingKey; value: unknown; done: string }
  | { kind: "exception"; date: string; opensAt: string | null; closesAt: string | null; note: string | null }
  | { kind: "deleteException"; date: string }
  | { kind: "area"; id: number | null; input: { name: string; active: boolean; sortOrder: number } };

export function settingsApi(http: HttpClient) {
  return {
    async load(): Promise<AdminSettings> {
      return adminSettingsSchema.parse(await http.get("/api/v2/admin/settings"));
    },
    async write(command: SettingsCommand): Promise<string> {
      switch (command.kind) {
        case "setting":
          await http.put(`/api/v2/admin/settings/${command.key}`, command.value);
          return command.done;
        case "exception": {
          const { date, ...body } = command;
          await http.put(`/api/v2/admin/opening-exceptions/${date}`, {
            opensAt: body.opensAt,
            closesAt: body.closesAt,
            note: body.note,
          });
          return "Poikkeus tallennettu.";
        }
        case "deleteException":
          return (await http.delete<{ message: string }>(`/api/v2/admin/opening-exceptions/${command.date}`))
            .message;
        case "area":
          if (command.id === null) await http.post("/api/v2/admin/areas", command.input);
          else await http.put(`/api/v2/admin/areas/${command.id}`, command.input);
          return "Alue tallennettu.";
      }
    },
  };
}
