import {
  ONLINE_PAYMENT_METHODS,
  paymentMethodNames,
  type PaymentMethod,
} from "../../../domain/paymentMethods";
import "./membership.css";

const methods = ONLINE_PAYMENT_METHODS.map((m) => [m, paymentMethodNames[m]] as const);

/** Payment method and optional gift card: the same two questions for a signup and an invoice. */
export function PaymentChoice(props: {
  /** Tells this form's fields apart from another's on the same page. */
  idPrefix: string;
  paymentMethod: PaymentMethod;
  giftCardCode: string;
  disabled: boolean;
  /** The server's refusal of the code typed: beside the field, announced, until it is edited. */
  giftCardError?: string | null;
  onPaymentMethod(method: PaymentMethod): void;
  onGiftCardCode(code: string): void;
}) {
  const errorId = `${props.idPrefix}-gift-card-error`;
  return (
    <>
      <fieldset className="choice-group" disabled={props.disabled}>
        <legend>Maksutapa</legend>
        {methods.map(([value, label]) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name={`${props.idPrefix}-method`}
              value={value}
              checked={props.paymentMethod === value}
              onChange={() => props.onPaymentMethod(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor={`${props.idPrefix}-gift-card`}>Lahjakortin koodi (vapaaehtoinen)</label>
        <input
          id={`${props.idPrefix}-gift-card`}
          type="text"
          autoComplete="off"
          value={props.giftCardCode}
          disabled={props.disabled}
          aria-invalid={props.giftCardError ? true : undefined}
          aria-describedby={
            props.giftCardError
              ? `${errorId} ${props.idPrefix}-gift-card-hint`
              : `${props.idPrefix}-gift-card-hint`
          }
          onChange={(e) => props.onGiftCardCode(e.target.value)}
        />
        {props.giftCardError && (
          <p id={errorId} className="error-message" role="alert">
            {props.giftCardError}
          </p>
        )}
        <span id={`${props.idPrefix}-gift-card-hint`} className="form-field__hint">
          Lahjakortin saldo käytetään ensin; loppusumma maksetaan valitsemallasi maksutavalla.
        </span>
      </div>
    </>
  );
}
