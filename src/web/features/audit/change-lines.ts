/**
 * An audit entry's `changes` as lines a person reads (contract/audit.ts has both shapes): a
 * field's name in words, and either its value before and after (`title: “Sums” → “Squares”`),
 * or what the call set it to when the log kept no before. Values the log keeps in place of a
 * secret, test data or a long text (audit-changes.ts on the server) are shown for what they say:
 * not recorded, tests by a short hash and size, a text by its start and length.
 */
import { auditMessages, fieldChangeOf } from '../../../contract/audit.ts';
import { auditUi } from '../../../contract/audit-ui.ts';

export type ChangeLine = { field: string; from?: string; to: string };

const MAX_TEXT = 120;

/** `challengeName` → `challenge name`; `timeLimitMs` → `time limit ms`. */
export function fieldWords(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One kept value as text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return auditUi.none;
  if (value === auditMessages.notRecorded) return auditUi.notKept;
  if (typeof value === 'string') return `“${clip(value)}”`;
  if (typeof value === 'boolean') return value ? auditUi.yes : auditUi.no;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return auditUi.none;
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      return clip(value.map((item) => String(item)).join(', '));
    }
  }
  if (isRecord(value) && typeof value.sha256 === 'string') {
    const hash = `#${value.sha256.slice(0, 8)}`;
    if (typeof value.start === 'string' && typeof value.length === 'number') {
      const n = auditUi.characters.replace('{n}', value.length.toLocaleString());
      return `“${clip(value.start)}” (${n}, ${hash})`;
    }
    if (typeof value.bytes === 'number') {
      const n = auditUi.bytes.replace('{n}', value.bytes.toLocaleString());
      return `${auditUi.testData} ${hash} (${n})`;
    }
    return hash;
  }
  return clip(JSON.stringify(value));
}

export function changeLines(changes: Readonly<Record<string, unknown>>): ChangeLine[] {
  return Object.entries(changes).map(([field, value]) => {
    const change = fieldChangeOf(value);
    if (!change) return { field: fieldWords(field), to: valueText(value) };
    return {
      field: fieldWords(field),
      ...(Object.hasOwn(change, 'from') ? { from: valueText(change.from) } : {}),
      to: valueText(change.to),
    };
  });
}
