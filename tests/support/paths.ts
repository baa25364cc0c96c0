import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, SnapshotFrom } from "xstate";
import type { TestModel } from "xstate/graph";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import nodePath from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, test } from "vitest";
import {
  failedPaymentStart,
  failedRequest,
  failedRequestWords,
  machineDoc,
  type StepWords,
} from "./machineDoc";
import {
  definedTransitions,
  equivalentPairKeys,
  pairCoverage,
  pathsWalkingEveryPair,
  statePaths,
  statesToAssert,
  walkedTransitions,
  type AnyTestModel,
  type EquivalentPair,
  type RunnablePath,
} from "./pathCoverage";

/**
 * Path tests generated from a machine (xstate/graph), run against the real view, with checks that
 * they are complete: every (state, event) pair and every transition the machine defines is walked
 * by some path, and every state the view can show has an assertion. Each `machines/<name>Machine.ts` has a
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
 *     steps: {                              // each event in a tester's words, for the plan in
 *       "xstate.init": "Open /ovi/… .",     // docs/machines/ (machineDoc.ts says how)
 *       "door.open": "Press “Avaa portti”.",
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
 * states)`, under the same assertions; `pathsWalkingEveryPair(model)` makes its paths.
 *
 * The paths check asks every (state, event) pair the runs' states accept to be walked
 * (tests/support/pathCoverage.ts says how they are made and counted), except those listed in
 * `equivalent` with the walked pair they behave like and why: keep that list short.
 */

export type { EquivalentPair, RunnablePath, StepWords };
export { failedPaymentStart, failedRequest, failedRequestWords, pathsWalkingEveryPair };

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
  {
    runs,
    states,
    equivalent = [],
    steps,
  }: {
    runs: Array<PathRun<TMachine, TInput>>;
    states: StateAssertions<TMachine>;
    equivalent?: EquivalentPair[];
    /** What a tester does for each event type, for the plan in docs/machines/ (machineDoc.ts). */
    steps: StepWords;
  },
) {
  const skip = new Set(equivalent.flatMap(equivalentPairKeys));
  const generated = runs.map((run) => {
    if ((run.model.testLogic as unknown) !== machine)
      throw new Error(`a run's model is not of ${machine.id}`);
    const model = run.model as unknown as AnyTestModel;
    return { ...run, model, paths: pathsWalkingEveryPair(model, skip) };
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
    test(`the paths walk every (state, event) pair of ${machine.id}`, () => {
      const { unwalked, staleEquivalences } = pairCoverage(generated, equivalent);
      expect({ unwalked, staleEquivalences }).toEqual({ unwalked: [], staleEquivalences: [] });
    });
    // `npm run paths` runs this alone with PATHS_WRITE set, to write the file and show it.
    test(`docs/machines/${machine.id}.md is what npm run paths writes`, () => {
      // A path, not a URL: under jsdom, URL is jsdom's, which node:fs does not take.
      const file = nodePath.resolve(
        fileURLToPath(import.meta.url),
        `../../../docs/machines/${machine.id}.md`,
      );
      const doc = machineDoc(machine, generated, equivalent, steps);
      if (process.env.PATHS_WRITE) {
        mkdirSync(nodePath.dirname(file), { recursive: true });
        writeFileSync(file, doc);
        console.log(doc);
      }
      expect(existsSync(file) ? readFileSync(file, "utf8") : "(missing: run npm run paths)").toBe(doc);
    });
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
