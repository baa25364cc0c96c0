import { numberOf } from "../formValues";
import { Field, SettingsForm } from "./SettingsForm";

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
  return (
    <SettingsForm
      title={props.title}
      id={props.id}
      canWrite={props.canWrite}
      shows={props.value}
      onSubmit={(f) => props.onSave(numberOf(f, "minutes"))}
    >
      <p className="muted">{props.help}</p>
      <Field
        id={`${props.id}-minutes`}
        label={props.label}
        name="minutes"
        type="number"
        defaultValue={props.value}
      />
    </SettingsForm>
  );
}
