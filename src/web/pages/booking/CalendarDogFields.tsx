import { DEFAULT_MAX_DOGS } from "../../../domain/dogRules";
import { formatEuros } from "../../../domain/money";
import type { SiteInfo } from "../../../domain/site";
import { DogOptionsFields } from "./DogOptionsFields";

type Props = {
  site: SiteInfo | null;
  dogs: number;
  reactiveDog: boolean;
  inHeat: boolean;
  onChange(change: { dogs?: number; reactiveDog?: boolean; inHeat?: boolean }): void;
};

/**
 * The calendar asks the dogs up front (decision 036): how many (each after the first may cost
 * extra, and the price hints count it) and the options the park has on; the starts shown are those
 * where such a booking fits, and checkout gets the same answers. One compact disclosure whose
 * summary says what is chosen ("Koirat: 2, reaktiivinen koira"), so the times come first on a phone.
 */
export function CalendarDogFields({ site, dogs, reactiveDog, inHeat, onChange }: Props) {
  // Until the park's settings are known: the seeded dog count; the options (off in a new park) wait for them.
  const maxDogs = site?.slotRules.maxDogs ?? DEFAULT_MAX_DOGS;
  const rules = site?.dogRules;
  const extra = rules?.extraDogPriceCents ?? 0;
  return (
    <details className="calendar-dogs">
      <summary>
        {`Koirat: ${dogs}${reactiveDog ? ", reaktiivinen koira" : ""}${inHeat ? ", juoksuinen narttu" : ""}`}
      </summary>
      <div className="form-field">
        <label htmlFor="calendar-dogs">Koirien määrä</label>
        <select
          id="calendar-dogs"
          value={dogs}
          aria-describedby={extra > 0 ? "calendar-dogs-help" : undefined}
          onChange={(e) => onChange({ dogs: Number(e.target.value) })}
        >
          {Array.from({ length: Math.max(1, maxDogs, dogs) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {extra > 0 && (
          <p id="calendar-dogs-help" className="muted">
            {`Jokainen koira ensimmäisen jälkeen lisää hintaan ${formatEuros(extra)}.`}
          </p>
        )}
      </div>
      <DogOptionsFields
        idPrefix="calendar"
        reactiveDog={reactiveDog}
        inHeat={inHeat}
        onChange={onChange}
        show={{
          reactiveDog: !!rules && rules.reactiveDogBufferMinutes > 0,
          inHeat: !!rules && rules.inHeatGapMinutes > 0,
        }}
      />
    </details>
  );
}
