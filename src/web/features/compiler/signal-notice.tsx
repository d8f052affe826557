/**
 * What the test records (issue 17), shown above the test from its first moment, in the words the
 * student needs: an addition to the page, not a change of the spec's screens. It says exactly
 * what this challenge's settings record, no more.
 */
import { useId } from 'react';
import { messages } from '../../../contract/messages.ts';

type Props = { captureTabChanges: boolean; disablePaste: boolean };

export function SignalNotice({ captureTabChanges, disablePaste }: Props) {
  const titleId = useId();
  if (!captureTabChanges && !disablePaste) return null;
  return (
    <section className="signal-notice" aria-labelledby={titleId} data-testid="signal-notice">
      <h2 id={titleId} className="signal-notice__title">
        {messages.signalNoticeTitle}
      </h2>
      {captureTabChanges ? <p>{messages.signalNoticeCapture}</p> : null}
      {disablePaste ? <p>{messages.signalNoticePaste}</p> : null}
    </section>
  );
}
