import type { FormEvent } from "react";
import { numberOf } from "../formValues";

/**
 * Hallintapaneeli's one-number settings in minutes: the waitlist offer's time (decision 033) and the
 * lights' grace after a booking in the dark (decision 035). The server checks the range and says
 * what is wrong.
 */
export function MinutesSettingForm(props: {
  id: string;
  title: string;
  label: string;
  help: string;
  value: number;
  canWrite: boolean;
  onSave(minutes: number): void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSave(numberOf(new FormData(event.currentTarget), "minutes"));
  };
  return (
    <section className="card admin-section" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      <form onSubmit={submit}>
        <p className="muted">{props.help}</p>
        <div className="form-field">
          <label htmlFor={`${props.id}-minutes`}>{props.label}</label>
          <input id={`${props.id}-minutes`} name="minutes" type="number" defaultValue={props.value} />
        </div>
        <button type="submit" className="button" disabled={!props.canWrite}>
          Tallenna
        </button>
      </form>
    </section>
  );
}
