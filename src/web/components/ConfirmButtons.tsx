type Choice = { label: string; onClick(): void; disabled?: boolean };

/**
 * The two answers to a question a section asks, side by side: the action (red when `danger`, as for
 * deleting or cancelling) and the way back out, e.g. 'Kyllä, poista tili' and 'Ei, säilytä tili'.
 * `secondary` draws the action as a secondary button, for a page whose one primary action is
 * elsewhere (style.md's button hierarchy).
 */
export function ConfirmButtons({
  action,
  back,
  danger = true,
  secondary = false,
}: {
  action: Choice;
  back: Choice;
  danger?: boolean;
  secondary?: boolean;
}) {
  return (
    <div className="button-row">
      <button
        type="button"
        className={secondary ? "button button-secondary" : danger ? "button button-danger" : "button"}
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
