import { existsSync, readFileSync } from "node:fs";
import nodePath from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { TEST_PLAN_PAGE, testPlanPage } from "../support/testPlanPage";

const dir = nodePath.resolve(fileURLToPath(import.meta.url), "../../../docs/machines");

test("docs/machines/README.md holds every machine's plan, as npm run paths writes it", () => {
  const file = nodePath.join(dir, TEST_PLAN_PAGE);
  expect(existsSync(file) ? readFileSync(file, "utf8") : "(missing: run npm run paths)").toBe(
    testPlanPage(dir),
  );
});
