/**
 * An API answer parsed with a schema from a module loaded on demand. The answer and the module are
 * awaited together, so the schemas (zod) download beside the first request instead of before the
 * first paint (decision 023); after the first call the module is already there.
 */
export async function parseAnswer<M, T>(
  schemas: Promise<M>,
  answer: Promise<unknown>,
  parse: (module: M, data: unknown) => T,
): Promise<T> {
  const [module, data] = await Promise.all([schemas, answer]);
  return parse(module, data);
}
