/**
 * The accommodations of one student at one sitting (issue 32 item 3): their state and timer, the
 * accommodation they have, a form to give one more (the action, its value, the required reason)
 * and the log (who, when, why). An Ark UI dialog, so focus is trapped, Escape closes and focus
 * returns to the button that opened it. Exported for every staff screen that lists students (the
 * results tables today, the proctor view later): it takes the sitting and the student only.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Field } from '@ark-ui/react/field';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ACCOMMODATION_ACTIONS,
  MAX_ACCOMMODATION_MINUTES,
  MAX_DURATION_FACTOR,
  MAX_REASON_LENGTH,
  MIN_DURATION_FACTOR,
  accommodationMessages as m,
  type AccommodationAction,
  type AccommodationRequest,
  type AccommodationResponse,
} from '../../../contract/accommodations.ts';
import { messages } from '../../../contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { StudentRowActionProps } from '../../ui/student-row-action.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showSuccess } from '../../ui/toast.ts';
import { fetchAccommodation, giveAccommodation } from './accommodations-api.ts';
import { accommodationSummary, logWhat, stateText, zonedText } from './accommodation-text.ts';
import '../../ui/dialog.css';
import './accommodations.css';

const actionLabels: Record<AccommodationAction, string> = {
  extra_time: m.actionExtraTime,
  factor: m.actionFactor,
  window: m.actionWindow,
  reopen: m.actionReopen,
  reset: m.actionReset,
};

type Props = StudentRowActionProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After every change: the student's new state (a row shows their new time). */
  onChanged?: (view: AccommodationResponse) => void;
};

type Form = {
  action: AccommodationAction;
  minutes: string;
  factor: string;
  windowStart: string;
  windowEnd: string;
  reason: string;
};
const EMPTY: Form = {
  action: 'extra_time',
  minutes: '10',
  factor: '1.25',
  windowStart: '',
  windowEnd: '',
  reason: '',
};

/** The form as the call's body; the server checks every value (and says what is wrong). */
function requestOf(form: Form): AccommodationRequest {
  const reason = form.reason;
  switch (form.action) {
    case 'extra_time':
    case 'reopen':
      return { action: form.action, minutes: Number(form.minutes), reason };
    case 'factor':
      return { action: 'factor', factor: Number(form.factor), reason };
    case 'window':
      return {
        action: 'window',
        windowStart: form.windowStart,
        windowEnd: form.windowEnd,
        reason,
      };
    case 'reset':
      return { action: 'reset', reason };
  }
}

export function AccommodationsDialog(props: Props) {
  const { token, sitting, student, open, onOpenChange, onChanged } = props;
  const [view, setView] = useState<AccommodationResponse | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sittingKey = sitting.kind === 'exam' ? `e:${sitting.examCode}` : `c:${sitting.challengeId}`;

  useEffect(() => {
    if (!open) return;
    let live = true;
    fetchAccommodation(token, sitting, student.userId).then(
      (answer) => live && setView(answer),
      (failure: unknown) =>
        live && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
    // `sitting` is a new object on every render of the row: its key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, token, sittingKey, student.userId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await giveAccommodation(token, sitting, student.userId, requestOf(form));
      setView(answer);
      setForm((current) => ({ ...current, reason: '' }));
      onChanged?.(answer);
      showSuccess(m.given.replace('{summary}', stateText(answer)));
    } catch (failure) {
      setError(
        failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  const set = (change: Partial<Form>) => setForm((current) => ({ ...current, ...change }));
  const timeZone = view?.timeZone ?? 'UTC';
  const title = m.title.replace('{name}', student.name);

  return (
    <Dialog.Root
      open={open}
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        // A refusal shown once is not news the next time the dialog opens.
        if (!details.open) setError(null);
        onOpenChange(details.open);
      }}
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner accommodations-positioner">
          <Dialog.Content
            className="dialog accommodations"
            data-testid="accommodations-dialog"
            // The dialog is rendered in a portal but React bubbles its clicks to the table row,
            // whose click opens the student's submissions.
            onClick={(event) => event.stopPropagation()}
          >
            <div className="dialog__header">
              <Dialog.Title className="dialog__title">{title}</Dialog.Title>
              <Dialog.CloseTrigger className="button button--secondary">
                {messages.closeDialog}
              </Dialog.CloseTrigger>
            </div>
            <Dialog.Description className="dialog__description muted">
              {student.email}
            </Dialog.Description>

            <dl className="accommodations__now" aria-live="polite">
              <div>
                <dt>{m.current}</dt>
                <dd data-testid="accommodations-state">
                  {view ? stateText(view) : messages.loading}
                  {view?.attempt ? (
                    <span className="muted">
                      {' '}
                      · {m.attemptNumber.replace('{n}', String(view.attempt.number))}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>{m.actionLabel}</dt>
                <dd data-testid="accommodations-summary">
                  {view ? accommodationSummary(view) : messages.loading}
                </dd>
              </div>
            </dl>

            <form className="accommodations__form" onSubmit={(event) => void submit(event)}>
              <Field.Root className="field">
                <Field.Label className="field__label">{m.actionLabel}</Field.Label>
                <Field.Select
                  className="field__input field__select"
                  name="action"
                  value={form.action}
                  onChange={(event) => set({ action: event.target.value as AccommodationAction })}
                >
                  {ACCOMMODATION_ACTIONS.map((action) => (
                    <option key={action} value={action}>
                      {actionLabels[action]}
                    </option>
                  ))}
                </Field.Select>
              </Field.Root>
              {form.action === 'extra_time' || form.action === 'reopen' ? (
                <TextField
                  label={m.minutesLabel}
                  name="minutes"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_ACCOMMODATION_MINUTES}
                  step={1}
                  required
                  value={form.minutes}
                  onChange={(event) => set({ minutes: event.target.value })}
                />
              ) : null}
              {form.action === 'factor' ? (
                <TextField
                  label={m.factorLabel}
                  name="factor"
                  type="number"
                  inputMode="decimal"
                  min={MIN_DURATION_FACTOR}
                  max={MAX_DURATION_FACTOR}
                  step={0.05}
                  required
                  value={form.factor}
                  onChange={(event) => set({ factor: event.target.value })}
                />
              ) : null}
              {form.action === 'window' ? (
                <div className="accommodations__window">
                  <TextField
                    label={m.windowStartLabel.replace('{timeZone}', timeZone)}
                    name="windowStart"
                    type="datetime-local"
                    required
                    value={form.windowStart}
                    onChange={(event) => set({ windowStart: event.target.value })}
                  />
                  <TextField
                    label={m.windowEndLabel.replace('{timeZone}', timeZone)}
                    name="windowEnd"
                    type="datetime-local"
                    required
                    value={form.windowEnd}
                    onChange={(event) => set({ windowEnd: event.target.value })}
                  />
                </div>
              ) : null}
              <TextAreaField
                label={m.reasonLabel}
                name="reason"
                required
                rows={2}
                maxLength={MAX_REASON_LENGTH}
                value={form.reason}
                onChange={(event) => set({ reason: event.target.value })}
              />
              {error ? (
                <p className="accommodations__error" role="alert">
                  {error}
                </p>
              ) : null}
              <div className="actions actions--end">
                <button type="submit" className="button button--primary" disabled={busy}>
                  {busy ? m.giving : m.give}
                </button>
              </div>
            </form>

            <section aria-labelledby="accommodations-log-heading">
              <h3 id="accommodations-log-heading" className="accommodations__heading">
                {m.logHeading}
              </h3>
              {view && view.log.length > 0 ? (
                <div className="table-wrap">
                  <table className="accommodations__log" data-testid="accommodations-log">
                    <thead>
                      <tr>
                        <th scope="col">{m.logWhen}</th>
                        <th scope="col">{m.logWho}</th>
                        <th scope="col">{m.logWhat}</th>
                        <th scope="col">{m.logWhy}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {view.log.map((entry) => (
                        <tr key={entry.id}>
                          <td className="accommodations__when">
                            <time dateTime={entry.givenAt}>
                              {zonedText(entry.givenAt, timeZone)}
                            </time>
                          </td>
                          <td>
                            {entry.givenBy.name}
                            <span className="accommodations__who">{entry.givenBy.email}</span>
                          </td>
                          <td>{logWhat(entry, timeZone)}</td>
                          <td className="accommodations__reason">{entry.reason}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="muted">{view ? m.logEmpty : messages.loading}</p>
              )}
            </section>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
