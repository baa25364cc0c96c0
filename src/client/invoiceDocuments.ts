import type { MembershipApi } from "./membership";

/** An invoice's printable document: the receipt of a paid one, or an open one with its transfer details. */
export type InvoiceDocument = "receipt" | "invoice";

/**
 * Opens an invoice's document in a new tab as a page of its own, to print or save. The document
 * is the signed-in member's alone, so it is fetched with the session (a plain link would carry
 * none). Call it from the click itself: the tab opens at once, so no pop-up blocker stops it, and
 * gets the page when it has come (without a tab, this one goes there). Resolves false, with the
 * empty tab closed, when the document could not be fetched.
 */
export function openInvoiceDocument(
  api: Pick<MembershipApi, "invoiceReceipt" | "invoicePage">,
  document: InvoiceDocument,
  invoiceId: string,
): Promise<boolean> {
  const tab = window.open("", "_blank");
  const html = document === "receipt" ? api.invoiceReceipt(invoiceId) : api.invoicePage(invoiceId);
  return html.then(
    (page) => {
      const url = URL.createObjectURL(new Blob([page], { type: "text/html;charset=utf-8" }));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      return true;
    },
    () => {
      tab?.close();
      return false;
    },
  );
}
