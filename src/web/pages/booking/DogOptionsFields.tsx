/**
 * The dogs' options at checkout, in the calendar and in the member's booking (decision 036): a
 * reactive dog gets time around its booking with nobody arriving or leaving, a female in heat a
 * cleaning gap after. The values live in the caller's machine; `onChange` sends them there. An
 * option the park has turned off (its minutes 0) can be left out (`show`).
 */
export function DogOptionsFields(props: {
  idPrefix: string;
  reactiveDog: boolean;
  inHeat: boolean;
  onChange(options: { reactiveDog?: boolean; inHeat?: boolean }): void;
  show?: { reactiveDog: boolean; inHeat: boolean };
}) {
  const { idPrefix, onChange, show = { reactiveDog: true, inHeat: true } } = props;
  if (!show.reactiveDog && !show.inHeat) return null;
  return (
    <div className="form-field dog-options">
      {show.reactiveDog && (
        <>
          <label className="checkout-form__choice" htmlFor={`${idPrefix}-reactive`}>
            <input
              id={`${idPrefix}-reactive`}
              type="checkbox"
              checked={props.reactiveDog}
              aria-describedby={`${idPrefix}-reactive-help`}
              onChange={(e) => onChange({ reactiveDog: e.target.checked })}
            />
            Reaktiivinen koira
          </label>
          <p id={`${idPrefix}-reactive-help`} className="muted">
            Varauksen alkuun ja loppuun jätetään väljyyttä, jottei portilla tule vastaan muita koiria.
          </p>
        </>
      )}
      {show.inHeat && (
        <>
          <label className="checkout-form__choice" htmlFor={`${idPrefix}-heat`}>
            <input
              id={`${idPrefix}-heat`}
              type="checkbox"
              checked={props.inHeat}
              aria-describedby={`${idPrefix}-heat-help`}
              onChange={(e) => onChange({ inHeat: e.target.checked })}
            />
            Juoksuinen narttu
          </label>
          <p id={`${idPrefix}-heat-help`} className="muted">
            Varauksen jälkeen alue siivotaan ennen seuraavaa kävijää.
          </p>
        </>
      )}
    </div>
  );
}
