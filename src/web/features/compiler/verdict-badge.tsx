import type { Verdict } from '../../../contract/verdicts.ts';

/** A verdict in words with a colour cue (never colour alone). */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  // Skipped is no failure of its own (an earlier test of its group failed): neither sign.
  const tone = verdict === 'Accepted' ? 'ok' : verdict === 'Skipped' ? 'skip' : 'bad';
  const sign = { ok: '✓ ', bad: '✗ ', skip: '– ' }[tone];
  return (
    <span className={`verdict verdict--${tone}`} data-testid="verdict">
      <span aria-hidden="true">{sign}</span>
      {verdict}
    </span>
  );
}
