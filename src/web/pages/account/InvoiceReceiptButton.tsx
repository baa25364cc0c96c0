import { useState } from "react";
import { useMembershipEnvironment } from "../../membershipEnvironment";

const documents = {
  receipt: {
    label: "Kuitti",
    name: (n: number) => `Kuitti laskusta ${n}`,
    failed: "Kuittia ei saatu haettua.",
  },
  invoice: {
    label: "Tulostettava lasku",
    name: (n: number) => `Tulostettava lasku ${n}`,
    failed: "Laskua ei saatu haettua.",
  },
} as const;

/**
 * "Kuitti" of a paid invoice, or "Tulostettava lasku" of an open one (its bank transfer details
 * and barcode, issue 36). Either is the signed-in member's alone, so it is fetched with the
 * session (a plain link would carry none) and shown in a new tab as a page of its own, to print or
 * save. The tab opens on the click itself, so no pop-up blocker stops it.
 */
export function InvoiceReceiptButton({
  invoiceId,
  number,
  document = "receipt",
}: {
  invoiceId: string;
  number: number;
  document?: keyof typeof documents;
}) {
  const env = useMembershipEnvironment();
  const [failed, setFailed] = useState(false);
  const words = documents[document];
  const open = () => {
    setFailed(false);
    const tab = window.open("", "_blank");
    (document === "receipt" ? env.api.invoiceReceipt(invoiceId) : env.api.invoicePage(invoiceId)).then(
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
        aria-label={words.name(number)}
        onClick={open}
      >
        {words.label}
      </button>
      {failed && (
        <span className="error-message" role="alert">
          {" "}
          {words.failed} Yritä uudelleen.
        </span>
      )}
    </p>
  );
}
