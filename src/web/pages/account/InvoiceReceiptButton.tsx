import { useState } from "react";
import { useMembershipEnvironment } from "../../membershipEnvironment";

/**
 * "Kuitti" of a paid invoice. The receipt is the signed-in member's alone, so it is fetched with
 * the session (a plain link would carry none) and shown in a new tab as a page of its own, to print
 * or save. The tab opens on the click itself, so no pop-up blocker stops it.
 */
export function InvoiceReceiptButton({ invoiceId, number }: { invoiceId: string; number: number }) {
  const env = useMembershipEnvironment();
  const [failed, setFailed] = useState(false);
  const open = () => {
    setFailed(false);
    const tab = window.open("", "_blank");
    env.api.invoiceReceipt(invoiceId).then(
      (html) => {
        const url = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      () => {
        tab?.close();
        setFailed(true);
      },
    );
  };
  return (
    <p>
      <button
        type="button"
        className="button button-secondary"
        aria-label={`Kuitti laskusta ${number}`}
        onClick={open}
      >
        Kuitti
      </button>
      {failed && (
        <span className="error-message" role="alert">
          {" "}
          Kuittia ei saatu haettua. Yritä uudelleen.
        </span>
      )}
    </p>
  );
}
