/**
 * The page's word while it waits out a 503's Retry-After before trying again (use-busy-retry.ts):
 * the message with the seconds counting down, shown only then. Screen readers hear it once, as it
 * starts, from a live region that is always there (a region added with its text is often not
 * read) and takes no room; a region reading every second would drown the page out.
 */
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import type { BusyCountdown } from '../lib/use-busy-retry.ts';

const text = (seconds: number) => messages.busyRetrying.replace('{seconds}', String(seconds));

export function BusyNotice({ countdown }: { countdown: BusyCountdown | undefined }) {
  return (
    <>
      {countdown ? (
        <p className="field__hint" data-testid="busy-notice">
          {text(countdown.left)}
        </p>
      ) : null}
      <span className="visually-hidden" role="status" aria-live="polite">
        {countdown ? text(countdown.seconds) : ''}
      </span>
    </>
  );
}
