/**
 * Whether an error is PostgreSQL's unique_violation (SQLSTATE 23505), on either driver: drizzle
 * wraps the driver's error, so the code may sit on a cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
