import type { SiteInfo } from "../../domain/site";

const weekdays = ["ma", "ti", "ke", "to", "pe", "la", "su"];

/** "06:00" → "6.00", the Finnish way of writing a time of day. */
export const finnishTime = (hhmm: string) => hhmm.replace(/^0(?=\d:)/, "").replace(":", ".");

type Day = SiteInfo["openingHours"]["weekly"][number];

const hoursText = (day: Day | undefined) =>
  day ? `${finnishTime(day.opens)}–${finnishTime(day.closes)}` : "suljettu";

/**
 * The weekly opening hours as lines such as "ma–pe 6.00–22.00", joining consecutive weekdays
 * (index 0 = Monday) that have the same hours.
 */
export function openingHoursLines(weekly: SiteInfo["openingHours"]["weekly"]): string[] {
  const lines: string[] = [];
  let first = 0;
  for (let i = 1; i <= weekdays.length; i++) {
    if (i < weekdays.length && hoursText(weekly[i]) === hoursText(weekly[first])) continue;
    const days = first === i - 1 ? weekdays[first] : `${weekdays[first]}–${weekdays[i - 1]}`;
    lines.push(`${days} ${hoursText(weekly[first])}`);
    first = i;
  }
  return lines;
}
