import { ApiError, type HttpClient } from "../../../client/http";
import { MAX_PHOTO_BYTES, photoListSchema, type PhotoList } from "../../../domain/photos";

export type PhotoCommand =
  | { kind: "upload"; file: Blob | null; alt: string }
  | { kind: "order"; ids: number[] }
  | { kind: "delete"; id: number };

/** A refusal the browser can tell before sending (no 15 MB upload over a phone's data to hear it). */
const refuse = (message: string) => new ApiError(400, message, { message });

export function photosApi(http: HttpClient) {
  return {
    async load(): Promise<PhotoList> {
      return photoListSchema.parse(await http.get("/api/v2/admin/photos"));
    },
    async write(command: PhotoCommand): Promise<string> {
      switch (command.kind) {
        case "upload": {
          if (!command.file || command.file.size === 0) throw refuse("Valitse ensin kuva.");
          if (!command.alt.trim())
            throw refuse("Kirjoita kuvalle kuvaus (vaihtoehtoinen teksti): mitä kuvassa näkyy.");
          if (command.file.size > MAX_PHOTO_BYTES) throw refuse("Kuva on liian suuri: enintään 15 Mt.");
          // The file as the body: the browser sends its own type (image/jpeg, image/png…).
          await http.post(`/api/v2/admin/photos?alt=${encodeURIComponent(command.alt.trim())}`, command.file);
          return "Kuva lisätty.";
        }
        case "order":
          return (await http.put<{ message: string }>("/api/v2/admin/photos/order", { ids: command.ids }))
            .message;
        case "delete":
          return (await http.delete<{ message: string }>(`/api/v2/admin/photos/${command.id}`)).message;
      }
    },
  };
}
