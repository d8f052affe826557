/**
 * The Courses view's form dialogs: a new course or a course's code, title and term, and a new
 * section. The server validates (contract/courses.ts); its message (a code in use, a name too
 * long) is shown in the dialog as an alert, so the fields stay as typed.
 */
import { useState, type FormEvent } from 'react';
import type { Course } from '../../../contract/courses.ts';
import { messages } from '../../../contract/messages.ts';
import { courseUi } from '../../../contract/staff-ui.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showSuccess } from '../../ui/toast.ts';
import { addSection, createCourse, updateCourse } from './courses-api.ts';

const failureText = (error: unknown) =>
  error instanceof Error && error.message !== '' ? error.message : messages.networkError;

/** Runs a dialog's call: busy while it runs, its message as a toast, a failure in the dialog. */
function useSubmit(onDone: (course: Course) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(call: () => Promise<{ message: string; course: Course }>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { message, course } = await call();
      showSuccess(message);
      onDone(course);
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  }
  return { busy, error, run };
}

function DialogError({ error }: { error: string | null }) {
  return error ? (
    <p className="course-form__error" role="alert">
      {error}
    </p>
  ) : null;
}

export function CourseFormDialog({
  token,
  course,
  onClose,
  onSaved,
}: {
  token: string;
  /** The course to edit; absent for a new one. */
  course?: Course;
  onClose: () => void;
  onSaved: (course: Course) => void;
}) {
  const [code, setCode] = useState(course?.code ?? '');
  const [title, setTitle] = useState(course?.title ?? '');
  const [term, setTerm] = useState(course?.term ?? '');
  const { busy, error, run } = useSubmit(onSaved);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { code, title, term };
    void run(() => (course ? updateCourse(token, course.id, body) : createCourse(token, body)));
  }

  return (
    <FormDialog
      open
      title={
        course ? courseUi.editCourseTitle.replace('{code}', course.code) : courseUi.newCourseTitle
      }
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label={courseUi.fieldCode}
          name="code"
          required
          autoComplete="off"
          hint={courseUi.codeHint}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <TextField
          label={courseUi.fieldTitle}
          name="title"
          required
          autoComplete="off"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextField
          label={courseUi.fieldTerm}
          name="term"
          autoComplete="off"
          hint={courseUi.termHint}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <DialogError error={error} />
        <div className="actions actions--end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {messages.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? messages.working : course ? courseUi.save : courseUi.create}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}

export function SectionDialog({
  token,
  course,
  onClose,
  onSaved,
}: {
  token: string;
  course: Course;
  onClose: () => void;
  onSaved: (course: Course) => void;
}) {
  const [name, setName] = useState('');
  const { busy, error, run } = useSubmit(onSaved);
  return (
    <FormDialog
      open
      title={courseUi.addSectionTitle.replace('{code}', course.code)}
      onClose={onClose}
    >
      <form
        className="form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => addSection(token, course.id, name));
        }}
      >
        <TextField
          label={courseUi.fieldSection}
          name="section"
          required
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <DialogError error={error} />
        <div className="actions actions--end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {messages.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? messages.working : courseUi.addSection}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}

export { DialogError, failureText };
