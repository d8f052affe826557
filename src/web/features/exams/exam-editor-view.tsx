/**
 * Creating or editing an exam (`/adminDash?view=add-exam`, `?view=edit-exam&exam=CODE`). The form
 * is checked with the server's schema before any call (exam-form-values.ts): the first problem is
 * the error toast, as in the challenge form, and each stands next to its field. A refusal from
 * the server is shown the same way, next to the field it is about when it names one. Saved, the
 * view goes back to the list of exams.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { ChallengeSummary } from '../../../contract/challenges.ts';
import { examMessages } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import { CourseSelect } from '../../ui/course-select.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { showError, showSuccess } from '../../ui/toast.ts';
import { ExamFields } from './exam-fields.tsx';
import {
  checkExamValues,
  emptyExamValues,
  NO_ERRORS,
  toExamInput,
  valuesFromExam,
  type ExamFormErrors,
  type ExamFormValues,
} from './exam-form-values.ts';
import { createExam, getExam, listChallenges, listExams, updateExam } from './exams-api.ts';
import { PreviewLink } from './preview-link.tsx';
import { SlotsEditor } from './slots-editor.tsx';
import './exams.css';

type Props = {
  token: string;
  /** Editing this exam; absent: a new one. */
  examCode?: string | undefined;
};

/** A server refusal placed next to the field it names, when it names one. */
function serverErrors(message: string): ExamFormErrors {
  const fields: ExamFormErrors['fields'] = {};
  if (message === examMessages.examCodeTaken || message === examMessages.invalidExamCode)
    fields.examCode = message;
  else if (message.startsWith(examMessages.unknownChallenge.split('{')[0] ?? '\u0000'))
    fields.slots = message;
  return { first: message, fields, slots: {} };
}

export function ExamEditorView({ token, examCode }: Props) {
  const navigate = useNavigate();
  const editing = examCode !== undefined;
  const [values, setValues] = useState<ExamFormValues | null>(editing ? null : emptyExamValues);
  const [errors, setErrors] = useState<ExamFormErrors>(NO_ERRORS);
  // After a first try to save, the messages follow the fields as they are corrected.
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [challenges, setChallenges] = useState<ChallengeSummary[] | null>(null);
  const [timeZone, setTimeZone] = useState<string>();
  // A new exam's course, when the member has several to choose from (issue 33).
  const [courseId, setCourseId] = useState('');

  useEffect(() => {
    let live = true;
    listChallenges(token).then(
      (list) => live && setChallenges(list),
      (error: unknown) => showFailure(error),
    );
    if (examCode) {
      getExam(token, examCode).then(
        (exam) => {
          if (!live) return;
          setValues(valuesFromExam(exam));
          setTimeZone(exam.timeZone);
        },
        (error: unknown) => showFailure(error),
      );
    } else {
      // The portal's zone, as any exam states it; a first exam's form says "the portal's".
      listExams(token).then(
        (exams) => live && setTimeZone(exams[0]?.timeZone),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [token, examCode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values || busy) return;
    const checked = checkExamValues(values);
    setErrors(checked);
    setTried(true);
    if (checked.first) {
      showError(checked.first);
      return;
    }
    setBusy(true);
    try {
      const input = toExamInput(values);
      if (examCode) await updateExam(token, examCode, input);
      else await createExam(token, courseId === '' ? input : { ...input, courseId });
      showSuccess(editing ? messages.examUpdated : messages.examCreated);
      void navigate({ to: '/adminDash', search: { view: 'exams' } });
    } catch (error) {
      showFailure(error);
      if (error instanceof Error) setErrors(serverErrors(error.message));
    } finally {
      setBusy(false);
    }
  }

  const change = (next: ExamFormValues) => {
    setValues(next);
    if (tried) setErrors(checkExamValues(next));
  };

  const title = examCode
    ? messages.editExamTitle.replace('{code}', examCode)
    : messages.addExamTitle;
  return (
    <section aria-labelledby="exam-editor-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="exam-editor-heading" className="dash-section__title">
          {title}
        </h2>
        <div className="actions">
          {examCode ? <PreviewLink examCode={examCode} /> : null}
          <Link to="/adminDash" search={{ view: 'exams' }} className="button button--ghost">
            {messages.backToExams}
          </Link>
        </div>
      </div>
      {values === null ? (
        <p className="muted">{messages.loading}</p>
      ) : (
        <form
          className="form challenge-form exam-form"
          noValidate
          onSubmit={onSubmit}
          aria-busy={busy}
          aria-label={title}
        >
          {editing ? null : (
            <CourseSelect token={token} value={courseId} onChange={setCourseId} disabled={busy} />
          )}
          <ExamFields
            values={values}
            onChange={change}
            errors={errors.fields}
            timeZone={timeZone}
            codeReadOnly={editing}
          />
          <SlotsEditor
            slots={values.slots}
            onChange={(slots) => change({ ...values, slots })}
            errors={errors.slots}
            listError={errors.fields.slots}
            challenges={challenges}
          />
          {errors.first ? (
            <p className="exam-form__error" role="alert" data-testid="exam-form-error">
              {messages.examFormProblem} {errors.first}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? messages.working : editing ? messages.saveExam : messages.createExam}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
