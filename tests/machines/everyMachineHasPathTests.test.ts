import { existsSync, readdirSync, readFileSync } from "node:fs";

/*
 * Every machine has path tests run on its view that check their own completeness: its
 * tests/machines/<name>.paths.test.tsx calls describePathTests (tests/support/paths.ts) with the
 * machine itself, or with `<name>Logic`: the machine with the rules the app provides at the edge. A machine added without them fails here; no machine is exempt.
 */

const root = new URL("../../", import.meta.url);
const machines = readdirSync(new URL("machines/", root))
  .filter((file) => file.endsWith("Machine.ts"))
  .map((file) => file.slice(0, -".ts".length));

test("the machines are found", () => {
  // Without this, a wrong folder would leave nothing to check and pass.
  expect(machines).toContain("doorMachine");
});

test.each(machines)("%s has path tests that check every transition and state", (machine) => {
  const name = machine.slice(0, -"Machine".length);
  const file = [`${name}.paths.test.tsx`, `${name}.paths.test.ts`]
    .map((f) => new URL(`tests/machines/${f}`, root))
    .find(existsSync);
  expect(file, `missing tests/machines/${name}.paths.test.tsx`).toBeDefined();
  const source = readFileSync(file!, "utf8");
  expect(source).toMatch(
    new RegExp(`import \\{[^}]*\\b${machine}\\b[^}]*\\} from "\\.\\./\\.\\./machines/${machine}"`),
  );
  expect(source).toMatch(/import \{[^}]*\bdescribePathTests\b[^}]*\} from "\.\.\/support\/paths"/);
  expect(source).toMatch(new RegExp(`describePathTests\\(\\s*(${machine}|${name}Logic)\\b`));
  if (!new RegExp(`describePathTests\\(\\s*${machine}\\b`).test(source))
    expect(source).toMatch(new RegExp(`const ${name}Logic = \\w+\\(${machine}\\)`));
});
