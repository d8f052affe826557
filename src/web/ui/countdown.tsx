/**
 * The time left, on the server's clock (the compiler page's and the exam screen's one timer). Screen readers hear it only at 5 minutes and 1 minute
 * left (a live region reading every second would drown everything else out).
 */
import { messages } from '../../contract/messages.ts';
import { formatRemaining } from './server-clock.ts';
import './countdown.css';

function announcement(remainingMs: number): string {
  const minutes = Math.ceil(remainingMs / 60_000);
  if (remainingMs <= 0) return messages.timeUp;
  if (minutes <= 1) return messages.oneMinuteLeftAnnouncement;
  if (minutes <= 5) return messages.minutesLeftAnnouncement.replace('{minutes}', '5');
  return '';
}

export function Countdown({ remainingMs }: { remainingMs: number }) {
  const over = remainingMs <= 0;
  const urgent = !over && remainingMs <= 5 * 60_000;
  return (
    <div
      className={`countdown${urgent ? ' countdown--urgent' : ''}${over ? ' countdown--over' : ''}`}
    >
      <span className="countdown__label">{over ? messages.timeUp : messages.timeLeft}</span>
      {over ? null : (
        <span className="countdown__value" role="timer" data-testid="countdown">
          {formatRemaining(remainingMs)}
        </span>
      )}
      <span className="visually-hidden" aria-live="polite">
        {announcement(remainingMs)}
      </span>
    </div>
  );
}
