import { createHttpClient } from "../../src/client/http";
import { createMembershipApi } from "../../src/client/membership";

/*
 * Spec §7: POST /api/v2/invoices/{id}/pay carries {paymentMethod, gift_card_code}. Without a gift
 * card the key is still sent, as null. Only the browser's fetch is fake; the body is read as the
 * server would read it.
 */

function recordingApi() {
  const bodies: unknown[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    expect(url).toBe("/api/v2/invoices/inv%201/pay");
    bodies.push(JSON.parse(String(init.body)));
    return Response.json({
      success: true,
      redirectUrl: "https://pay.example/1",
      message: "Ohjataan maksuun.",
    });
  }) as unknown as typeof globalThis.fetch;
  return { bodies, api: createMembershipApi(createHttpClient({ fetch, sleep: async () => {} })) };
}

test("the invoice payment sends gift_card_code, null when none is given", async () => {
  const { bodies, api } = recordingApi();
  await api.payInvoice("inv 1", { paymentMethod: "mobilepay" });
  await api.payInvoice("inv 1", { paymentMethod: "mobilepay", gift_card_code: null });
  await api.payInvoice("inv 1", { paymentMethod: "card", gift_card_code: "LAHJA-123" });
  expect(bodies).toEqual([
    { paymentMethod: "mobilepay", gift_card_code: null },
    { paymentMethod: "mobilepay", gift_card_code: null },
    { paymentMethod: "card", gift_card_code: "LAHJA-123" },
  ]);
});
