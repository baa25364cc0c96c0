type Choice = { label: string; onClick(): void; disabled?: boolean };

/**
 * The two answers to a question a section asks, side by side: the action (red when `danger`, as for
 * deleting or cancelling) and the way back out, e.g. 'Kyllä, poista tili' and 'Ei, säilytä tili'.
 */
export function ConfirmButtons({
  action,
  back,
  danger = true,
}: {
  action: Choice;
  back: Choice;
  danger?: boolean;
}) {
  return (
    <div className="button-row">
      <button
        type="button"
        className={danger ? "button button-danger" : "button"}
        disabled={action.disabled}
        onClick={action.onClick}
      >
        {action.label}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={back.disabled}
        onClick={back.onClick}
      >
        {back.label}
      </button>
    </div>
  );
}
