import { act, waitFor } from "@testing-library/react";

/*
 * A fake of one of the SPA's API objects (BookingApi, MembershipApi, ...) for the view tests: the
 * API is outside the view unit, and the server has its own tests. Every call is recorded and waits
 * until the test settles it, unless the test answers that method at once (`immediate`).
 */

export type Outcome = { value: unknown } | { error: unknown };
type PendingCall = { args: unknown[]; resolve(value: unknown): void; reject(error: unknown): void };

export type Fake<Api> = {
  api: Api;
  /**
   * Waits for the view to have called `name`, then answers its latest call: an earlier open one
   * belongs to an actor the visitor already left behind (e.g. moved on while a week was loading).
   */
  settle(name: keyof Api, outcome: Outcome): Promise<unknown[]>;
  /**
   * Answers every open call of `name` alike, once at least `atLeast` are open: several actors
   * asking at once share one request in the app (the http client's in-flight GETs).
   */
  settleAll(name: keyof Api, outcome: Outcome, atLeast?: number): Promise<void>;
  /** Every call the views made (of `name`, or all), in order; e.g. to prove a page never POSTs on load. */
  calls(name?: keyof Api): Array<{ method: keyof Api; args: unknown[] }>;
  openCalls(name: keyof Api): number;
};

/**
 * The factory of fakes for one API: `methodNames` are the API object's methods; a fake made with
 * `immediate` answers those methods at once with the given functions.
 */
export function defineFakeApi<Api extends object>(methodNames: ReadonlyArray<keyof Api>) {
  return (immediate: Partial<Api> = {}): Fake<Api> => {
    type Method = keyof Api;
    const pending = new Map<Method, PendingCall[]>();
    const made: Array<{ method: Method; args: unknown[] }> = [];
    const open = (name: Method) => pending.get(name)?.length ?? 0;
    const answer = (call: PendingCall, outcome: Outcome) => {
      if ("value" in outcome) call.resolve(outcome.value);
      else call.reject(outcome.error);
    };

    const method =
      (name: Method) =>
      (...args: unknown[]) => {
        made.push({ method: name, args });
        const now = immediate[name] as ((...a: unknown[]) => Promise<unknown>) | undefined;
        if (now) return now(...args);
        return new Promise((resolve, reject) => {
          pending.set(name, [...(pending.get(name) ?? []), { args, resolve, reject }]);
        });
      };
    const api = Object.fromEntries(methodNames.map((name) => [name, method(name)])) as Api;

    return {
      api,
      async settle(name, outcome) {
        await waitFor(() => expect(open(name)).toBeGreaterThan(0));
        const call = pending.get(name)!.pop()!;
        await act(async () => answer(call, outcome));
        return call.args;
      },
      async settleAll(name, outcome, atLeast = 1) {
        await waitFor(() => expect(open(name)).toBeGreaterThanOrEqual(atLeast));
        const calls = pending.get(name)!.splice(0);
        await act(async () => calls.forEach((call) => answer(call, outcome)));
      },
      calls: (name) => made.filter((c) => name === undefined || c.method === name),
      openCalls: open,
    };
  };
}
