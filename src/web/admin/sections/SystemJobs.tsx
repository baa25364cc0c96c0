import type { JobList, JobStatus } from "../../../domain/admin/system";
import { healthComponentText } from "../../../domain/admin/system";
import { jobLabels, jobRunStatusLabels, labelOf, scheduleInWords } from "../../../domain/admin/labels";
import { formatDateTime } from "../../../domain/helsinkiClock";

/**
 * A run's result in words. The jobs record what their work returned as JSON (server/jobs
 * summarize): the health check's `{"database":"ok",…}` becomes "Tietokanta toimii, …"; a count
 * stays a count; any other object is shown as its key–value pairs.
 */
export function jobResultText(result: string | null): string {
  if (!result) return "";
  let value: unknown;
  try {
    value = JSON.parse(result);
  } catch {
    return result;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return String(value);
  return Object.entries(value)
    .map(([key, v]) => {
      const name = labelOf(healthComponentText, key);
      if (v === "ok") return `${name} toimii`;
      if (v === "virhe") return `${name}: vika`;
      return `${name}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`;
    })
    .join(", ");
}

const lastRunText = (run: JobStatus["lastRun"]) => {
  if (!run) return "Ei vielä ajettu";
  const result = jobResultText(run.result);
  return `${formatDateTime(run.startedAt)}: ${jobRunStatusLabels[run.status].toLowerCase()}${result ? ` (${result})` : ""}`;
};

/** Järjestelmä's scheduled jobs: what each does, how often in words, when it last ran and how. */
export function SystemJobs({ jobs }: { jobs: JobList }) {
  return (
    <section aria-labelledby="system-jobs">
      <h2 id="system-jobs">Ajastetut työt</h2>
      <table tabIndex={0} className="admin-table" aria-label="Ajastetut työt">
        <thead>
          <tr>
            <th>Työ</th>
            <th>Kuinka usein</th>
            <th>Edellinen ajo</th>
            <th>Viimeisin virhe</th>
            <th>Seuraava ajo</th>
          </tr>
        </thead>
        <tbody>
          {jobs.jobs.map((j) => (
            <tr key={j.name}>
              <td title={j.name}>{labelOf(jobLabels, j.name)}</td>
              <td title={j.schedule}>{scheduleInWords(j.schedule)}</td>
              <td>{lastRunText(j.lastRun)}</td>
              <td>
                {j.lastFailure
                  ? `${formatDateTime(j.lastFailure.startedAt)}: ${jobResultText(j.lastFailure.result)}`
                  : "–"}
              </td>
              <td>{j.nextRunAt ? formatDateTime(j.nextRunAt) : "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
