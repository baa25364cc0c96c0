/** The browser's own words for a lost connection ('Failed to fetch', a page part that did not load). */
const BROWSER_NETWORK_ERROR =
  /failed to fetch|networkerror|load failed|network request failed|dynamically imported module|importing a module script failed/i;
export const NETWORK_ERROR_MESSAGE =
  "Yhteys palvelimeen katkesi. Tarkista verkkoyhteys ja lataa sivu uudelleen.";

/**
 * A lost connection explained in Finnish, since the browser's own words ('Failed to fetch') tell
 * a Finnish user little; null for any other error.
 */
export function explanationOf(error: unknown): string | null {
  return error instanceof Error && BROWSER_NETWORK_ERROR.test(error.message) ? NETWORK_ERROR_MESSAGE : null;
}

/**
 * Spec §1: the error's own message, or 'Tuntematon virhe.'. Shown also under a lost connection's
 * explanation, so a report quoting the screen names the error itself.
 */
export function messageOf(error: unknown): string {
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
  const explanation = explanationOf(error);
  return (
    <main className="error-screen">
      <div className="card error-screen__card" role="alert">
        <h1>Jokin meni pieleen</h1>
        {explanation && <p>{explanation}</p>}
        <p className="error-message">{messageOf(error)}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Lataa sivu uudelleen
        </button>
      </div>
    </main>
  );
}
