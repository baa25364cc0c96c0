import type { CheckoutDetails, CheckoutField, FieldErrors } from "../../../../machines/checkoutMachine";

type Props = {
  details: CheckoutDetails;
  fieldErrors: FieldErrors;
  maxDogs: number;
  /** False while the payment is being created: the form is shown but does not take input. */
  enabled: boolean;
  canSubmit: boolean;
  onEdit(details: Partial<CheckoutDetails>): void;
  onSubmit(): void;
};

/** The visitor's details, the payment method and the terms; all values live in the machine. */
export function CheckoutForm({ details, fieldErrors, maxDogs, enabled, canSubmit, onEdit, onSubmit }: Props) {
  const errorProps = (field: CheckoutField) =>
    fieldErrors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  const error = (field: CheckoutField) =>
    fieldErrors[field] ? (
      <p id={`${field}-error`} className="error-message">
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    <form
      className="checkout-form card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <fieldset disabled={!enabled}>
        <legend>Varaajan tiedot</legend>
        <div className="form-field">
          <label htmlFor="checkout-name">Nimi</label>
          <input
            id="checkout-name"
            autoComplete="name"
            value={details.name}
            onChange={(e) => onEdit({ name: e.target.value })}
            {...errorProps("name")}
          />
          {error("name")}
        </div>
        <div className="form-field">
          <label htmlFor="checkout-email">Sähköposti</label>
          <input
            id="checkout-email"
            type="email"
            autoComplete="email"
            value={details.email}
            onChange={(e) => onEdit({ email: e.target.value })}
            {...errorProps("email")}
          />
          {error("email")}
        </div>
        <div className="form-field">
          <label htmlFor="checkout-phone">Puhelin (vapaaehtoinen)</label>
          <input
            id="checkout-phone"
            type="tel"
            autoComplete="tel"
            value={details.phone}
            onChange={(e) => onEdit({ phone: e.target.value })}
            {...errorProps("phone")}
          />
          {error("phone")}
        </div>
        <div className="form-field">
          <label htmlFor="checkout-dogs">Koirien määrä</label>
          <select
            id="checkout-dogs"
            value={details.dogs}
            onChange={(e) => onEdit({ dogs: Number(e.target.value) })}
            {...errorProps("dogs")}
          >
            {Array.from({ length: Math.max(1, maxDogs) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {error("dogs")}
        </div>
      </fieldset>
      <fieldset disabled={!enabled} className="checkout-form__methods">
        <legend>Maksutapa</legend>
        {(
          [
            ["mobilepay", "MobilePay"],
            ["card", "Kortti"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="checkout-form__choice">
            <input
              type="radio"
              name="paymentMethod"
              value={value}
              checked={details.paymentMethod === value}
              onChange={() => onEdit({ paymentMethod: value })}
            />
            {label}
          </label>
        ))}
        {error("paymentMethod")}
      </fieldset>
      <fieldset disabled={!enabled}>
        <legend className="visually-hidden">Maksuehdot</legend>
        <label className="checkout-form__choice">
          <input
            type="checkbox"
            checked={details.acceptTerms}
            onChange={(e) => onEdit({ acceptTerms: e.target.checked })}
            {...errorProps("acceptTerms")}
          />
          <span>
            Hyväksyn{" "}
            <a href="/maksuehdot" target="_blank" rel="noopener noreferrer">
              maksuehdot
            </a>
          </span>
        </label>
        {error("acceptTerms")}
      </fieldset>
      <button type="submit" className="button" disabled={!canSubmit}>
        Siirry maksamaan
      </button>
    </form>
  );
}
