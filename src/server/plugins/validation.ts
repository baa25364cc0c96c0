import type { FastifySchemaCompiler } from "fastify";
import { safeParse, type $ZodIssue, type $ZodRawIssue, type $ZodType } from "zod/v4/core";
import { fieldLabel } from "../../domain/fieldLabels.js";
import { formatEuros } from "../../domain/money.js";
import { HttpError } from "../errors.js";

/**
 * Requests are checked against their zod schemas here, and a request that fails answers 400 with
 * sentences a person can act on: a schema's own message as it is written ("Sivunumero on
 * virheellinen."), and for the checks that have none, the field by its Finnish name ("Hinta
 * puuttuu.", "Kesto (min): vähintään 5."). Neither a field's code name (`priceCents`)
 * nor a type's (`number`, `null`) reaches the answer; a field without a Finnish name gets
 * GENERIC_MESSAGE. The same as fastify-type-provider-zod's validatorCompiler but for that.
 */

export const GENERIC_MESSAGE = "Tarkista lomakkeen tiedot.";

/** The field an issue is about, by name, with its row in a list ("Aukeaa (rivi 3)"). */
function subjectOf(path: readonly PropertyKey[]): string | undefined {
  const names = path.filter((p): p is string => typeof p === "string");
  const label = names.length > 0 ? fieldLabel(names.at(-1)!) : undefined;
  if (!label) return undefined;
  const index = path.findLast((p) => typeof p === "number");
  return index === undefined ? label : `${label} (rivi ${index + 1})`;
}

const isCents = (path: readonly PropertyKey[]) => {
  const last = path.findLast((p) => typeof p === "string");
  return typeof last === "string" && last.endsWith("Cents");
};

function bound(issue: { origin?: string }, value: number | bigint, path: readonly PropertyKey[]): string {
  if (issue.origin === "string") return `${value} merkkiä`;
  if (issue.origin === "array" || issue.origin === "set") return `${value} kpl`;
  if (isCents(path) && typeof value === "number") return formatEuros(value);
  return String(value).replace(".", ",");
}

const isMissing = (input: unknown) => input === undefined || input === null || input === "";

/**
 * The sentence for an issue whose schema says nothing itself (zod's error map: a schema's own
 * message outranks it). `issue.path` is the whole path here: zod finalizes issues at the top.
 */
export function finnishIssueMessage(issue: $ZodRawIssue): string {
  const path = issue.path ?? [];
  const subject = subjectOf(path);
  if (!subject) return GENERIC_MESSAGE;
  switch (issue.code) {
    case "invalid_type":
      if (isMissing(issue.input)) return `${subject} puuttuu.`;
      if (issue.expected === "number" || issue.expected === "int") return `${subject}: anna luku.`;
      return `${subject} on virheellinen.`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return `${subject} puuttuu.`;
      return `${subject}: vähintään ${bound(issue, issue.minimum, path)}.`;
    case "too_big":
      return `${subject}: enintään ${bound(issue, issue.maximum, path)}.`;
    case "invalid_format":
      if (issue.format === "email") return `${subject}: anna osoite muodossa nimi@example.com.`;
      if (issue.format === "url") return `${subject}: anna koko osoite (https://…).`;
      return `${subject} on virheellinen.`;
    case "invalid_value":
      return `${subject}: valitse jokin annetuista vaihtoehdoista.`;
    case "unrecognized_keys":
      return GENERIC_MESSAGE;
    default:
      return `${subject} on virheellinen.`;
  }
}

/** A schema's note without a full stop ("Päivämäärä muodossa VVVV-KK-PP") ends as a sentence. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * The answer to a request with these issues: each field's first fault (a time that is not a time
 * is not also told to be out of range), each sentence once, in the schema's order.
 */
export function validationMessage(issues: readonly $ZodIssue[]): string {
  const firstPerField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join("/");
    if (!firstPerField.has(field)) firstPerField.set(field, sentence(issue.message));
  }
  return [...new Set(firstPerField.values())].join(" ") || GENERIC_MESSAGE;
}

export const finnishValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: finnishIssueMessage });
    if (result.success) return { value: result.data };
    return { error: new HttpError(400, validationMessage(result.error.issues)) };
  };
