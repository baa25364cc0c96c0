import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { expect, test } from "vitest";
import { withoutStateDescriptions } from "../../vite.machines";

// A machine split in files (checkout/) has its states' descriptions in those.
const files = readdirSync("machines", { recursive: true, encoding: "utf8" }).filter((name) =>
  name.endsWith(".ts"),
);

// The browser's build leaves the testers' descriptions out (vite.machines.ts): each must be a plain
// string literal, so that what is left is the same machine, and parses.
test.each(files)("machines/%s is built without its state descriptions, and still parses", (name) => {
  const code = withoutStateDescriptions(readFileSync(`machines/${name}`, "utf8"));
  expect(code).not.toMatch(/\bdescription\b\s*:/);
  const { diagnostics } = ts.transpileModule(code, { reportDiagnostics: true, fileName: name });
  expect(diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
});
