/**
 * An API answer parsed with a schema from a module loaded on demand. The answer and the module are
 * awaited together, so the schemas (zod) download beside the first request instead of before the
 * first paint (decision 023); after the first call the module is already there. Where the browser
 * can (`scheduler.yield`), the parse and what it renders wait for a task of their own: the
 * module's evaluation and the answer's render were one long task on a page's start (decision 046).
 */
export async function parseAnswer<M, T>(
  schemas: Promise<M>,
  answer: Promise<unknown>,
  parse: (module: M, data: unknown) => T,
): Promise<T> {
  const [module, data] = await Promise.all([schemas, answer]);
  await (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();
  return parse(module, data);
}
