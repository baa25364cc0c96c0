import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from "xstate";
import type { TestModel } from "xstate/graph";

/*
 * What the generated paths must walk, and the paths that walk it (tests/support/paths.ts runs them
 * on the views; tests/paths/plan.ts writes them down for QA). No vitest here, so a script can use it.
 *
 * Two measures, both required:
 * - every (state, event) pair: each state value a path reaches, with each of the model's events
 *   its snapshot accepts (`snapshot.can`). A transition declared on a parent or the root is walked
 *   from each of its states, not once for all of them.
 * - every transition definition, guarded branches counted apart (a pair may have several).
 * A pair judged the same as one walked may be left out, named with its reason (`EquivalentPair`).
 */

type Transition = {
  source: { id: string; always?: unknown[]; transitions: Map<string, unknown[]> };
  eventType: string;
  target?: Array<{ id: string }>;
};
export type Step = { state: AnyMachineSnapshot; event: EventObject };
export type AnyTestModel = TestModel<AnyMachineSnapshot, EventObject, unknown>;
type TestParams = Parameters<AnyTestModel["testPath"]>[1];
export type RunnablePath = { name: string; steps: Step[]; test(params: TestParams): Promise<unknown> };

/**
 * A pair no path walks on purpose: `event` in `state` does what it does in `sameAs` (which a path
 * walks), for the reason given. The check fails when `sameAs` is not walked or the pair is.
 */
export type EquivalentPair = { state: string | string[]; event: string; sameAs: string; reason: string };

/** The pairs an entry names: one per state it lists. */
export const equivalentPairKeys = (e: EquivalentPair) =>
  [e.state].flat().map((state) => pairKey(state, e.event));

type StateNode = AnyStateMachine["root"];
const pathOf = (node: StateNode) => node.path.join(".");
export const allNodes = (node: StateNode): StateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => allNodes(child as StateNode)),
];

/** A state value as a key: `active.idle`; parallel regions joined with " + ". */
export function stateKey(value: unknown): string {
  if (typeof value === "string") return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([region, child]) => {
      const inner = stateKey(child);
      return inner ? `${region}.${inner}` : region;
    })
    .join(" + ");
}

export const pairKey = (state: string, event: string) => `${state} × ${event}`;
const pairOf = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  pairKey(stateKey(snapshot.value), event.type);

const modelEvents = (model: AnyTestModel, snapshot: AnyMachineSnapshot): readonly EventObject[] => {
  const events = model.options.events;
  return typeof events === "function" ? events(snapshot) : (events ?? []);
};

/** Every pair the model's reachable states accept, sorted. */
export function acceptedPairs(model: AnyTestModel): string[] {
  const pairs = new Set<string>();
  for (const { state } of Object.values(model.getAdjacencyMap())) {
    for (const event of modelEvents(model, state))
      if (state.can(event as never)) pairs.add(pairOf(state, event));
  }
  return [...pairs].sort();
}

/** The pairs the paths walk: each step after the first is (previous snapshot, event). */
export function walkedPairs(paths: Array<{ steps: Step[] }>): string[] {
  const walked = new Set<string>();
  for (const { steps } of paths)
    steps.slice(1).forEach((step, i) => walked.add(pairOf(steps[i]!.state, step.event)));
  return [...walked].sort();
}

const pathName = (steps: Step[]) => steps.map((s) => s.event.type.replace("xstate.", "")).join(" → ");

/** Past this many steps a path stops growing, so that one stays quick to run and to read. */
const MAX_STEPS = 20;

/**
 * The fewest paths this finds that reach every state of the model (its shortest paths, which
 * differ by what the view shows), walk every transition, and walk every accepted pair except
 * `skip`. A missing pair or transition is added to the end of a path that already stops in its
 * state, or else to the shortest way there; from where it leads, the path goes on with the next
 * one missing there. (Routing paths through the graph to reach more would make fewer still, but
 * with histories the models do not tell apart: a hold released, then found again.)
 */
export function pathsWalkingEveryPair(model: AnyTestModel, skip: ReadonlySet<string> = new Set()) {
  const machine = model.testLogic as unknown as AnyStateMachine;
  const serialize = (state: AnyMachineSnapshot) => model.options.serializeState!(state, undefined as never);
  const shortest = model.getShortestPaths();
  const paths: Step[][] = shortest.map((p) => [...p.steps]);
  const prefixes = new Map<string, Step[]>();
  const endsAt = new Map<string, Step[]>();
  for (const steps of paths) {
    steps.forEach((step, i) => {
      if (!prefixes.has(serialize(step.state))) prefixes.set(serialize(step.state), steps.slice(0, i + 1));
    });
    endsAt.set(serialize(steps.at(-1)!.state), steps);
  }
  const pairs = new Set(walkedPairs(shortest));
  const transitions = new Set(walkedTransitions(machine, shortest));
  const taken = (from: AnyMachineSnapshot, event: EventObject) =>
    (machine.getTransitionData(from, event) as unknown as Transition[]).map(describeTransition);
  const needed = (from: AnyMachineSnapshot, event: EventObject) => {
    const pair = pairOf(from, event);
    return (!pairs.has(pair) && !skip.has(pair)) || taken(from, event).some((t) => !transitions.has(t));
  };
  const walk = (from: AnyMachineSnapshot, event: EventObject) => {
    pairs.add(pairOf(from, event));
    taken(from, event).forEach((t) => transitions.add(t));
  };

  // Every edge out of every reachable state: the model's, then those its filter left out that the
  // state still accepts (the model keeps them out to stay small; walked once, at a path's end).
  const adjacency = model.getAdjacencyMap() as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, Step> }
  >;
  const edgesFrom = (key: string): Step[] => {
    const { state, transitions: out } = adjacency[key]!;
    const modelled = Object.values(out) as Step[];
    const offered = new Set(modelled.map((s) => s.event));
    const filtered = modelEvents(model, state)
      .filter((event) => !offered.has(event) && state.can(event as never))
      .map((event) => ({ event, state: getNextSnapshot(machine, state, event) }));
    return [...modelled, ...filtered];
  };
  const append = (steps: Step[], step: Step) => {
    walk(steps.at(-1)!.state, step.event);
    steps.push(step);
  };
  /** A path that stops in `key`, taken off the list of ends; else a new one, the shortest way there. */
  const pathTo = (key: string): Step[] => {
    const end = endsAt.get(key);
    if (end) {
      endsAt.delete(key);
      return end;
    }
    const fresh = [...prefixes.get(key)!];
    paths.push(fresh);
    return fresh;
  };
  /** Goes on while a pair or transition is missing one step away. */
  const goOn = (steps: Step[]) => {
    while (steps.length < MAX_STEPS) {
      const last = steps.at(-1)!.state;
      const here = serialize(last);
      const next = adjacency[here] && edgesFrom(here).find((e) => needed(last, e.event));
      if (!next) break;
      append(steps, next);
    }
    endsAt.set(serialize(steps.at(-1)!.state), steps);
  };
  for (const key of Object.keys(adjacency)) {
    for (const edge of edgesFrom(key)) {
      if (!needed(adjacency[key]!.state, edge.event)) continue;
      const steps = pathTo(key);
      append(steps, edge);
      goOn(steps);
    }
  }
  return paths.map((steps): RunnablePath => ({
    name: pathName(steps),
    steps,
    test: (params) => model.testPath({ state: steps.at(-1)!.state, steps, weight: steps.length }, params),
  }));
}

/**
 * Fewer paths for a slow runner (the browser, tests/e2e/machinePaths.e2e.ts): every accepted pair
 * but `skip` walked and every state value reached, nothing more (not every variant of a state's
 * context, not every guarded branch apart).
 * Each missing pair, those nearest the start first, is added to a path that already stops in its
 * state, or to the shortest way there; the path then goes on, through walked pairs where it must,
 * to the nearest missing one (a step costs the browser less than a new page), up to MAX_STEPS.
 */
export function fewestPathsWalkingEveryPair(
  model: AnyTestModel,
  skip: ReadonlySet<string> = new Set(),
  {
    detours = true,
    everyState = false,
    asModelled = false,
  }: {
    /** Whether a path may go on through walked pairs (off: it stops where no missing one is next). */
    detours?: boolean;
    /** Also a path to each state no event leaves and none reaches (a page that only shows). */
    everyState?: boolean;
    /**
     * Only the events the model offers in a state (its filterEvents: what a person can do there),
     * not every one the machine would take.
     */
    asModelled?: boolean;
  } = {},
) {
  const machine = model.testLogic as unknown as AnyStateMachine;
  const serialize = (state: AnyMachineSnapshot) => model.options.serializeState!(state, undefined as never);
  // The shortest way to every state: xstate/graph leaves out a path that another one begins with.
  const prefixes = new Map<string, Step[]>();
  for (const { steps } of model.getShortestPaths())
    steps.forEach((step, i) => {
      const key = serialize(step.state);
      if (!prefixes.has(key) || prefixes.get(key)!.length > i + 1) prefixes.set(key, steps.slice(0, i + 1));
    });
  const adjacency = model.getAdjacencyMap() as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, Step> }
  >;
  const edgesFrom = (key: string): Step[] => {
    const { state } = adjacency[key]!;
    const filter = asModelled ? model.options.filterEvents : undefined;
    return modelEvents(model, state)
      .filter((event) => state.can(event as never) && (!filter || filter(state, event)))
      .map((event) => ({ event, state: getNextSnapshot(machine, state, event) }));
  };
  const walked = new Set<string>(skip);
  const reached = new Set<string>();
  const needed = (from: AnyMachineSnapshot, step: Step) =>
    !walked.has(pairOf(from, step.event)) || !reached.has(stateKey(step.state.value));
  const paths: Step[][] = [];
  const endsAt = new Map<string, Step[]>();
  const pathTo = (key: string): Step[] => {
    const end = endsAt.get(key);
    if (end) {
      endsAt.delete(key);
      return end;
    }
    const fresh = [...prefixes.get(key)!];
    walkedPairs([{ steps: fresh }]).forEach((pair) => walked.add(pair));
    fresh.forEach((step) => reached.add(stateKey(step.state.value)));
    paths.push(fresh);
    return fresh;
  };
  /** The fewest steps from `start` through walked pairs to a needed one (a new path costs more). */
  const routeToNeeded = (start: string): Step[] => {
    const seen = new Set([start]);
    let frontier: Array<{ key: string; route: Step[] }> = [{ key: start, route: [] }];
    while (frontier.length > 0) {
      const further: typeof frontier = [];
      if (!detours && frontier[0]!.route.length > 0) break;
      for (const { key, route } of frontier) {
        if (!adjacency[key]) continue;
        for (const e of edgesFrom(key)) {
          if (needed(adjacency[key]!.state, e)) return [...route, e];
          const to = serialize(e.state);
          if (!seen.has(to)) {
            seen.add(to);
            further.push({ key: to, route: [...route, e] });
          }
        }
      }
      frontier = further;
    }
    return [];
  };
  const byDistance = Object.keys(adjacency)
    .filter((key) => prefixes.has(key))
    .sort((a, b) => prefixes.get(a)!.length - prefixes.get(b)!.length);
  for (const key of byDistance) {
    for (const edge of edgesFrom(key)) {
      if (!needed(adjacency[key]!.state, edge)) continue;
      const steps = pathTo(key);
      let route: Step[] = [edge];
      while (route.length > 0 && steps.length + route.length <= MAX_STEPS) {
        for (const next of route) {
          walked.add(pairOf(steps.at(-1)!.state, next.event));
          reached.add(stateKey(next.state.value));
          steps.push(next);
        }
        route = routeToNeeded(serialize(steps.at(-1)!.state));
      }
      endsAt.set(serialize(steps.at(-1)!.state), steps);
    }
  }
  if (everyState)
    for (const key of byDistance)
      if (!reached.has(stateKey(adjacency[key]!.state.value))) endsAt.set(key, pathTo(key));
  return paths.map((steps): RunnablePath => ({
    name: pathName(steps),
    steps,
    test: (params) => model.testPath({ state: steps.at(-1)!.state, steps, weight: steps.length }, params),
  }));
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
  for (const node of allNodes(machine.root)) {
    const own = [...node.transitions.values()].flat() as unknown as Transition[];
    for (const t of [...own, ...((node.always ?? []) as unknown as Transition[])])
      all.push(describeTransition(t));
  }
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
  const alwaysTransitions = allNodes(machine.root).flatMap(
    (node) => (node.always ?? []) as unknown as Transition[],
  );
  for (const path of paths) {
    const [first, ...rest] = path.steps;
    for (const t of alwaysTransitions) {
      if (first && t.target?.every((n) => first.state._nodes.some((active) => active.id === n.id)))
        walked.add(describeTransition(t));
    }
    let previous = first?.state;
    for (const step of rest) {
      for (const t of machine.getTransitionData(previous!, step.event) as unknown as Transition[])
        walked.add(describeTransition(t));
      previous = step.state;
    }
  }
  return [...walked].sort();
}

/** Every state node's key (`a`, `a.b`), the root left out. */
export const statePaths = (machine: AnyStateMachine) => allNodes(machine.root).slice(1).map(pathOf);

/** The states a view can show: the atomic and final ones the machine can rest in. */
export function statesToAssert(machine: AnyStateMachine): string[] {
  const passedThrough = (node: StateNode) =>
    (node.always ?? []).some((t) => !t.guard && (t.target?.length ?? 0) > 0);
  return allNodes(machine.root)
    .filter((node) => (node.type === "atomic" || node.type === "final") && !passedThrough(node))
    .map(pathOf);
}

/**
 * What the check of a machine's runs reports: pairs accepted but walked by no path and not named
 * equivalent, and equivalences that no longer hold (the pair is walked, is not accepted, or its
 * `sameAs` is not walked).
 */
export function pairCoverage(
  runs: Array<{ model: AnyTestModel; paths: Array<{ steps: Step[] }> }>,
  equivalent: readonly EquivalentPair[] = [],
) {
  const accepted = new Set(runs.flatMap((r) => acceptedPairs(r.model)));
  const walked = new Set(runs.flatMap((r) => walkedPairs(r.paths)));
  const named = new Set(equivalent.flatMap(equivalentPairKeys));
  return {
    accepted: accepted.size,
    walked: [...accepted].filter((p) => walked.has(p)).length,
    unwalked: [...accepted].filter((p) => !walked.has(p) && !named.has(p)).sort(),
    staleEquivalences: equivalent.flatMap((e) =>
      equivalentPairKeys(e).filter(
        (pair) => walked.has(pair) || !accepted.has(pair) || !walked.has(pairKey(e.sameAs, e.event)),
      ),
    ),
  };
}
