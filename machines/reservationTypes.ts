/**
 * A booking as the machines see it (the API's public reservation, without the visitor's contact
 * details); machines import nothing from src/, so the shape is restated here once.
 */
export type BookingSummary = {
  id: string;
  accessToken: string;
  areaName: string;
  start: string;
  end: string;
  status: "pending" | "confirmed" | "cancelled" | "expired";
  priceCents: number;
  vatCents: number;
  doorUrl: string | null;
};
