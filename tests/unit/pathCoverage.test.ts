import { createMachine, getNextSnapshot } from "xstate";
import { TestModel } from "xstate/graph";
import {
  definedTransitions,
  fewestPathsWalkingEveryPair,
  pairCoverage,
  pathsWalkingEveryPair,
  type AnyTestModel,
  type EquivalentPair,
  type Step,
  walkedTransitions,
} from "../support/pathCoverage";

/*
 * The path helper's (state, event) check, on a machine small enough to count by hand: `reset` is
 * declared once on the root, so a path walking it from `a` walks that transition definition, but
 * not the pair (b, reset).
 */

const machine = createMachine({
  id: "tiny",
  initial: "a",
  on: { reset: ".a" },
  states: { a: { on: { next: "b" } }, b: {} },
});
const model = new TestModel(machine, {
  events: [{ type: "next" }, { type: "reset" }],
  filterEvents: (s, e) => s.can(e),
}) as unknown as AnyTestModel;
const init = machine.getInitialSnapshot(undefined as never);
const walk = (...events: string[]) => {
  const steps: Step[] = [{ state: init, event: { type: "xstate.init" } }];
  for (const type of events)
    steps.push({ state: getNextSnapshot(machine, steps.at(-1)!.state, { type }), event: { type } });
  return { steps };
};

test("a pair walked by no path is reported, though every transition definition was walked", () => {
  // a → reset walks the root's one `reset`; b is reached, and left by nothing.
  const paths = [walk("reset"), walk("next")];
  expect(walkedTransitions(machine, paths)).toEqual(definedTransitions(machine));
  expect(pairCoverage([{ model, paths }])).toEqual({
    accepted: 3,
    walked: 2,
    unwalked: ["b × reset"],
    staleEquivalences: [],
  });
  expect(pairCoverage([{ model, paths: [walk("reset"), walk("next", "reset")] }]).unwalked).toEqual([]);
});

test("the generated paths walk every pair", () => {
  const paths = pathsWalkingEveryPair(model);
  expect(pairCoverage([{ model, paths }]).unwalked).toEqual([]);
  // Walking (b, reset) continues the path that stops in b rather than starting another.
  expect(paths.map((p) => p.name)).toEqual(["init → next → reset", "init → reset"]);
});

test("an equivalent pair is left out of the paths, and the entry fails once it no longer holds", () => {
  const equivalent: EquivalentPair[] = [{ state: "b", event: "reset", sameAs: "a", reason: "same" }];
  const paths = pathsWalkingEveryPair(model, new Set(["b × reset"]));
  expect(pairCoverage([{ model, paths }], equivalent)).toMatchObject({
    unwalked: [],
    staleEquivalences: [],
  });
  // Walked after all, or like a pair that is not walked: the entry is stale.
  expect(
    pairCoverage([{ model, paths: pathsWalkingEveryPair(model) }], equivalent).staleEquivalences,
  ).toEqual(["b × reset"]);
  const wrong = [{ ...equivalent[0]!, sameAs: "c" }];
  expect(pairCoverage([{ model, paths }], wrong).staleEquivalences).toEqual(["b × reset"]);
});

test("the browser's fewest paths walk every pair and state, going on through walked pairs", () => {
  // One path: a → next → b, b → reset → a, and a → reset → a (reached again through no new pair).
  const paths = fewestPathsWalkingEveryPair(model);
  expect(paths.map((p) => p.name)).toEqual(["init → next → reset → reset"]);
  expect(pairCoverage([{ model, paths }]).unwalked).toEqual([]);
  // A pair named as skipped is left out.
  expect(fewestPathsWalkingEveryPair(model, new Set(["a × reset"])).map((p) => p.name)).toEqual([
    "init → next → reset",
  ]);
});

test("a plan with every state reaches one no event leaves, as the start itself", () => {
  // A page that only shows (a checkout opened with unreadable times): its one state takes nothing.
  const still = createMachine({ id: "still", initial: "shown", states: { shown: {} } });
  const stillModel = new TestModel(still, { events: [] }) as unknown as AnyTestModel;
  expect(fewestPathsWalkingEveryPair(stillModel)).toEqual([]);
  expect(fewestPathsWalkingEveryPair(stillModel, new Set(), { everyState: true }).map((p) => p.name)).toEqual(
    ["init"],
  );
});
