import * as z from "zod/mini";
import { isoDateTime, requestDate } from "../booking";

/**
 * Alennuskoodit: what an admin may create and change, and what the list and a code's uses show.
 * Dates are Helsinki calendar days, both ends included (docs/decisions/015).
 */

/** A code as people type it: spaces do not count, case does not matter (src/server/discountCodes/service.ts). */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
export const DISCOUNT_CODE_FORMAT_MESSAGE =
  "Koodissa on oltava 3–32 merkkiä: kirjaimia A–Z, numeroita tai väliviivoja.";
export const DUPLICATE_DISCOUNT_CODE = "Samanlainen alennuskoodi on jo olemassa. Valitse toinen koodi.";

const codeSchema = z
  .pipe(
    z.string(),
    z.transform((code: string) => code.replace(/\s+/g, "").toUpperCase()),
  )
  .check(z.refine((code) => DISCOUNT_CODE_PATTERN.test(code), DISCOUNT_CODE_FORMAT_MESSAGE));

const MAX_FIXED_CENTS = 100_000;

/** A field that may be left out or null; both mean "none". */
const orNull = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((v: z.output<T> | null | undefined) => v ?? null),
  );

export const discountCodeInputSchema = z
  .object({
    code: codeSchema,
    kind: z.enum(["percent", "fixed"], "Valitse alennuksen tyyppi: prosentti tai euromäärä."),
    /** 1–100 when kind is percent, otherwise null. */
    percentOff: orNull(z.number()),
    /** Whole cents above zero when kind is fixed, otherwise null. */
    amountOffCents: orNull(z.number()),
    validFrom: orNull(requestDate),
    /** The last day the code works (inclusive). */
    validUntil: orNull(requestDate),
    /** null: no limit. */
    maxUses: orNull(
      z
        .number()
        .check(
          z.int("Käyttökertojen määrä on kokonaisluku."),
          z.minimum(1, "Käyttökertoja on oltava vähintään yksi."),
          z.maximum(1_000_000),
        ),
    ),
    description: z.pipe(
      orNull(z.string().check(z.trim(), z.maxLength(200, "Kuvaus voi olla enintään 200 merkkiä."))),
      z.transform((d: string | null) => d || null),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.kind === "percent") {
        const p = input.percentOff;
        if (p === null || !Number.isInteger(p) || p < 1 || p > 100)
          ctx.addIssue({
            code: "custom",
            path: ["percentOff"],
            message: "Prosentin on oltava kokonaisluku 1–100.",
          });
        if (input.amountOffCents !== null)
          ctx.addIssue({
            code: "custom",
            path: ["amountOffCents"],
            message: "Prosenttialennuksella ei ole euromäärää.",
          });
      } else {
        const c = input.amountOffCents;
        if (c !== null && c > MAX_FIXED_CENTS)
          ctx.addIssue({
            code: "custom",
            path: ["amountOffCents"],
            message: "Alennus voi olla enintään 1 000,00 €.",
          });
        else if (c === null || !Number.isInteger(c) || c <= 0)
          ctx.addIssue({
            code: "custom",
            path: ["amountOffCents"],
            message: "Alennuksen on oltava vähintään 0,01 € (kokonaisina sentteinä).",
          });
        if (input.percentOff !== null)
          ctx.addIssue({
            code: "custom",
            path: ["percentOff"],
            message: "Euroalennuksella ei ole prosenttia.",
          });
      }
      if (input.validFrom && input.validUntil && input.validUntil < input.validFrom)
        ctx.addIssue({
          code: "custom",
          path: ["validUntil"],
          message: "Viimeinen voimassaolopäivä ei voi olla ennen ensimmäistä.",
        });
    }),
  );
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;
export type DiscountCodeValues = z.output<typeof discountCodeInputSchema>;

export const adminDiscountCodeSchema = z.object({
  id: z.int(),
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  percentOff: z.nullable(z.int()),
  amountOffCents: z.nullable(z.int()),
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  maxUses: z.nullable(z.int()),
  /** Live uses: held by a booking waiting for payment, or paid. */
  usedCount: z.int(),
  active: z.boolean(),
  description: z.nullable(z.string()),
  createdAt: isoDateTime,
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const discountCodeListSchema = z.object({ discountCodes: z.array(adminDiscountCodeSchema) });
export type DiscountCodeList = z.infer<typeof discountCodeListSchema>;

export const discountCodeUseSchema = z.object({
  id: z.int(),
  /** held: the booking waits for its payment; used: paid; released: given back (cancelled, expired). */
  status: z.enum(["held", "used", "released"]),
  amountCents: z.int(),
  createdAt: isoDateTime,
  releasedAt: z.nullable(isoDateTime),
  reservation: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    start: isoDateTime,
    end: isoDateTime,
    status: z.string(),
  }),
});
export type DiscountCodeUse = z.infer<typeof discountCodeUseSchema>;

export const discountCodeUsesSchema = z.object({
  discountCode: adminDiscountCodeSchema,
  uses: z.array(discountCodeUseSchema),
});
export type DiscountCodeUses = z.infer<typeof discountCodeUsesSchema>;
