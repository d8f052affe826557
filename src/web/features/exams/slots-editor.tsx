/**
 * The exam's problems, in order: each with its points, its challenge (a fixed problem) or
 * challenges (a pool: each student gets one), the picker that adds to it, and buttons to move it
 * up or down or remove it. Edits go through slot-editing.ts. Each problem is a list item named
 * "Problem n", so a screen reader hears where it is.
 */
import type { ChallengeSummary } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ChallengePicker } from './challenge-picker.tsx';
import type { SlotErrors } from './exam-form-values.ts';
import {
  addChallenge,
  addSlot,
  moveSlot,
  removeChallenge,
  removeSlot,
  setSlotPoints,
  totalPoints,
  type SlotValues,
} from './slot-editing.ts';

type Props = {
  slots: SlotValues[];
  onChange: (slots: SlotValues[]) => void;
  /** By slot index. */
  errors: Record<number, SlotErrors>;
  /** About the whole list (none, too many, a challenge twice). */
  listError: string | undefined;
  /** Null while the list loads. */
  challenges: readonly ChallengeSummary[] | null;
};

function slotNote(slot: SlotValues): string {
  if (slot.challengeIds.length === 0) return messages.slotEmpty;
  if (slot.challengeIds.length === 1) return messages.slotFixed;
  return messages.slotPool.replace('{count}', String(slot.challengeIds.length));
}

export function SlotsEditor({ slots, onChange, errors, listError, challenges }: Props) {
  const byId = new Map((challenges ?? []).map((c) => [c.challengeId.toLowerCase(), c]));
  return (
    <fieldset className="fieldset" aria-describedby="exam-slots-hint">
      <legend className="fieldset__legend">{messages.slotsLegend}</legend>
      <p id="exam-slots-hint" className="field__hint">
        {messages.slotsHint}
      </p>
      {listError ? (
        <p className="field__hint field__hint--error" role="alert">
          {listError}
        </p>
      ) : null}
      <ol className="exam-slots">
        {slots.map((slot, index) => {
          const n = String(index + 1);
          const title = messages.slotTitle.replace('{n}', n);
          const slotErrors = errors[index] ?? {};
          return (
            <li key={slot.key} className="exam-slot" aria-label={title} data-testid="exam-slot">
              <div className="exam-slot__header">
                <h3 className="exam-slot__title">{title}</h3>
                <div className="exam-slot__tools">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={messages.moveSlotUpLabel.replace('{n}', n)}
                    disabled={index === 0}
                    onClick={() => onChange(moveSlot(slots, index, -1))}
                  >
                    ↑ {messages.moveSlotUp}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={messages.moveSlotDownLabel.replace('{n}', n)}
                    disabled={index === slots.length - 1}
                    onClick={() => onChange(moveSlot(slots, index, 1))}
                  >
                    ↓ {messages.moveSlotDown}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={messages.removeSlotLabel.replace('{n}', n)}
                    onClick={() => onChange(removeSlot(slots, index))}
                  >
                    {messages.removeSlot}
                  </button>
                </div>
              </div>
              <div className="exam-slot__body">
                <TextField
                  className="field--narrow"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  label={messages.slotPoints}
                  name={`slot-${index}-points`}
                  aria-label={`${messages.slotPoints}, ${title}`}
                  value={slot.points}
                  error={slotErrors.points}
                  onChange={(event) => onChange(setSlotPoints(slots, index, event.target.value))}
                />
                <div className="exam-slot__challenges">
                  <p
                    className={
                      slotErrors.challenges ? 'field__hint field__hint--error' : 'exam-slot__note'
                    }
                    data-testid="slot-note"
                  >
                    {slotErrors.challenges ?? slotNote(slot)}
                  </p>
                  {slot.challengeIds.length > 0 ? (
                    <ul
                      className="exam-slot__chosen"
                      aria-label={messages.slotChallengesLabel.replace('{n}', n)}
                    >
                      {slot.challengeIds.map((id) => {
                        const known = byId.get(id.toLowerCase());
                        return (
                          <li key={id} className="exam-slot__challenge">
                            <span>
                              <span className="mono">{id}</span>
                              {known ? ` ${known.challengeName}` : ''}
                            </span>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              aria-label={messages.removeChallengeLabel
                                .replace('{id}', id)
                                .replace('{n}', n)}
                              onClick={() => onChange(removeChallenge(slots, index, id))}
                            >
                              {messages.removeChallenge}
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                  <ChallengePicker
                    index={index}
                    slots={slots}
                    challenges={challenges}
                    onAdd={(id) => onChange(addChallenge(slots, index, id))}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="exam-slots__footer">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange(addSlot(slots))}
        >
          + {messages.addSlot}
        </button>
        <p className="exam-slots__total" data-testid="exam-total-points">
          {messages.examTotalPoints.replace('{points}', String(totalPoints(slots)))}
        </p>
      </div>
    </fieldset>
  );
}
