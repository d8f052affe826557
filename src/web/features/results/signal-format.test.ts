import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { awayText, signalDetails, signalLabel } from './signal-format.ts';

const base = { eventId: 'e', clientAt: '', receivedAt: '' };

describe('signal format', () => {
  it('names each kind of event', () => {
    expect(signalLabel({ ...base, kind: 'left', reason: 'hidden' })).toBe(
      messages.signalLeftHidden,
    );
    expect(signalLabel({ ...base, kind: 'left', reason: 'blur' })).toBe(messages.signalLeftBlur);
    expect(signalLabel({ ...base, kind: 'paste', chars: 3, blocked: true })).toBe(
      messages.signalPasteBlocked,
    );
    expect(signalLabel({ ...base, kind: 'reload' })).toBe(messages.signalReload);
  });

  it('gives the time away and the characters pasted', () => {
    expect(signalDetails({ ...base, kind: 'returned', awayMs: 75_000 })).toBe('away 1 min 15 s');
    expect(signalDetails({ ...base, kind: 'paste', chars: 12, blocked: false })).toBe(
      '12 characters',
    );
    expect(awayText(4_400)).toBe('4 s');
  });
});
