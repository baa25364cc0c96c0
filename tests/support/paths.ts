import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, SnapshotFrom } from "xstate";
import type { TestModel } from "xstate/graph";
import { describe, expect, it, test } from "vitest";

/**
 * Path tests generated from a machine (xstate/graph), run against the real view, with two checks
 * that they are complete: every transition the machine defines is walked by some path, and every
 * state the view can show has an assertion. Each `machines/<name>Machine.ts` has a
 * `tests/machines/<name>.paths.test.tsx` that calls (tests/machines/everyMachineHasPathTests
 * fails otherwise):
 *
 *   describePathTests(doorMachine, {
 *     runs: [{ model, events: executors }], // TestModels of this very machine, each with the
 *                                           // executors that do its events in the view
 *     states: {                             // what the view shows, keyed by the state's path
 *       loading: async () => expect(await screen.findByText("Ladataan…")).toBeInTheDocument(),
 *       "anonymous.sending": (snapshot) => ...,
 *     },
 *   });
 *
 * A run may have a `name` (a describe block of its own), e.g. one per way into the page. The
 * states check asks for:
 * - a key for every atomic and final state. A parent state may have a key (checks all its
 *   children share, run as well) but needs none: it is never shown without one of its children.
 * - no key for a state an unguarded `always` leaves at once (checkout's `starting`): the machine
 *   never rests there, so no view shows it.
 * - no key that names no state, so '*' (which would hide a state left out) is refused.
 * - at least one `expect` call in each assertion it runs (a bare `findBy…` does not count).
 * Keys are matched here with `snapshot.matches(key)`; the models need no `stateMatcher`. A path
 * from outside the runs (say, a model with another input) runs with `runPath(path, events,
 * states)`, under the same assertions; `pathsCoveringEveryTransition(model)` makes its paths.
 */

type Transition = {
  source: { id: string; always?: unknown[]; transitions: Map<string, unknown[]> };
  eventType: string;
  target?: Array<{ id: string }>;
};
type Step = { state: AnyMachineSnapshot; event: { type: string } };
type AnyTestModel = TestModel<AnyMachineSnapshot, EventObject, unknown>;
type TestParams = Parameters<AnyTestModel["testPath"]>[1];
export type RunnablePath = { name: string; steps: Step[]; test(params: TestParams): Promise<unknown> };

export type StateAssertions<TMachine extends AnyStateMachine = AnyStateMachine> = Record<
  string,
  (snapshot: SnapshotFrom<TMachine>) => unknown
>;
/** The executors of a run, keyed by event type; each gets the step (`{ event, state }`). */
export type EventExecutors = Record<string, (step: never) => unknown>;
export type PathRun<TMachine extends AnyStateMachine, TInput> = {
  name?: string;
  model: TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, TInput>;
  events: EventExecutors;
};

export function describePathTests<TMachine extends AnyStateMachine, TInput>(
  machine: TMachine,
  { runs, states }: { runs: Array<PathRun<TMachine, TInput>>; states: StateAssertions<TMachine> },
) {
  const generated = runs.map((run) => {
    if ((run.model.testLogic as unknown) !== machine)
      throw new Error(`a run's model is not of ${machine.id}`);
    return { ...run, paths: pathsCoveringEveryTransition(run.model as unknown as AnyTestModel) };
  });
  describe(`${machine.id} paths`, () => {
    for (const { name, paths, events } of generated) {
      const tests = () =>
        it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
          await runPath(path, events, states as StateAssertions);
        });
      if (name) describe(name, tests);
      else tests();
    }
    test(`the paths walk every transition of ${machine.id}`, () => {
      const walked = walkedTransitions(
        machine,
        generated.flatMap((g) => g.paths),
      );
      expect(walked).toEqual(definedTransitions(machine));
    });
    test(`the paths assert every state of ${machine.id}`, () => {
      const known = new Set(statePaths(machine));
      expect({
        keysNamingNoState: Object.keys(states).filter((key) => !known.has(key)),
        statesWithoutAssertion: statesToAssert(machine).filter((state) => !(state in states)),
      }).toEqual({ keysNamingNoState: [], statesWithoutAssertion: [] });
    });
  });
}

/** Runs one path, asserting after each step every key its snapshot matches. */
export function runPath(path: RunnablePath, events: EventExecutors, states: StateAssertions) {
  const assertState = async (snapshot: AnyMachineSnapshot) => {
    const keys = Object.keys(states).filter((key) => snapshot.matches(key));
    if (keys.length === 0) throw new Error(`no assertion matches ${JSON.stringify(snapshot.value)}`);
    for (const key of keys) {
      const before = expect.getState().assertionCalls;
      await states[key]!(snapshot);
      if (expect.getState().assertionCalls === before)
        throw new Error(`the assertion for "${key}" made no expect call`);
    }
  };
  // TestModel runs '*' when no other key matches: given alone, for every snapshot, whatever the
  // model's stateMatcher.
  return path.test({ events: events as never, states: { "*": assertState } });
}

type StateNode = AnyStateMachine["root"];
const pathOf = (node: StateNode) => node.path.join(".");
const allNodes = (node: StateNode): StateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => allNodes(child as StateNode)),
];

/** Every state node's key (`a`, `a.b`), the root left out. */
const statePaths = (machine: AnyStateMachine) => allNodes(machine.root).slice(1).map(pathOf);

/** The states a view can show: the atomic and final ones the machine can rest in. */
function statesToAssert(machine: AnyStateMachine): string[] {
  const passedThrough = (node: StateNode) =>
    (node.always ?? []).some((t) => !t.guard && (t.target?.length ?? 0) > 0);
  return allNodes(machine.root)
    .filter((node) => (node.type === "atomic" || node.type === "final") && !passedThrough(node))
    .map(pathOf);
}

const pathName = (steps: Step[]) => steps.map((s) => s.event.type.replace("xstate.", "")).join(" → ");

/**
 * The model's shortest paths, plus a path for every machine transition they do not take. Shortest
 * paths reach every state but skip transitions into states already reached (a retry back to an
 * earlier state): for each such transition this adds the shortest way to its source followed by it.
 */
export function pathsCoveringEveryTransition(model: AnyTestModel): RunnablePath[] {
  const machine = model.testLogic as unknown as AnyStateMachine;
  const serialize = (state: AnyMachineSnapshot) => model.options.serializeState!(state, undefined as never);
  const shortest = model.getShortestPaths();
  const walked = new Set(walkedTransitions(machine, shortest));
  const prefixes = new Map<string, Step[]>();
  for (const path of shortest) {
    path.steps.forEach((step, i) => {
      if (!prefixes.has(serialize(step.state)))
        prefixes.set(serialize(step.state), path.steps.slice(0, i + 1));
    });
  }
  const runnable: RunnablePath[] = shortest.map((p) => ({
    name: pathName(p.steps),
    steps: p.steps,
    test: p.test,
  }));
  for (const [stateKey, { state: source, transitions }] of Object.entries(model.getAdjacencyMap())) {
    for (const { event, state } of Object.values(transitions) as Array<{
      event: EventObject;
      state: AnyMachineSnapshot;
    }>) {
      const taken = (machine.getTransitionData(source, event) as unknown as Transition[]).map(
        describeTransition,
      );
      if (taken.every((t) => walked.has(t))) continue;
      taken.forEach((t) => walked.add(t));
      const steps = [...prefixes.get(stateKey)!, { state, event }];
      runnable.push({
        name: pathName(steps),
        steps,
        test: (params) => model.testPath({ state, steps, weight: steps.length }, params),
      });
    }
  }
  return runnable;
}

/* Transitions are named by source, event, branch index and target, so guarded branches count apart. */

function describeTransition(t: Transition): string {
  const siblings = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? []);
  const target = t.target?.map((n) => n.id).join(",") ?? "(stays)";
  return `${t.source.id} --${t.eventType || "(always)"}[${siblings.indexOf(t)}]--> ${target}`;
}

/** Every transition the machine defines, including guarded branches, delays and eventless ones. */
function definedTransitions(machine: AnyStateMachine): string[] {
  const all: string[] = [];
  const visit = (node: AnyStateMachine["root"]) => {
    const own = [...node.transitions.values()].flat() as unknown as Transition[];
    for (const t of [...own, ...((node.always ?? []) as unknown as Transition[])])
      all.push(describeTransition(t));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return [...new Set(all)].sort();
}

/**
 * The transitions the paths took. Each step after the first is (previous snapshot, event); the
 * machine itself says which transition that selects. Eventless transitions fire only while the
 * machine starts (the checkout decides there what the visit is), so one counts as taken when a
 * path's first snapshot is in its target.
 */
function walkedTransitions(machine: AnyStateMachine, paths: Array<{ steps: Step[] }>): string[] {
  const walked = new Set<string>();
  const alwaysTransitions: Transition[] = [];
  const collect = (node: AnyStateMachine["root"]) => {
    alwaysTransitions.push(...((node.always ?? []) as unknown as Transition[]));
    Object.values(node.states).forEach(collect);
  };
  collect(machine.root);
  for (const path of paths) {
    const [first, ...rest] = path.steps;
    for (const t of alwaysTransitions) {
      if (
        first &&
        t.target?.every((n: { id: string }) =>
          first.state._nodes.some((active: { id: string }) => active.id === n.id),
        )
      ) {
        walked.add(describeTransition(t));
      }
    }
    let previous = first?.state;
    for (const step of rest) {
      for (const t of machine.getTransitionData(previous!, step.event) as unknown as Transition[]) {
        walked.add(describeTransition(t));
      }
      previous = step.state;
    }
  }
  return [...walked].sort();
}
