/**
 * The "Grade" section of the submissions dialog (issue 34 item 3): the automatic score beside the
 * staff's override and manual points and the final score, a form to set the override (an
 * absolute score, or points added or removed) with its required reason, or clear it, a form for
 * the manual points (and their maximum for the challenge), and the history of entries. Native
 * fields in fieldsets: every one labelled, usable with the keyboard alone; the outcome is
 * announced in a live region, failures in the error toast.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  finalScore as finalOf,
  gradingMessages as t,
  type GradeInput,
  type GradeState,
  type OverrideKind,
} from '../../../contract/grading.ts';
import { messages } from '../../../contract/messages.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { dateTime, score } from './format.ts';
import { fetchGrade, saveGrade, saveManualMax, type GradeTarget } from './grade-api.ts';

type Props = { token: string; target: GradeTarget };

export function overrideLabel(override: GradeState['override']): string {
  if (!override) return t.noOverride;
  if (override.kind === 'absolute') return `${t.kindAbsolute} ${score(override.value)}`;
  return override.value < 0
    ? `${score(override.value)} (${t.kindAdjust.toLowerCase()})`
    : `+${score(override.value)} (${t.kindAdjust.toLowerCase()})`;
}

export function GradeSection({ token, target }: Props) {
  const [grade, setGrade] = useState<GradeState | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const headingId = useId();
  const { challengeId, userId, examCode } = target;

  useEffect(() => {
    const abort = new AbortController();
    fetchGrade(token, { challengeId, userId, examCode }, abort.signal)
      .then(setGrade)
      .catch((error: unknown) => {
        if (!abort.signal.aborted)
          setFailed(error instanceof Error ? error.message : String(error));
      });
    return () => abort.abort();
  }, [token, challengeId, userId, examCode]);

  async function send(input: GradeInput): Promise<boolean> {
    try {
      setGrade(await saveGrade(token, target, input));
      setSaid(input.kind === 'clear' ? t.cleared : t.saved);
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  }

  async function setMax(max: number) {
    try {
      const answer = await saveManualMax(token, challengeId, max);
      setGrade((g) => g && { ...g, manualPointsMax: answer.manualPointsMax });
      setSaid(t.saved);
    } catch (error) {
      showFailure(error);
    }
  }

  return (
    <section className="grade" aria-labelledby={headingId} data-testid="grade-section">
      <h3 id={headingId} className="grade__heading">
        {t.heading}
      </h3>
      {failed ? (
        <p className="muted">{failed}</p>
      ) : !grade ? (
        <p className="muted">{messages.loading}</p>
      ) : (
        <>
          <GradeFigures grade={grade} />
          <GradeEntryForm grade={grade} part="score" onSend={send} />
          <ManualPoints grade={grade} onSend={send} onSetMax={setMax} />
          <GradeHistory grade={grade} />
        </>
      )}
      <p className="visually-hidden" role="status" aria-atomic="true">
        {said}
      </p>
    </section>
  );
}

function GradeFigures({ grade }: { grade: GradeState }) {
  const max = grade.maxScore + grade.manualPointsMax;
  const items: [string, string][] = [
    [t.automatic, `${score(grade.automatic)} / ${grade.maxScore}`],
    [t.overrideHeading, overrideLabel(grade.override)],
    ...(grade.manualPointsMax > 0 || grade.manualPoints !== null
      ? ([[t.manualHeading, `${score(grade.manualPoints)} / ${grade.manualPointsMax}`]] as [
          string,
          string,
        ][])
      : []),
    [t.finalScore, `${score(grade.finalScore)} / ${max}`],
  ];
  return (
    <dl className="results-summary results-summary--compact" data-testid="grade-figures">
      {items.map(([label, value]) => (
        <div key={label} className="results-summary__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The points typed, or null when the field is not a number. */
const pointsOf = (text: string): number | null => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? null : n;
};

/**
 * One part of the grade as a form: its kinds (the score's absolute or adjust; the manual points
 * are always absolute), the points with the final score they would give, the required reason,
 * Save and Clear (Clear only when the part has a value). Checked here first so a missing reason
 * is named under its field; the server checks the same and answers with the same message.
 */
function GradeEntryForm({
  grade,
  part,
  onSend,
}: {
  grade: GradeState;
  part: 'score' | 'manual';
  onSend: (input: GradeInput) => Promise<boolean>;
}) {
  const current = part === 'score' ? (grade.override?.value ?? null) : grade.manualPoints;
  const [kind, setKind] = useState<OverrideKind>(
    part === 'score' ? (grade.override?.kind ?? 'absolute') : 'absolute',
  );
  const [value, setValue] = useState(current === null ? '' : String(current));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ value?: string; reason?: string }>({});
  const name = useId();
  const points = pointsOf(value);
  const preview =
    points === null
      ? null
      : part === 'score'
        ? finalOf(grade.automatic, { kind, value: points }, grade.manualPoints, grade.maxScore)
        : finalOf(grade.automatic, grade.override, points, grade.maxScore);

  async function send(clear: boolean) {
    const problems = {
      ...(!clear && points === null ? { value: t.invalidValue } : {}),
      ...(reason.trim() === '' ? { reason: t.reasonRequired } : {}),
    };
    setError(problems);
    if (problems.value || problems.reason) return;
    const input: GradeInput = clear
      ? { part, kind: 'clear', reason }
      : { part, kind: part === 'score' ? kind : 'absolute', value: points ?? 0, reason };
    if (!(await onSend(input))) return;
    setReason('');
    if (clear) setValue('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(false);
  }

  return (
    <form className="grade__form" onSubmit={submit} noValidate>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">
          {part === 'score' ? t.overrideHeading : t.manualHeading}
        </legend>
        {part === 'score' ? (
          <div className="grade__kinds" role="radiogroup" aria-label={t.kindLabel}>
            {(['absolute', 'adjust'] as const).map((k) => (
              <label key={k} className="grade__kind">
                <input
                  type="radio"
                  name={name}
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                />
                {k === 'absolute' ? t.kindAbsolute : t.kindAdjust}
              </label>
            ))}
          </div>
        ) : null}
        <TextField
          label={
            part === 'score'
              ? t.valueLabel
              : t.manualLabel.replace('{max}', String(grade.manualPointsMax))
          }
          value={value}
          inputMode="decimal"
          onChange={(e) => setValue(e.target.value)}
          error={error.value}
          hint={
            preview === null
              ? undefined
              : `${t.finalScore}: ${score(preview)} / ${grade.maxScore + grade.manualPointsMax}`
          }
        />
        <TextField
          label={t.reasonLabel}
          value={reason}
          required
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          error={error.reason}
        />
        <div className="grade__actions">
          <button type="submit" className="button button--primary">
            {t.save}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={current === null}
            onClick={() => void (current === null ? undefined : send(true))}
          >
            {t.clear}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** The challenge's manual points' maximum (0: none), then the student's manual points. */
function ManualPoints({
  grade,
  onSend,
  onSetMax,
}: {
  grade: GradeState;
  onSend: (input: GradeInput) => Promise<boolean>;
  onSetMax: (max: number) => Promise<void>;
}) {
  const [max, setMax] = useState(String(grade.manualPointsMax));
  const [error, setError] = useState<string | undefined>();

  async function saveMax(event: FormEvent) {
    event.preventDefault();
    const n = pointsOf(max);
    if (n === null || n < 0 || n > 1000) {
      setError(t.manualMaxInvalid);
      return;
    }
    setError(undefined);
    await onSetMax(n);
  }

  return (
    <div className="grade__manual">
      <form
        className="grade__form grade__form--inline"
        onSubmit={(e) => void saveMax(e)}
        noValidate
      >
        <TextField
          label={t.manualMaxLabel}
          value={max}
          inputMode="decimal"
          onChange={(e) => setMax(e.target.value)}
          error={error}
        />
        <button type="submit" className="button button--secondary">
          {t.manualMaxSave}
        </button>
      </form>
      {grade.manualPointsMax > 0 ? (
        <GradeEntryForm grade={grade} part="manual" onSend={onSend} />
      ) : null}
    </div>
  );
}

function GradeHistory({ grade }: { grade: GradeState }) {
  if (grade.history.length === 0) return null;
  return (
    <details className="grade__history">
      <summary>
        {t.historyHeading} ({grade.history.length})
      </summary>
      <ol>
        {grade.history.map((entry, i) => {
          const what =
            entry.kind === 'clear'
              ? `${t.clear.toLowerCase()} (${entry.part === 'manual' ? t.manualHeading : t.overrideHeading})`
              : entry.part === 'manual'
                ? `${t.manualHeading}: ${score(entry.value)}`
                : overrideLabel({ kind: entry.kind, value: entry.value ?? 0 });
          return (
            <li key={`${entry.at}-${i}`}>
              {t.historyEntry
                .replace('{at}', dateTime(entry.at))
                .replace('{who}', entry.by)
                .replace('{what}', what)
                .replace('{reason}', entry.reason)}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
