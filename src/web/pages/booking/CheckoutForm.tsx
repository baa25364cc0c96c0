import { useEffect, useRef } from "react";
import type { CheckoutDetails, CheckoutField, FieldErrors } from "../../../../machines/checkoutMachine";
import type { SubmitFailure } from "../../../../machines/remoteFailure";
import { ONLINE_PAYMENT_METHODS, paymentMethodNames } from "../../../domain/paymentMethods";
import { PaymentStartError } from "../../components/PaymentStartError";
import { DogOptionsFields } from "./DogOptionsFields";

type Props = {
  details: CheckoutDetails;
  fieldErrors: FieldErrors;
  maxDogs: number;
  /** Why a code the quote was asked with does not apply (the server's words), per field. */
  codeMessages: { discountCode: string | null; giftCardCode: string | null };
  /** False while the payment is being created: the form is shown but does not take input. */
  enabled: boolean;
  /** Why the last press of the button started no payment: shown beside the button. */
  paymentFailure: SubmitFailure | null;
  /** The slot starts inside the cancellation window: said just before the button, before paying. */
  lateWarning: string | null;
  canSubmit: boolean;
  canApplyCodes: boolean;
  /** The quote's codes cover the whole price: no payment method, and the button confirms. */
  nothingToPay: boolean;
  onEdit(details: Partial<CheckoutDetails>): void;
  onApplyCodes(): void;
  onSubmit(): void;
};

/** The visitor's details, the payment method and the terms; all values live in the machine. */
export function CheckoutForm(props: Props) {
  const { details, fieldErrors, maxDogs, codeMessages, enabled, canSubmit, onEdit, onSubmit } = props;
  // The dogs and their options are in the quote 'Päivitä hinta' asks for; the server prices them anyway.
  const editDogs = (change: Partial<CheckoutDetails>) => onEdit(change);
  const messageOf = (field: CheckoutField) =>
    fieldErrors[field] ?? (field in codeMessages ? codeMessages[field as keyof typeof codeMessages] : null);
  const errorProps = (field: CheckoutField) =>
    messageOf(field) ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  // A submit's errors are announced, and the focus moves to the first field to fix; a code's
  // message after 'Päivitä hinta' is read with its field.
  const error = (field: CheckoutField) =>
    messageOf(field) ? (
      <p id={`${field}-error`} className="error-message" role={fieldErrors[field] ? "alert" : undefined}>
        {messageOf(field)}
      </p>
    ) : null;
  const codeField = (field: "discountCode" | "giftCardCode", label: string) => (
    <div className="form-field">
      <label htmlFor={`checkout-${field}`}>{label}</label>
      <input
        id={`checkout-${field}`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={details[field]}
        onChange={(e) => onEdit({ [field]: e.target.value })}
        {...errorProps(field)}
      />
      {error(field)}
    </div>
  );

  const submitLabel = props.nothingToPay ? "Vahvista varaus" : "Siirry maksamaan";
  // The button's description: what paying now means, and why the last press failed.
  const describedBy = [
    ...(props.lateWarning ? ["checkout-late-warning"] : []),
    ...(props.paymentFailure ? ["checkout-payment-error"] : []),
  ];

  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useRef(false);
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  return (
    <form
      ref={form}
      className="checkout-form card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        focusFirstError.current = true;
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
            onChange={(e) => editDogs({ dogs: Number(e.target.value) })}
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
        <DogOptionsFields
          idPrefix="checkout"
          reactiveDog={details.reactiveDog ?? false}
          inHeat={details.inHeat ?? false}
          onChange={editDogs}
        />
      </fieldset>
      <fieldset disabled={!enabled}>
        <legend>Alennuskoodi ja lahjakortti</legend>
        {codeField("discountCode", "Alennuskoodi (vapaaehtoinen)")}
        {codeField("giftCardCode", "Lahjakortin koodi (vapaaehtoinen)")}
        <button
          type="button"
          className="button button-secondary"
          disabled={!props.canApplyCodes}
          onClick={props.onApplyCodes}
        >
          Päivitä hinta
        </button>
      </fieldset>
      {props.nothingToPay ? (
        <p className="notice">Lahjakortti tai alennus kattaa koko hinnan: maksutapaa ei tarvita.</p>
      ) : (
        <fieldset disabled={!enabled} className="checkout-form__methods">
          <legend>Maksutapa</legend>
          {ONLINE_PAYMENT_METHODS.map((value) => [value, paymentMethodNames[value]] as const).map(
            ([value, label]) => (
              <label key={value} className="checkout-form__choice">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={value}
                  checked={details.paymentMethod === value}
                  onChange={() => onEdit({ paymentMethod: value })}
                  {...errorProps("paymentMethod")}
                />
                {label}
              </label>
            ),
          )}
          {error("paymentMethod")}
        </fieldset>
      )}
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
      {props.lateWarning && (
        <p id="checkout-late-warning" className="notice">
          <strong>Huomaa:</strong> {props.lateWarning}
        </p>
      )}
      {props.paymentFailure && (
        <PaymentStartError
          id="checkout-payment-error"
          failure={props.paymentFailure}
          buttonLabel={submitLabel}
        />
      )}
      <button
        type="submit"
        className="button"
        disabled={!canSubmit}
        aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
      >
        {submitLabel}
      </button>
    </form>
  );
}
