/** Whether `error`, or an error it wraps (drizzle wraps the driver's), has this SQLSTATE. */
function hasCode(error: unknown, code: string): boolean {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique violation. */
export const isUniqueViolation = (error: unknown): boolean => hasCode(error, '23505');

/** A foreign key violation (a row still referenced by a RESTRICT key). */
export const isForeignKeyViolation = (error: unknown): boolean => hasCode(error, '23503');
