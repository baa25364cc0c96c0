import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import type { TestModel } from "xstate/graph";
import type { Page, Route } from "playwright-core";
import {
  acceptedPairs,
  equivalentPairKeys,
  fewestPathsWalkingEveryPair,
  pairCoverage,
  pairKey,
  stateKey,
  statePaths,
  statesToAssert,
  type AnyTestModel,
  type EquivalentPair,
  type Step,
  walkedPairs,
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
/**
 * A pair nothing outside the page can bring about in a real browser (no request to hold or fail),
 * left to the machine's jsdom run, which settles the actor itself; with the reason.
 */
export type OutsideBrowser = { state: string; event: string; reason: string };

export type BrowserRun<TWorld> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: TestModel<any, any, any>;
  equivalent?: EquivalentPair[];
  outsideBrowser?: OutsideBrowser[];
  /**
   * States this run's model cannot reach (another way into the page, left out of this run), with
   * the reason; a listed state the paths do reach fails the file, as a stale entry.
   */
  reachedElsewhere?: Array<{ state: string; reason: string }>;
  /** A fresh world (page, held requests) for each path; closed by the file's afterEach. */
  start(): Promise<TWorld>;
  events: Record<string, (step: BrowserStep<TWorld>) => Promise<unknown>>;
  states: Record<string, (world: TWorld, snapshot: AnyMachineSnapshot) => Promise<unknown>>;
};

export function describeBrowserPaths<TWorld>(machine: AnyStateMachine, run: BrowserRun<TWorld>) {
  const model = run.model as unknown as AnyTestModel;
  const equivalent = run.equivalent ?? [];
  const outside = (run.outsideBrowser ?? []).map((o) => pairKey(o.state, o.event));
  // Without detours: the longer paths they make met histories the executors do not set up yet
  // (decision 023's 2026-11-25 paragraph), so each path stops where no missing pair is next.
  const paths = fewestPathsWalkingEveryPair(
    model,
    new Set([...equivalent.flatMap(equivalentPairKeys), ...outside]),
    {
      detours: false,
    },
  );
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
      const coverage = pairCoverage([{ model, paths }], equivalent);
      const accepted = new Set(acceptedPairs(model));
      const walked = new Set(walkedPairs(paths));
      const reaches = (state: string) => paths.some((p) => p.steps.some((step) => step.state.matches(state)));
      const elsewhere = (run.reachedElsewhere ?? []).map((r) => r.state);
      const unreached = statesToAssert(machine).filter(
        (state) => !reaches(state) && !elsewhere.includes(state),
      );
      // A key that names no state would match nothing, and its assertions would silently never run.
      const known = new Set(statePaths(machine));
      expect({
        unwalked: coverage.unwalked.filter((pair) => !outside.includes(pair)),
        staleEquivalences: coverage.staleEquivalences,
        staleOutsideBrowser: outside.filter((pair) => !accepted.has(pair) || walked.has(pair)),
        unreached,
        staleReachedElsewhere: elsewhere.filter(reaches),
        keysNamingNoState: Object.keys(run.states).filter((key) => !known.has(key)),
      }).toEqual({
        unwalked: [],
        staleEquivalences: [],
        staleOutsideBrowser: [],
        unreached: [],
        staleReachedElsewhere: [],
        keysNamingNoState: [],
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
  private readonly routes = new Map<string, { url: RegExp; handler: (route: Route) => unknown }>();
  constructor(private readonly page: Page) {}

  /** Holds every request whose URL matches, under `id`, until passed or cut. */
  async hold(id: string, url: RegExp, method?: string) {
    const handler = (route: Route) => {
      if (method && route.request().method() !== method) return route.fallback();
      const queue = this.waiting.get(id) ?? [];
      queue.push(route);
      this.waiting.set(id, queue);
    };
    this.routes.set(id, { url, handler });
    await this.page.route(url, handler);
  }

  /** Stops holding `id`'s requests: those held now go through, later ones are not held. */
  async unhold(id: string) {
    const held = this.routes.get(id);
    if (!held) return;
    this.routes.delete(id);
    await this.page.unroute(held.url, held.handler);
    await this.release(id);
  }

  /** Forgets what is held under `id` without answering: requests of a page since reloaded. */
  forget(id: string) {
    this.waiting.get(id)?.splice(0);
  }

  async isWaiting(id: string) {
    return (this.waiting.get(id)?.length ?? 0) > 0;
  }

  /** Waits until a request is held under `id` (the page may still be loading what sends it). */
  async arrives(id: string) {
    await expect.poll(() => this.isWaiting(id), { timeout: 10_000, message: `a ${id} request` }).toBe(true);
  }

  /** Every request held under `id` now, once there is at least one. */
  private async waitingNow(id: string): Promise<Route[]> {
    await this.arrives(id);
    return this.waiting.get(id)!.splice(0);
  }

  /** Lets the held requests through to the server (the app may ask twice at once, e.g. two readers). */
  async pass(id: string) {
    for (const route of await this.waitingNow(id)) await route.continue();
  }

  /**
   * Fails the held requests as a dropped connection does, and the client's retries (spec §8; our
   * HTTP client retries once; `attempts` 1 for a client that does not, like Firebase's).
   */
  async cut(id: string, attempts = 2) {
    for (let attempt = 0; attempt < attempts; attempt++)
      for (const route of await this.waitingNow(id)) await route.abort("internetdisconnected");
  }

  /** Fails whatever is held now, without waiting: requests the machine has stopped waiting for. */
  async drop(id: string) {
    for (const route of this.waiting.get(id)?.splice(0) ?? []) await route.abort("internetdisconnected");
  }

  /** Lets through all held now: the test no longer times them. */
  async release(id: string) {
    for (const route of this.waiting.get(id)?.splice(0) ?? []) await route.continue();
  }
}
