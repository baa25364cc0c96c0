/** A LIKE pattern that finds the text anywhere, `%` and `_` taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
