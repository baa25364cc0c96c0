import type { SubmitFailure } from "../../../machines/remoteFailure";

/**
 * Why pressing the pay button started no payment, shown beside that button (role alert): the words
 * (the server's, or the spec's English fallback such as 'Failed to initiate payment', kept as
 * given) and, in Finnish, what happened and what to do. The form stays as it was, so pressing the
 * button again is the retry.
 */
export function PaymentStartError({
  id,
  failure,
  buttonLabel,
}: {
  id?: string;
  failure: SubmitFailure;
  /** The button to press again, named as it reads. */
  buttonLabel: string;
}) {
  return (
    <div id={id} className="submit-error" role="alert">
      <p className="error-message">{failure.message}</p>
      <p>{paymentStartAdvice(failure, buttonLabel)}</p>
    </div>
  );
}

export function paymentStartAdvice(failure: SubmitFailure, buttonLabel: string): string {
  return failure.offline
    ? `Yhteys palvelimeen katkesi, joten maksua ei aloitettu. Tarkista verkkoyhteys ja paina ”${buttonLabel}” uudelleen. Antamasi tiedot ovat tallessa.`
    : `Maksua ei aloitettu. Antamasi tiedot ovat tallessa: yritä hetken kuluttua uudelleen painamalla ”${buttonLabel}”.`;
}
