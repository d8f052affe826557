/** A verdict in words with a sign, so colour is never the only cue. */
import type { Verdict } from '../../contract/verdicts.ts';
import { messages } from '../../contract/messages.ts';
import './verdict-text.css';

export function VerdictText({ verdict }: { verdict: Verdict | null }) {
  if (verdict === null) return <span className="muted">{messages.notAvailable}</span>;
  const ok = verdict === 'Accepted';
  // Skipped (after a failure in its all-or-nothing group) is neither a pass nor a failure of its own.
  if (verdict === 'Skipped')
    return (
      <span className="result-verdict muted">
        <span aria-hidden="true">– </span>
        {verdict}
      </span>
    );
  return (
    <span
      className={ok ? 'result-verdict result-verdict--ok' : 'result-verdict result-verdict--bad'}
    >
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {verdict}
    </span>
  );
}
