/**
 * What a paid booking's visitor keeps: "Lisää kalenteriin" (the booking's .ics, the e-mail's own
 * event, so a calendar that has it updates it) and the printable receipt (kuitti), both by the
 * booking's access token. Plain links: the browser downloads the file and opens the receipt page.
 */
export function ReceiptLinks({ accessToken, confirmed }: { accessToken: string; confirmed: boolean }) {
  const base = `/api/v2/reservations/by-token/${encodeURIComponent(accessToken)}`;
  return (
    <p className="button-row receipt-links">
      {confirmed && (
        <a className="button button-secondary" href={`${base}/calendar.ics`} download="varaus.ics">
          Lisää kalenteriin
        </a>
      )}
      <a className="button button-secondary" href={`${base}/receipt`} target="_blank" rel="noopener">
        Kuitti
      </a>
    </p>
  );
}
