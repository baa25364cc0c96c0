import type { JobList, JobStatus } from "../../../domain/admin/system";
import { jobLabels, jobRunStatusLabels, labelOf, scheduleInWords } from "../../../domain/admin/labels";
import { jobResultText } from "../../../domain/admin/jobResults";
import { formatDateTime } from "../../../domain/helsinkiClock";

/** A run's outcome: a success read as a sentence, a failure's error as it was recorded. */
const resultText = (job: string, run: NonNullable<JobStatus["lastRun"]>) =>
  run.status === "ok" ? jobResultText(job, run.result) : (run.result ?? "");

const lastRunText = (job: string, run: JobStatus["lastRun"]) => {
  if (!run) return "Ei vielä ajettu";
  const result = resultText(job, run);
  return `${formatDateTime(run.startedAt)}: ${jobRunStatusLabels[run.status].toLowerCase()}.${result ? ` ${result}.` : ""}`;
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
              <td>{lastRunText(j.name, j.lastRun)}</td>
              <td>
                {j.lastFailure
                  ? `${formatDateTime(j.lastFailure.startedAt)}: ${resultText(j.name, j.lastFailure)}`
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
