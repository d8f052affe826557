/**
 * "Move to course…" in a row of the staff's challenge list or exam list (issue 33): a button
 * opening a small dialog with a course select, offered only when the member may write in the
 * course the thing is in and in at least one other (owners: every course; teachers: the courses
 * they teach). The server checks both courses itself and refuses an exam whose problem another
 * course's exam shares; its message is shown in the dialog, the select kept as chosen.
 */
import { Field } from '@ark-ui/react/field';
import { useState, type FormEvent } from 'react';
import { courseMoveMessages as text } from '../../contract/course-moves.ts';
import type { Course } from '../../contract/courses.ts';
import { messages } from '../../contract/messages.ts';
import { moveToCourse } from '../lib/course-move-api.ts';
import { FormDialog } from './form-dialog.tsx';
import { showSuccess } from './toast.ts';
import './move-to-course.css';

type Props = {
  /** The test code or exam code the button and the dialog name. */
  name: string;
  /** The course it is in now (the list row's `courseId`). */
  courseId: string | undefined;
  /** Where the move goes: challengeCoursePath(id) or examCoursePath(code). */
  path: string;
  /** An exam: the dialog says its problems go with it. */
  exam?: boolean;
  token: string;
  /** The courses the member may write in (useWritableCourses). */
  courses: readonly Course[];
  /** After a move: the list reloads. */
  onMoved: () => void;
  className: string;
};

export function MoveToCourseButton(props: Props) {
  const { name, courseId, courses, className } = props;
  const [open, setOpen] = useState(false);
  const others = courses.filter((course) => course.id !== courseId);
  const mayLeave = courses.some((course) => course.id === courseId);
  if (courseId === undefined || !mayLeave || others.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={text.actionLabel.replace('{name}', name)}
        onClick={() => setOpen(true)}
      >
        {text.action}
      </button>
      {open ? <MoveDialog {...props} others={others} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function MoveDialog({
  name,
  path,
  exam,
  token,
  courses,
  courseId,
  others,
  onMoved,
  onClose,
}: Props & { others: Course[]; onClose: () => void }) {
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = courses.find((course) => course.id === courseId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || target === '') return;
    setBusy(true);
    setError(null);
    try {
      const moved = await moveToCourse(token, path, target);
      showSuccess(moved.message);
      onClose();
      onMoved();
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message !== ''
          ? failure.message
          : messages.networkError,
      );
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open
      title={text.title.replace('{name}', name)}
      description={exam ? text.examIntro : text.intro}
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        {current ? (
          <p className="move-to-course__now">
            {text.currentCourse.replace('{code}', `${current.code} — ${current.title}`)}
          </p>
        ) : null}
        <Field.Root className="field">
          <Field.Label className="field__label">{text.courseLabel}</Field.Label>
          <Field.Select
            className="field__input field__select"
            name="courseId"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            {others.map((course) => (
              <option key={course.id} value={course.id}>
                {course.code} — {course.title}
              </option>
            ))}
          </Field.Select>
        </Field.Root>
        {error ? (
          <p className="move-to-course__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="actions actions--end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {text.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? text.moving : text.move}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
