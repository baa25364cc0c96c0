import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import type { TestModel } from "xstate/graph";

/**
 * Path tests generated from a machine (xstate/graph), and the check that they walk every
 * transition the machine defines, so a transition without a path fails its suite.
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
export function definedTransitions(machine: AnyStateMachine): string[] {
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
export function walkedTransitions(machine: AnyStateMachine, paths: Array<{ steps: Step[] }>): string[] {
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
