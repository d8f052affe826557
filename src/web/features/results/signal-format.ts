/** How an exam event reads in the teacher's timeline (issue 17). */
import { messages } from '../../../contract/messages.ts';
import type { TimelineEvent } from '../../../contract/signals.ts';
import { duration } from './format.ts';

export function signalLabel(event: TimelineEvent): string {
  switch (event.kind) {
    case 'left':
      return event.reason === 'blur' ? messages.signalLeftBlur : messages.signalLeftHidden;
    case 'returned':
      return messages.signalReturned;
    case 'paste':
      return event.blocked ? messages.signalPasteBlocked : messages.signalPaste;
    case 'reload':
      return messages.signalReload;
  }
}

export function signalDetails(event: TimelineEvent): string {
  if (event.kind === 'returned' && event.awayMs !== undefined)
    return messages.signalAwayFor.replace('{duration}', duration(event.awayMs / 1000));
  if (event.kind === 'paste' && event.chars !== undefined)
    return messages.signalChars.replace('{chars}', event.chars.toLocaleString());
  return '';
}

/** Time away in a cell: whole seconds are enough for a teacher. */
export const awayText = (ms: number) => duration(ms / 1000);
