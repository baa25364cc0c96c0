import type { HttpClient } from "../../client/http";

/** A CSV needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadCsv(
  http: HttpClient,
  path: string,
  params: Record<string, string>,
  filename: string,
) {
  const csv = await http.get<string>(path, { params });
  // Decoding the answer as text drops the server's BOM; Finnish Excel needs it to read UTF-8.
  const url = URL.createObjectURL(
    new Blob(["\uFEFF", csv.replace(/^\uFEFF/, "")], { type: "text/csv;charset=utf-8" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** A filter form's buttons: show what the filter names, and download the same as CSV. */
export function FilterActions({ onCsv }: { onCsv: () => Promise<void> }) {
  return (
    <>
      <button type="submit" className="button">
        Näytä
      </button>
      <button type="button" className="button button-secondary" onClick={() => void onCsv()}>
        Lataa CSV
      </button>
    </>
  );
}
