import type { MemberPage } from "../../../domain/admin/memberships";
import { helsinkiDate } from "../../../domain/helsinkiClock";
import type { StandingSlot } from "../../../domain/standingSlot";
import { formatDay } from "../../pages/account/membershipFormat";
import type { SectionQuestion } from "../useAdminSection";
import { Confirmed, type MembershipCommand } from "./memberActions";

/**
 * A member's standing weekly slots on their page (decision 056): each series, its weeks booked and
 * not had, and the admin's way to end it from its next week (asked first, as every action here).
 */

/** The series' first week from today on that still has a booking: where an end takes effect. */
export function nextWeekOf(series: StandingSlot, today: string): string | null {
  return (
    series.weeks_list.find((w) => w.date >= today && (w.status === "booked" || w.status === "moved"))?.date ??
    null
  );
}

const lengthText = (s: StandingSlot) => (s.weeks === null ? "toistaiseksi" : `${s.weeks} viikkoa`);

function stateText(s: StandingSlot): string {
  if (s.ended_from) return `Päätetty ${formatDay(s.ended_from)} alkaen`;
  if (!s.active) return `Päättyi ${formatDay(s.last_date!)}`;
  return "Voimassa";
}

export function StandingTable({
  member,
  canWrite,
  question,
}: {
  member: MemberPage;
  canWrite: boolean;
  question: SectionQuestion<MembershipCommand>;
}) {
  if (member.standing.length === 0) return null;
  const today = helsinkiDate(new Date());
  return (
    <table tabIndex={0} className="admin-table">
      <caption>Vakiovuorot</caption>
      <thead>
        <tr>
          <th scope="col">Vakiovuoro</th>
          <th scope="col">Kesto</th>
          <th scope="col">Viikot</th>
          <th scope="col">Tila</th>
          <th scope="col">Toiminnot</th>
        </tr>
      </thead>
      <tbody>
        {member.standing.map((s) => {
          const next = nextWeekOf(s, today);
          const booked = s.weeks_list.filter((w) => w.status === "booked" || w.status === "moved").length;
          const missed = s.weeks_list.filter((w) => w.status === "skipped").length;
          return (
            <tr key={s.id}>
              <th scope="row" tabIndex={-1} data-focus-key={`standing/${s.id}`}>
                {s.summary}
              </th>
              <td>
                {lengthText(s)}, {formatDay(s.first_date)} alkaen
              </td>
              <td>
                {booked} varattu{missed > 0 && `, ${missed} ei saatu`}
              </td>
              <td>{stateText(s)}</td>
              <td>
                {s.ended_from === null && s.active && next && (
                  <Confirmed
                    label="Päätä vakiovuoro"
                    name={`Päätä vakiovuoro ${s.summary}`}
                    question={`Vakiovuoro päätetään ${formatDay(next)} alkaen: sen varaukset siitä eteenpäin perutaan ja tunnit palautuvat jäsenen kiintiöön. Jäsenelle lähetetään ilmoitus sähköpostilla.`}
                    confirm="Vahvista päättäminen"
                    disabled={!canWrite}
                    command={{ kind: "endStanding", standingId: s.id, from: next }}
                    asking={question}
                    danger
                  />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
