/**
 * The server's module boundaries (issue 33, decision 052), as an ESLint rule:
 * - a module is a folder directly under src/server (a file there is a module of its own);
 * - another module is used only through its entry, `index.ts`, which says what it offers;
 * - a module's own files import each other, never their own entry;
 * - the modules' value imports form no cycle: a module never imports one that (through others)
 *   imports it. As import-x/no-cycle (issue 20), type-only imports are not counted: they are erased
 *   at build and decide no load order (the context's type names every service the app wires).
 * The cycle check reads every server file's imports once per lint run.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const serverRoot = path.join(import.meta.dirname, "src", "server");
const importPattern =
  /(?:^|[\s;])(?:import|export)\s([^"';]*?)from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

/** `import type { A }`, `export type { A }` or `import { type A, type B }`: erased at build. */
function onlyTypes(clause) {
  const c = clause.trim();
  if (c.startsWith("type ")) return true;
  const names = c.startsWith("{")
    ? c
        .slice(1, c.lastIndexOf("}"))
        .split(",")
        .map((n) => n.trim())
    : [];
  return names.length > 0 && names.every((n) => n === "" || n.startsWith("type "));
}

/** The module a file belongs to, or null when it is not server code. */
function moduleOf(file) {
  const rel = path.relative(serverRoot, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.tsx?$/, "");
}

const folders = new Set(
  readdirSync(serverRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);
const isFolderModule = (module) => folders.has(module);
const entryOf = (module) =>
  isFolderModule(module) ? path.join(serverRoot, module, "index.ts") : path.join(serverRoot, `${module}.ts`);
const resolve = (from, specifier) => path.resolve(path.dirname(from), specifier).replace(/\.js$/, ".ts");

function* serverFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "migrations") yield* serverFiles(full);
    } else if (entry.name.endsWith(".ts")) yield full;
  }
}

let graph = null;
/** Module → the modules its files import. */
function moduleGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const file of serverFiles(serverRoot)) {
    const from = moduleOf(file);
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(importPattern)) {
      if (match[2] && onlyTypes(match[1])) continue;
      const to = moduleOf(resolve(file, match[2] ?? match[3]));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A chain of imports from `start` back to `goal`, if one exists. */
function chain(start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const route = queue.shift();
    for (const next of moduleGraph().get(route.at(-1)) ?? []) {
      if (next === goal) return [...route, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}

const rule = {
  meta: {
    type: "problem",
    docs: {
      description: "Server modules are used through their entry, and never import each other in a cycle.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    if (!from) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = resolve(file, specifier);
      const to = moduleOf(target);
      if (!to) return;
      if (to === from) {
        if (target === entryOf(from) && file !== target)
          context.report({ node, message: `Inside "${from}", import its files, not its own entry.` });
        return;
      }
      if (target !== entryOf(to))
        context.report({
          node,
          message: `"${to}" is used through its entry (${path.relative(path.dirname(file), entryOf(to))}).`,
        });
      const typesOnly =
        node.importKind === "type" ||
        node.exportKind === "type" ||
        (node.specifiers?.length > 0 &&
          node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));
      const back = typesOnly ? null : chain(to, from);
      if (back)
        context.report({
          node,
          message: `Module cycle: ${from} → ${back.join(" → ")}. Move the shared part down.`,
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
