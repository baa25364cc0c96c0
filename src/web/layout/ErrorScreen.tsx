/** The browser's own words for a lost connection ('Failed to fetch', a page part that did not load). */
const BROWSER_NETWORK_ERROR =
  /failed to fetch|networkerror|load failed|network request failed|dynamically imported module|importing a module script failed/i;
export const NETWORK_ERROR_MESSAGE =
  "Yhteys palvelimeen katkesi. Tarkista verkkoyhteys ja lataa sivu uudelleen.";

/**
 * What to say about whatever was thrown: its message, or spec §1's 'Tuntematon virhe.'. A browser's
 * raw network error never reaches the user: it is said in Finnish.
 */
export function messageOf(error: unknown): string {
  if (error instanceof Error && BROWSER_NETWORK_ERROR.test(error.message)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof Error) return error.message || "Tuntematon virhe.";
  if (typeof error === "string" && error) return error;
  return "Tuntematon virhe.";
}

/**
 * Spec §1: the global error screen, shown by the routes' error boundary (ErrorBoundary.tsx) for an
 * error thrown while a page or the layout renders, or a page's chunk that did not load. It stands
 * alone, without the header and footer, because the layout itself may be what failed.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main className="error-screen">
      <div className="card error-screen__card" role="alert">
        <h1>Jokin meni pieleen</h1>
        <p className="error-message">{messageOf(error)}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Lataa sivu uudelleen
        </button>
      </div>
    </main>
  );
}
