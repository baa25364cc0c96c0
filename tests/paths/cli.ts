import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { TEST_PLAN_PAGE, testPlanPage } from "../support/testPlanPage";

/*
 * `npm run paths [-- <machine>]`: for QA, each machine's (or one named machine's) states, events,
 * generated paths and (state, event) coverage, printed and written to docs/machines/<machine>.md.
 * The models live beside the views' executors in tests/machines/<machine>.paths.test.tsx, so this
 * runs those files' documentation test alone (no view is rendered) with PATHS_WRITE set; without
 * it the same test fails when a checked-in file differs. Then every plan goes on one page,
 * docs/machines/README.md (tests/support/testPlanPage.ts).
 */

const name = process.argv[2];
const files = name ? [`tests/machines/${name}.paths.test.tsx`] : ["tests/machines/"];
if (name && !existsSync(files[0]!)) {
  console.error(`No machine "${name}": expected ${files[0]}`);
  process.exit(2);
}
const run = spawnSync(
  "npx",
  ["vitest", "run", ...files, "-t", "docs/machines/", "--silent=false", "--reporter=dot"],
  { stdio: "inherit", env: { ...process.env, PATHS_WRITE: "1" } },
);
if (run.status === 0) writeFileSync(`docs/machines/${TEST_PLAN_PAGE}`, testPlanPage("docs/machines"));
process.exit(run.status ?? 1);
