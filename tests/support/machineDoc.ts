import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import { failureField } from "../../machines/remoteFailure";
import {
  allNodes,
  equivalentPairKeys,
  fewestPathsWalkingEveryPair,
  pairCoverage,
  stateKey,
  type AnyTestModel,
  type EquivalentPair,
  type Step,
} from "./pathCoverage";

/*
 * docs/machines/<machine>.md, written by `npm run paths` (tests/paths/cli.ts) from the machine and
 * its path tests: a Mermaid diagram, what each state shows (its `description`), a test plan a
 * person walks in a browser, and the (state, event) coverage of the jsdom run. Everything is
 * sorted or in the machine's own order, so the same machine and models always give the same text.
 *
 * The plan is the browser's: the fewest paths that walk every (state, event) pair and reach every
 * state (tests/e2e walks the same for its machines); jsdom runs more, one per variant of what a
 * state shows. Each step is said in words (`StepWords`, given by the path test file): what to do
 * on the screen, or what the server should answer; then what the screen shows.
 */

/**
 * What a tester does for each event type: a click or a typing ("Press “Irtisano jäsenyys”"), or a
 * server answer to arrange ("The server answers 409 …"), said from the event when its data
 * matters. A failed request (an ApiError) needs none: its status and message say it. `xstate.init`
 * is how the path starts (the page to open and who is signed in).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StepWords = Record<string, string | ((event: any) => string)>;

type StateNode = AnyStateMachine["root"];
type Transition = {
  eventType: string;
  guard?: unknown;
  target?: readonly StateNode[];
};
type Run = { name?: string; model: AnyTestModel; paths: Array<{ name: string; steps: Step[] }> };

/** Event types as a reader says them: `done loadQuote`, `after untilOpen`. */
export const eventLabel = (type: string) =>
  type
    .replace(/^xstate\.done\.actor\.(.+)$/, "done $1")
    .replace(/^xstate\.error\.actor\.(.+)$/, "error $1")
    .replace(/^xstate\.after\.([^.]+)\..*$/, "after $1")
    .replace(/^xstate\.init$/, "start");

const mermaidId = (node: StateNode) => node.path.join("_") || "root";

/** A request that failed, as the tests' ApiError carries it: its status (null: no connection) and the server's words. */
function failureWords(event: EventObject): string | undefined {
  const error = (event as { error?: { status?: number | null; message?: string } }).error;
  if (!event.type.startsWith("xstate.error.actor.") || !error || !("status" in error)) return undefined;
  // Without an answer the page says its own words (the state's description tells which).
  return error.status === null || error.status === undefined
    ? `The request fails: no connection to the server.`
    : `The server answers ${error.status}: “${error.message}”`;
}

/**
 * A failed request's words for a page that, with no answer, shows its own `fallback` text: the
 * server's status and message, or no connection and that text.
 */
export const failedRequestWords = (error: { status: number | null; message: string }, fallback: string) =>
  error.status === null
    ? `The request fails: no connection to the server (the page says “${fallback}”).`
    : `The server answers ${error.status}: “${error.message}”`;

/** A payment's start that failed: as `failedRequestWords`, with a refused gift card said as such. */
export const failedPaymentStart =
  (fallback: string) =>
  ({ error }: { error: { status: number | null; message: string } }) =>
    error.status !== null && failureField(error) === "giftCardCode"
      ? `The server refuses the gift card: ${error.status} “${error.message}” (field giftCardCode).`
      : failedRequestWords(error, fallback);

/** `failedRequestWords` as a step's words. */
export const failedRequest =
  (fallback: string) =>
  ({ error }: { error: { status: number | null; message: string } }) =>
    failedRequestWords(error, fallback);

/** The step's words, or undefined when the test file gives none for its event type. */
function stepWords(words: StepWords, event: EventObject): string | undefined {
  const said = words[event.type];
  if (said === undefined) return failureWords(event);
  return typeof said === "function" ? said(event) : said;
}

/** What the screen shows in a state: the descriptions of its state nodes, outermost first. */
function screenOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string {
  const leaves = snapshot._nodes.filter((n) => n.type === "atomic" || n.type === "final");
  const nodes = new Set<unknown>();
  for (const leaf of leaves) {
    for (let n: typeof leaf | undefined = leaf; n && n.parent; n = n.parent) nodes.add(n);
  }
  const said = allNodes(machine.root)
    .filter((n) => nodes.has(n))
    .map((n) => (n.description ?? "").replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return said.join(" ") || "—";
}

function diagram(machine: AnyStateMachine): string[] {
  const lines: string[] = ["stateDiagram-v2"];
  const declare = (node: StateNode, indent: string) => {
    const children = Object.values(node.states) as StateNode[];
    if (node.parent) {
      const name = node.path.at(-1)!;
      if (children.length === 0) {
        lines.push(`${indent}state "${name}" as ${mermaidId(node)}`);
        return;
      }
      lines.push(`${indent}state "${name}" as ${mermaidId(node)} {`);
    }
    const inner = node.parent ? `${indent}  ` : indent;
    const initial = node.initial?.target?.[0] as StateNode | undefined;
    if (initial) lines.push(`${inner}[*] --> ${mermaidId(initial)}`);
    children.forEach((child) => declare(child, inner));
    for (const child of children)
      if (child.type === "final") lines.push(`${inner}${mermaidId(child)} --> [*]`);
    if (node.parent) lines.push(`${indent}}`);
  };
  declare(machine.root, "  ");
  for (const node of allNodes(machine.root)) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as Transition[];
    for (const t of transitions) {
      const guardName = typeof t.guard === "string" ? t.guard : (t.guard as { type?: string })?.type;
      const guard = t.guard ? ` [${guardName ?? "guard"}]` : "";
      const event = t.eventType ? eventLabel(t.eventType) : "always";
      // The root's own events are taken in every state: drawn from each top-level one.
      const sources = node.parent
        ? [node]
        : (Object.values(node.states) as StateNode[]).filter((s) => s.type !== "final");
      for (const source of sources)
        for (const target of t.target ?? [])
          lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)} : ${event}${guard}`);
    }
  }
  return lines;
}

function rootEvents(machine: AnyStateMachine): string[] {
  return ([...machine.root.transitions.values()].flat() as Transition[]).map((t) => {
    const targets = (t.target ?? []).map((n) => n.path.join(".")).join(", ");
    return `- \`${t.eventType}\` (in every state) → ${targets ? `\`${targets}\`` : "stays"}`;
  });
}

/**
 * The plan a person walks: per run, its fewest paths, each step in words and what the screen then
 * shows. Throws when an event type has no words or two paths read alike, naming them.
 */
function testPlan(
  machine: AnyStateMachine,
  runs: Run[],
  equivalent: readonly EquivalentPair[],
  words: StepWords,
): string[] {
  const skip = new Set(equivalent.flatMap(equivalentPairKeys));
  const unsaid = new Set<string>();
  let number = 0;
  const plan = runs.flatMap((run) => {
    // Paths under two headings start apart (the heading says how), so alike means within one.
    const seen = new Map<string, number>();
    return [
      ...(run.name ? [``, `### ${run.name}`] : []),
      ...fewestPathsWalkingEveryPair(run.model, skip, {
        detours: false,
        everyState: true,
        asModelled: true,
      }).flatMap(({ steps }) => {
        number += 1;
        const lines = steps.map((step, i) => {
          const said = stepWords(words, step.event);
          if (said === undefined) unsaid.add(step.event.type);
          const shows = screenOf(machine, step.state);
          return `${i + 1}. ${said ?? step.event.type} → \`${stateKey(step.state.value)}\`: ${shows}`;
        });
        const text = lines.join("\n");
        const alike = seen.get(text);
        if (alike !== undefined && unsaid.size === 0)
          throw new Error(
            `${machine.id}: paths ${alike} and ${number} read alike; tell their steps apart in its StepWords`,
          );
        seen.set(text, number);
        return [``, `#### Path ${number}`, ``, ...lines];
      }),
    ];
  });
  if (unsaid.size > 0)
    throw new Error(
      `${machine.id}: no words for ${[...unsaid].sort().join(", ")} (StepWords in its path test)`,
    );
  return plan;
}

export function machineDoc(
  machine: AnyStateMachine,
  runs: Run[],
  equivalent: readonly EquivalentPair[] = [],
  words: StepWords = {},
): string {
  const coverage = pairCoverage(runs, equivalent);
  const states = allNodes(machine.root)
    .slice(1)
    .map(
      (node) =>
        `| \`${node.path.join(".")}\` | ${(node.description ?? "").replace(/\s+/g, " ").trim() || "—"} |`,
    );
  const events = [...new Set(runs.flatMap(eventsOf))].sort();
  const plan = testPlan(machine, runs, equivalent, words);
  return [
    `# ${machine.id}`,
    ``,
    `Generated by \`npm run paths\` from \`machines/${machine.id}Machine.ts\` and the models in`,
    `\`tests/machines/${machine.id}.paths.test.tsx\`; do not edit by hand (a test fails when it differs).`,
    ``,
    "```mermaid",
    ...diagram(machine),
    "```",
    ...(rootEvents(machine).length ? [``, `Events taken in every state:`, ``, ...rootEvents(machine)] : []),
    ``,
    `## States`,
    ``,
    `| State | What the screen shows |`,
    `| --- | --- |`,
    ...states,
    ``,
    `## Events`,
    ``,
    ...events.map((type) => `- \`${type}\``),
    ``,
    `## Test plan`,
    ``,
    `Walk each path from a fresh page: do each step, then check that the screen shows what follows`,
    `the arrow (the state's name, then what it shows). A step that is a server answer is arranged`,
    `before the step that asks (a test double, or the real server made to answer so). Together the`,
    `paths take every event the model offers in every state; the jsdom path tests`,
    `(\`tests/machines/${machine.id}.paths.test.tsx\`) run these and more, one per variant of what a`,
    `state shows.`,
    ...plan,
    ``,
    `## Coverage`,
    ``,
    `${coverage.walked} of ${coverage.accepted} (state, event) pairs that reachable states accept are walked.`,
    ...(equivalent.length
      ? [
          ``,
          `Judged equivalent to a walked pair, so walked by no path:`,
          ``,
          ...equivalent.map(
            (e) =>
              `- \`${e.event}\` in ${[e.state]
                .flat()
                .map((s) => `\`${s}\``)
                .join(", ")}: as in \`${e.sameAs}\`; ${e.reason}`,
          ),
        ]
      : []),
    ...(coverage.unwalked.length ? [``, `Not walked:`, ``, ...coverage.unwalked.map((p) => `- ${p}`)] : []),
    ``,
  ].join("\n");
}

function eventsOf(run: Run): string[] {
  const types = new Set<string>();
  for (const { state } of Object.values(run.model.getAdjacencyMap())) {
    const events = run.model.options.events;
    for (const e of typeof events === "function" ? events(state) : (events ?? [])) types.add(e.type);
  }
  return [...types];
}
