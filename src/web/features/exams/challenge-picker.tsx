/**
 * Finds a challenge for one problem of the exam: a search field over the challenges' test codes
 * and names, and the first matches, each with an Add button (named for a screen reader with the
 * challenge and the problem). A challenge already in the exam says which problem holds it and
 * cannot be added again. After an Add the search empties and keeps the focus, so the next
 * challenge of a pool is typed at once.
 */
import { useId, useRef, useState } from 'react';
import type { ChallengeSummary } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { TextField } from '../../ui/text-field.tsx';
import { slotHolding, type SlotValues } from './slot-editing.ts';

/** More matches than this: the teacher types more rather than scrolls. */
export const PICKER_MATCHES = 6;

/** The challenges whose code or name holds every word typed, codes that start with it first. */
export function matchChallenges(
  challenges: readonly ChallengeSummary[],
  query: string,
): ChallengeSummary[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const text = (c: ChallengeSummary) => `${c.challengeId} ${c.challengeName}`.toLowerCase();
  const first = words[0] ?? '';
  return challenges
    .filter((c) => words.every((word) => text(c).includes(word)))
    .sort((a, b) => {
      const rank = (c: ChallengeSummary) => (c.challengeId.toLowerCase().startsWith(first) ? 0 : 1);
      return rank(a) - rank(b) || a.challengeId.localeCompare(b.challengeId);
    });
}

type Props = {
  /** 0-based: the problem the picker adds to. */
  index: number;
  slots: readonly SlotValues[];
  /** Null while the list loads. */
  challenges: readonly ChallengeSummary[] | null;
  onAdd: (challengeId: string) => void;
};

export function ChallengePicker({ index, slots, challenges, onAdd }: Props) {
  const [query, setQuery] = useState('');
  // TextField keeps its input's ref for itself: the search is found inside the picker.
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const n = String(index + 1);
  const matches = challenges ? matchChallenges(challenges, query) : [];
  const shown = matches.slice(0, PICKER_MATCHES);

  return (
    <div className="exam-picker" ref={box}>
      <TextField
        type="search"
        label={messages.pickerSearch.replace('{n}', n)}
        name={`picker-${index}`}
        autoComplete="off"
        spellCheck={false}
        value={query}
        hint={challenges === null ? messages.pickerLoading : messages.pickerHint}
        aria-controls={listId}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          // Enter adds the single match instead of submitting the whole form.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const only = matches.length === 1 ? matches[0] : undefined;
          if (only && slotHolding(slots, only.challengeId) === undefined) {
            onAdd(only.challengeId);
            setQuery('');
          }
        }}
      />
      <div id={listId} aria-live="polite">
        {query.trim() === '' ? null : shown.length === 0 ? (
          <p className="muted exam-picker__none">{messages.pickerNoMatch}</p>
        ) : (
          <ul className="exam-picker__list">
            {shown.map((c) => {
              const holder = slotHolding(slots, c.challengeId);
              return (
                <li key={c.challengeId} className="exam-picker__item">
                  <span className="exam-picker__what">
                    <span className="mono">{c.challengeId}</span> {c.challengeName}
                    <span className="muted"> · {c.score}</span>
                  </span>
                  {holder === undefined ? (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={messages.pickerAddLabel
                        .replace('{id}', c.challengeId)
                        .replace('{n}', n)}
                      onClick={() => {
                        onAdd(c.challengeId);
                        setQuery('');
                        box.current?.querySelector<HTMLInputElement>('input')?.focus();
                      }}
                    >
                      {messages.pickerAdd}
                    </button>
                  ) : (
                    <span className="tag">
                      {messages.pickerUsedIn.replace('{n}', String(holder + 1))}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {matches.length > shown.length ? (
          <p className="muted exam-picker__none">
            {messages.pickerMore.replace('{count}', String(matches.length - shown.length))}
          </p>
        ) : null}
      </div>
    </div>
  );
}
