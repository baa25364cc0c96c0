/**
 * The ways to pay (spec: MobilePay or card), as marks a visitor knows at a glance. Drawn in CSS
 * (styles.css, .payment-mark): no image to load, and the names stay text for every reader.
 */
export function PaymentMarks() {
  return (
    <ul className="payment-marks" aria-label="Maksutavat">
      <li className="payment-mark payment-mark--mobilepay">MobilePay</li>
      <li className="payment-mark payment-mark--visa">Visa</li>
      <li className="payment-mark payment-mark--mastercard">Mastercard</li>
    </ul>
  );
}
