import type { ReactNode } from "react";

/** A request that failed, said aloud (role alert), with the button that tries it again. */
export function RetryAlert({
  message,
  canRetry,
  onRetry,
}: {
  message: ReactNode;
  canRetry: boolean;
  onRetry(): void;
}) {
  return (
    <div role="alert">
      <p className="error-message">{message}</p>
      <button type="button" className="button" disabled={!canRetry} onClick={onRetry}>
        Yritä uudelleen
      </button>
    </div>
  );
}
