import type { Tx } from "../db/index.js";
import type { Settings } from "../settings/index.js";
import { seriesAttachment } from "./standingMail.js";
import { standingRepository } from "./standingRepository.js";

/**
 * After one week of a standing slot was cancelled or moved alone (decision 056): the series'
 * calendar event with one more SEQUENCE and that week excluded, to go with the week's own e-mail,
 * so the member's calendar drops the week from the recurring event. Null for a booking of no series.
 */
export async function seriesAttachmentAfterChange(
  tx: Tx,
  reservationId: string,
  o: { to: { name: string; email: string }; settings: Pick<Settings, "park">; publicUrl: string },
) {
  const standing = standingRepository(tx);
  const found = await standing.seriesOfReservation(reservationId);
  if (!found) return null;
  const series = await standing.bumpSequence(found.id);
  return seriesAttachment({ series, weeks: await standing.allWeeksOf(series.id), ...o });
}
