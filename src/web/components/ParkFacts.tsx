import { parkFactTexts } from "../../domain/parkFacts";
import { formatWholeNumber } from "../../domain/money";
import type { SiteInfo } from "../../domain/site";

/** The facts in the order a visitor asks them, each with its label. */
const factRows = (facts: SiteInfo["facts"]): Array<[string, string | null]> => [
  ["Koko", facts.areaSquareMeters === null ? null : `${formatWholeNumber(facts.areaSquareMeters)} m²`],
  ...parkFactTexts.map(([name, label]): [string, string | null] => [label, facts[name]]),
];

/**
 * What the park is (setting facts, decision 047): its size, fence, surface, water, lights and
 * parking as the owner wrote them. A fact left empty is left out; with none, nothing is shown.
 */
export function ParkFacts({ facts }: { facts: SiteInfo["facts"] }) {
  const rows = factRows(facts).filter((row): row is [string, string] => row[1] !== null);
  if (rows.length === 0) return null;
  return (
    <section className="card park-facts" aria-labelledby="park-facts-heading">
      <h2 id="park-facts-heading">Puisto</h2>
      <dl className="park-facts__list">
        {rows.map(([label, value]) => (
          <div key={label} className="park-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
