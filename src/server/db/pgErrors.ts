/** The SQLSTATE of a database error, looking through Drizzle's wrapping (error.cause). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A booking lost a race for its slot: the exclusion constraint refused an overlap (23P01), or
 * PostgreSQL broke a deadlock or serialization conflict between competing bookings.
 */
export function isSlotConflict(error: unknown): boolean {
  const code = sqlState(error);
  return code === "23P01" || code === "40P01" || code === "40001";
}

/** A unique constraint refused a second row (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === "23505";
}
