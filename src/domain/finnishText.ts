/** "30, 60, 90 tai 120": a list the way Finnish says it. */
export function listFi(values: ReadonlyArray<number | string>): string {
  return values.length < 2 ? values.join("") : `${values.slice(0, -1).join(", ")} tai ${values.at(-1)}`;
}
