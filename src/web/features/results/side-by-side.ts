/**
 * Two texts lined up for a side-by-side diff (two submissions' code; a test's expected and actual
 * output in output-diff.ts). `diffLines` gives runs of removed, added and unchanged lines; a
 * removed run followed by an added one is a change, shown on the same rows (left: old line,
 * right: new line), the rest on one side with the other side blank.
 */
import { diffLines, type ChangeObject } from 'diff';

export type DiffLine = { number: number; text: string };
export type DiffRow = {
  kind: 'same' | 'changed' | 'removed' | 'added';
  left: DiffLine | null;
  right: DiffLine | null;
};
export type SideBySide = { rows: DiffRow[]; added: number; removed: number };

/** The lines of a run, without the empty string after its final newline. */
function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function sideBySide(before: string, after: string): SideBySide {
  return pairRows(diffLines(before, after));
}

/** The rows of a line diff's parts (as `diffLines` gives them). */
export function pairRows(parts: readonly ChangeObject<string>[]): SideBySide {
  const rows: DiffRow[] = [];
  let left = 0;
  let right = 0;
  let added = 0;
  let removed = 0;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    if (!part) continue;
    if (part.removed) {
      const old = linesOf(part.value);
      const next = parts[i + 1];
      const fresh = next?.added ? linesOf(next.value) : [];
      if (next?.added) i += 1;
      removed += old.length;
      added += fresh.length;
      for (let k = 0; k < Math.max(old.length, fresh.length); k += 1) {
        const o = old[k];
        const f = fresh[k];
        rows.push({
          kind:
            o !== undefined && f !== undefined ? 'changed' : o !== undefined ? 'removed' : 'added',
          left: o === undefined ? null : { number: (left += 1), text: o },
          right: f === undefined ? null : { number: (right += 1), text: f },
        });
      }
    } else if (part.added) {
      for (const line of linesOf(part.value)) {
        added += 1;
        rows.push({ kind: 'added', left: null, right: { number: (right += 1), text: line } });
      }
    } else {
      for (const line of linesOf(part.value)) {
        rows.push({
          kind: 'same',
          left: { number: (left += 1), text: line },
          right: { number: (right += 1), text: line },
        });
      }
    }
  }
  return { rows, added, removed };
}
