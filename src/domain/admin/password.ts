/**
 * The admins' password policy. Firebase serves the project's policy to the SDK's
 * `validatePassword`; the Auth emulator does not implement that endpoint, so where the SDK cannot
 * fetch one this mirror of the policy configured in the Firebase project (docs/operations.md) is
 * applied instead. Keep the two the same.
 */
export type PasswordPolicy = {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
};

export const ADMIN_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 12,
  maxLength: 4096,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: true,
  requireNonAlphanumeric: false,
};

/** What a password lacks, in Finnish (empty when it meets the policy). */
export function unmetPasswordRequirements(password: string, policy: PasswordPolicy): string[] {
  const unmet: string[] = [];
  if (password.length < policy.minLength) unmet.push(`vähintään ${policy.minLength} merkkiä`);
  if (password.length > policy.maxLength) unmet.push(`enintään ${policy.maxLength} merkkiä`);
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) unmet.push("pieni kirjain");
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) unmet.push("iso kirjain");
  if (policy.requireNumeric && !/\d/.test(password)) unmet.push("numero");
  if (policy.requireNonAlphanumeric && !/[^\p{L}\d]/u.test(password)) unmet.push("erikoismerkki");
  return unmet;
}

export const passwordPolicyMessage = (unmet: string[]) =>
  `Salasana ei täytä ylläpidon salasanavaatimuksia. Siitä puuttuu: ${unmet.join(", ")}.`;
