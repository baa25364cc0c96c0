import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";

/*
 * Issue 33, deliver 4 (decision 052): the project's own ESLint configuration, as `npm run lint` runs
 * it, refuses an import past another server module's entry, a module's import of its own entry, and
 * a value import that closes a cycle of modules; a type-only import closes none. The probes are
 * linted as if they were files of the named modules, against the real src/server.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}src/server/${file}` });
  return result!.messages.filter((m) => m.ruleId === "server-modules/boundaries").map((m) => m.message);
}

test("another module is used through its entry", async () => {
  const messages = await boundaryMessages(
    "door/probe.ts",
    'import { findReservation } from "../reservations/view.js";\nexport const probe = findReservation;\n',
  );
  expect(messages).toEqual(['"reservations" is used through its entry (../reservations/index.ts).']);
  expect(
    await boundaryMessages(
      "door/probe.ts",
      'import { findReservation } from "../reservations/index.js";\nexport const probe = findReservation;\n',
    ),
  ).toEqual([]);
});

test("a module's files do not import their own entry", async () => {
  expect(
    await boundaryMessages(
      "payments/probe.ts",
      'import { paymentRepository } from "./index.js";\nexport const probe = paymentRepository;\n',
    ),
  ).toEqual(['Inside "payments", import its files, not its own entry.']);
});

test("a value import that closes a cycle is refused with its chain; a type-only one is not", async () => {
  // reservations imports payments (its refunds and payment rows), so payments may not import it back.
  const messages = await boundaryMessages(
    "payments/probe.ts",
    'import { findReservation } from "../reservations/index.js";\nexport const probe = findReservation;\n',
  );
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatch(
    /^Module cycle: payments → reservations → (.+ → )?payments\. Move the shared part down\.$/,
  );
  expect(
    await boundaryMessages(
      "payments/probe.ts",
      'import type { ReservationRow } from "../reservations/index.js";\nexport type Probe = ReservationRow;\n',
    ),
  ).toEqual([]);
});
