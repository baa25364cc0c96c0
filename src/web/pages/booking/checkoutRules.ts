import type { CheckoutDetails, CheckoutRules, FieldErrors } from "../../../../machines/checkoutMachine";
import * as z from "zod/mini";
import "../../finnishValidation";
import { createReservationSchema, isoDateTime, type CreateReservationInput } from "../../../domain/booking";

/*
 * The checkout machine's validation rules, taken from the API's own schema so the browser and the
 * server never disagree on what a valid booking request is.
 */

const detailsSchema = z.omit(createReservationSchema, { start: true, end: true });

/** The request body POST /api/v2/reservations takes for these details. */
export function toCreateReservationInput(start: string, end: string, details: CheckoutDetails) {
  const phone = details.phone.trim();
  const discountCode = details.discountCode.trim();
  const giftCardCode = details.giftCardCode.trim();
  return {
    start,
    end,
    name: details.name.trim(),
    email: details.email.trim(),
    ...(phone ? { phone } : {}),
    dogs: details.dogs,
    paymentMethod: details.paymentMethod,
    acceptTerms: details.acceptTerms,
    ...(discountCode ? { discountCode } : {}),
    ...(giftCardCode ? { giftCardCode } : {}),
  } as CreateReservationInput;
}

export const checkoutRules: CheckoutRules = {
  slotIsValid(start, end) {
    if (!isoDateTime.safeParse(start).success || !isoDateTime.safeParse(end).success) return false;
    return Date.parse(end!) > Date.parse(start!);
  },
  detailsErrors(details, maxDogs) {
    const { start: _start, end: _end, ...body } = toCreateReservationInput("", "", details);
    const errors: FieldErrors = {};
    const result = detailsSchema.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof CheckoutDetails;
        errors[field] ??= issue.message;
      }
    }
    if (!errors.dogs && details.dogs > maxDogs) errors.dogs = `Koiria voi olla enintään ${maxDogs}.`;
    return errors;
  },
};
