import { assign } from "xstate";
import * as z from "zod/mini";
import type { checkoutMachine, CheckoutDetails, FieldErrors } from "../../../../machines/checkoutMachine";
import "../../finnishValidation";
import { createReservationSchema, isoDateTime, type CreateReservationInput } from "../../../domain/booking";

/*
 * The checkout machine's validation rules, taken from the API's own schema so the browser and the
 * server never disagree on what a valid booking request is. The machine gets them as guards and an
 * action provided here, at the edge (`withCheckoutRules`).
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
    reactiveDog: details.reactiveDog ?? false,
    inHeat: details.inHeat ?? false,
    paymentMethod: details.paymentMethod,
    acceptTerms: details.acceptTerms,
    ...(discountCode ? { discountCode } : {}),
    ...(giftCardCode ? { giftCardCode } : {}),
  } as CreateReservationInput;
}

/** Whether the route's start and end are ISO datetimes with end after start. */
export function slotIsValid(start: string | undefined, end: string | undefined): boolean {
  if (!isoDateTime.safeParse(start).success || !isoDateTime.safeParse(end).success) return false;
  return Date.parse(end!) > Date.parse(start!);
}

/** Finnish messages for the fields that are not acceptable; empty when all are. */
export function detailsErrors(details: CheckoutDetails, maxDogs: number): FieldErrors {
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
}

/** The checkout machine with these rules as its guards and its field-error action. */
export const withCheckoutRules = (machine: typeof checkoutMachine) =>
  machine.provide({
    guards: {
      slotIsValid: ({ context }) => slotIsValid(context.start, context.end),
      detailsAreValid: ({ context }) =>
        Object.keys(detailsErrors(context.details, context.maxDogs)).length === 0,
    },
    actions: {
      showFieldErrors: assign({
        fieldErrors: ({ context }) => detailsErrors(context.details, context.maxDogs),
      }),
    },
  });
