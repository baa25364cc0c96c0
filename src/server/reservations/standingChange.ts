import type { Tx } from "../db/index.js";
import type { OutgoingMail } from "../mail/index.js";
import type { Settings } from "../settings/index.js";
import { seriesAttachment } from "./standingMail.js";
import { standingRepository } from "./standingRepository.js";

/**
 * After one week of a standing slot was cancelled or moved alone (decision 056): the week's own
 * e-mail also carries the series' calendar event, with one more SEQUENCE and that week excluded,
 * so the member's calendar drops the week from the recurring event. The e-mail as it was for a
 * booking of no series.
 */
export async function withSeriesEvent(
  tx: Tx,
  mail: OutgoingMail,
  week: { id: string; name: string; email: string },
  o: { settings: Pick<Settings, "park">; publicUrl: string },
): Promise<OutgoingMail> {
  const standing = standingRepository(tx);
  const found = await standing.seriesOfReservation(week.id);
  if (!found) return mail;
  const series = await standing.bumpSequence(found.id);
  const to = { name: week.name, email: week.email };
  const event = seriesAttachment({ series, weeks: await standing.allWeeksOf(series.id), to, ...o });
  return { ...mail, attachments: [...(mail.attachments ?? []), event] };
}
