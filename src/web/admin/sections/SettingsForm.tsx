import type { FormEvent, ReactNode } from "react";

/* Hallintapaneeli's forms: one setting each, saved with one "Tallenna". */

/** A form whose fields start from the server's values; it is built anew when those change. */
export function SettingsForm(props: {
  title: string;
  id: string;
  canWrite: boolean;
  /** What the fields show: the form starts afresh when this changes (a save reloads every form's data), and only then, so what is typed in another form stays. */
  shows: unknown;
  onSubmit(form: FormData): void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(new FormData(event.currentTarget));
  };
  return (
    <section className="card admin-section" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      {/* Its id is its focus key: after a save, focus comes back to its "Tallenna" (SettingsSection). */}
      <form key={JSON.stringify(props.shows)} onSubmit={submit} data-focus-key={props.id}>
        {props.children}
        <button type="submit" className="button button-secondary" disabled={!props.canWrite}>
          Tallenna
        </button>
      </form>
    </section>
  );
}

export const Field = (p: {
  id: string;
  label: string;
  name: string;
  defaultValue: string | number;
  type?: string;
  inputMode?: "decimal";
  min?: number;
  max?: number;
}) => (
  <div className="form-field">
    <label htmlFor={p.id}>{p.label}</label>
    <input
      id={p.id}
      name={p.name}
      type={p.type ?? "text"}
      inputMode={p.inputMode}
      min={p.min}
      max={p.max}
      defaultValue={p.defaultValue}
    />
  </div>
);
