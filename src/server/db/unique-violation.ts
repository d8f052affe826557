/** Whether `error`, or an error it wraps (drizzle wraps the driver's), is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
