/**
 * Which fields a call changed, from what to what (issue 33): given the target as it was before
 * the call (read by audit-before.ts, in the call's own field names) and the call's input, the
 * entry keeps `{ field: { from, to } }` for each field the call set to something else, and
 * nothing for a field it set to what it already was. A field the stored target does not show
 * (something the lookup does not read) keeps only `{ to }`, and so does a secret, whose values
 * are never kept, so the log says it was set without saying from or to what. Both sides pass
 * through the same rules as any input (audit-changes.ts): test data by hash, long texts by
 * start and hash, so two unchanged test sets compare equal without either being kept.
 */
import { auditMessages, type AuditFieldChange } from '../../contract/audit.ts';
import { isSecretField, keepField } from './audit-changes.ts';

/** How a field's stored and new values are put in one shape before they are compared. */
export type Normalisers = Readonly<Record<string, (value: unknown) => unknown>>;

/** JSON with object keys sorted: equal values give equal text, whatever order they were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

export function auditDiff(
  before: Readonly<Record<string, unknown>>,
  input: unknown,
  options: { normalise?: Normalisers; ignored?: readonly string[] } = {},
): Record<string, AuditFieldChange> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return {};
  const { normalise = {}, ignored = [] } = options;
  const changes: Record<string, AuditFieldChange> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined || ignored.includes(field)) continue;
    if (isSecretField(field)) {
      changes[field] = { to: auditMessages.notRecorded };
      continue;
    }
    const shape = normalise[field] ?? ((v: unknown) => v);
    const to = keepField(field, shape(value));
    if (!Object.hasOwn(before, field)) {
      changes[field] = { to };
      continue;
    }
    const from = keepField(field, shape(before[field] ?? null));
    if (canonical(from) !== canonical(to)) changes[field] = { from, to };
  }
  return changes;
}
