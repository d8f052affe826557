import type { Verdict } from '../../../contract/verdicts.ts';

/** A verdict in words with a colour cue (never colour alone). */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const tone = verdict === 'Accepted' ? 'ok' : 'bad';
  return (
    <span className={`verdict verdict--${tone}`} data-testid="verdict">
      <span aria-hidden="true">{tone === 'ok' ? '✓ ' : '✗ '}</span>
      {verdict}
    </span>
  );
}
