import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import type { TestModel } from "xstate/graph";
import type { Page, Route } from "playwright-core";
import {
  equivalentPairKeys,
  fewestPathsWalkingEveryPair,
  pairCoverage,
  stateKey,
  statesToAssert,
  type AnyTestModel,
  type EquivalentPair,
  type Step,
} from "./pathCoverage.js";

/*
 * Paths generated from a machine, run in Chromium against the built app and the real server
 * (tests/e2e/machinePaths.e2e.ts). Slower than jsdom, so only the fewest paths that walk every
 * (state, event) pair run (`fewestPathsWalkingEveryPair`), and the file fails when a pair the
 * model's states accept is walked by none and not named in `equivalent` with its reason (here:
 * pairs a real browser cannot hold apart, walked by the machine's jsdom run instead).
 *
 * An executor gets the step and the one after it: a page sets up now what the next step needs
 * (the storage a restore is about to read). Each state's assertion runs after the step that led
 * there, for every key its snapshot matches, and must make an expect call.
 */

export type BrowserStep<TWorld> = {
  world: TWorld;
  event: EventObject;
  /** The snapshot before the event (undefined for the first step) and after it. */
  from?: AnyMachineSnapshot;
  state: AnyMachineSnapshot;
  next?: Step;
  /** Every step after this one. */
  later: Step[];
};
export type BrowserRun<TWorld> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: TestModel<any, any, any>;
  equivalent?: EquivalentPair[];
  /** A fresh world (page, held requests) for each path; closed by the file's afterEach. */
  start(): Promise<TWorld>;
  events: Record<string, (step: BrowserStep<TWorld>) => Promise<unknown>>;
  states: Record<string, (world: TWorld, snapshot: AnyMachineSnapshot) => Promise<unknown>>;
};

export function describeBrowserPaths<TWorld>(machine: AnyStateMachine, run: BrowserRun<TWorld>) {
  const model = run.model as unknown as AnyTestModel;
  const equivalent = run.equivalent ?? [];
  // Without detours: the longer paths they make met histories the executors do not set up yet
  // (decision 023's 2026-11-25 paragraph), so each path stops where no missing pair is next.
  const paths = fewestPathsWalkingEveryPair(model, new Set(equivalent.flatMap(equivalentPairKeys)), {
    detours: false,
  });
  describe(`${machine.id} paths in Chromium`, () => {
    it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
      const world = await run.start();
      for (const [i, step] of path.steps.entries()) {
        const execute = run.events[step.event.type];
        if (!execute) throw new Error(`no executor for ${step.event.type}`);
        await execute({
          world,
          event: step.event,
          from: path.steps[i - 1]?.state,
          state: step.state,
          next: path.steps[i + 1],
          later: path.steps.slice(i + 1),
        });
        await assertState(run, world, step.state);
      }
    });
    test(`the browser paths walk every (state, event) pair and reach every state of ${machine.id}`, () => {
      const { unwalked, staleEquivalences } = pairCoverage([{ model, paths }], equivalent);
      const unreached = statesToAssert(machine).filter(
        (state) => !paths.some((p) => p.steps.some((step) => step.state.matches(state))),
      );
      expect({ unwalked, staleEquivalences, unreached }).toEqual({
        unwalked: [],
        staleEquivalences: [],
        unreached: [],
      });
    });
  });
}

async function assertState<TWorld>(run: BrowserRun<TWorld>, world: TWorld, snapshot: AnyMachineSnapshot) {
  const keys = Object.keys(run.states).filter((key) => snapshot.matches(key));
  if (keys.length === 0) throw new Error(`no browser assertion matches ${stateKey(snapshot.value)}`);
  for (const key of keys) {
    const before = expect.getState().assertionCalls;
    await run.states[key]!(world, snapshot);
    if (expect.getState().assertionCalls === before)
      throw new Error(`the browser assertion for "${key}" made no expect call`);
  }
}

/**
 * Requests of the page held until the test lets them through to the real server (`pass`) or
 * fails them as a lost connection would (`cut`): the one thing a browser run controls is when
 * an answer arrives, never what the server answers.
 */
export class HeldRequests {
  private readonly waiting = new Map<string, Route[]>();
  constructor(private readonly page: Page) {}

  /** Holds every request whose URL matches, under `id`, until passed or cut. */
  async hold(id: string, url: RegExp, method?: string) {
    await this.page.route(url, (route) => {
      if (method && route.request().method() !== method) return route.fallback();
      const queue = this.waiting.get(id) ?? [];
      queue.push(route);
      this.waiting.set(id, queue);
    });
  }

  async isWaiting(id: string) {
    return (this.waiting.get(id)?.length ?? 0) > 0;
  }

  /** Every request held under `id` now, once there is at least one. */
  private async waitingNow(id: string): Promise<Route[]> {
    await expect.poll(() => this.isWaiting(id), { timeout: 10_000, message: `a ${id} request` }).toBe(true);
    return this.waiting.get(id)!.splice(0);
  }

  /** Lets the held requests through to the server (the app may ask twice at once, e.g. two readers). */
  async pass(id: string) {
    for (const route of await this.waitingNow(id)) await route.continue();
  }

  /** Fails the held requests as a dropped connection does, and the client's retries (spec §8). */
  async cut(id: string) {
    for (let attempt = 0; attempt < 2; attempt++)
      for (const route of await this.waitingNow(id)) await route.abort("internetdisconnected");
  }

  /** Fails whatever is held now, without waiting: requests the machine has stopped waiting for. */
  async drop(id: string) {
    for (const route of this.waiting.get(id)?.splice(0) ?? []) await route.abort("internetdisconnected");
  }

  /** Lets through all held now and any later ones: the test no longer times them. */
  async release(id: string) {
    for (const route of this.waiting.get(id)?.splice(0) ?? []) await route.continue();
  }
}
