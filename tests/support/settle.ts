/**
 * Lets promises already resolved run their course: a macrotask passes, so every microtask chain
 * queued before it (an actor's fromPromise answering, a stubbed fetch's Response.json) is done.
 * Called inside `act`, so that React sees the state updates they cause inside the act scope.
 */
export const settleTicks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
