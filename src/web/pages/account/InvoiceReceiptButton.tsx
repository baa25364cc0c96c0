import { useState } from "react";
import { openInvoiceDocument, type InvoiceDocument } from "../../../client/invoiceDocuments";
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
 * and barcode, issue 36), opened in a new tab by `openInvoiceDocument`; a failure is said beside
 * the button.
 */
export function InvoiceReceiptButton({
  invoiceId,
  number,
  document = "receipt",
}: {
  invoiceId: string;
  number: number;
  document?: InvoiceDocument;
}) {
  const env = useMembershipEnvironment();
  const [failed, setFailed] = useState(false);
  const words = documents[document];
  const open = () => {
    setFailed(false);
    void openInvoiceDocument(env.api, document, invoiceId).then((opened) => setFailed(!opened));
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
