import type { Plugin } from "vite";

/*
 * The machines' state descriptions are written for a tester (docs/machines/, decision 051): what
 * the screen shows, in sentences. xstate never reads them, so the browser's build leaves them out,
 * and the first load carries none of that prose. Every description is a string literal (a test
 * checks that each machine file comes out without one and still parses).
 */

const DESCRIPTION = /\bdescription:\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.)*`)\s*,?/g;

/** A machine's source without its states' `description: "…"` properties. */
export const withoutStateDescriptions = (code: string) => code.replace(DESCRIPTION, "");

export function stripStateDescriptions(): Plugin {
  return {
    name: "strip-state-descriptions",
    apply: "build",
    transform(code, id) {
      if (!/\/machines\/.+\.ts$/.test(id)) return null;
      return { code: withoutStateDescriptions(code), map: null };
    },
  };
}
