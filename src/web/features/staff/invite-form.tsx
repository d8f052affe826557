/**
 * The owners' invitation form: email, optional name, role and, for a teacher or an assistant, an
 * optional course they join at once. Without an SMTP server the answer carries the link, shown
 * read-only with a Copy button: the owner hands it over (a lab's staff may have no mail either).
 */
import { Field } from '@ark-ui/react/field';
import { useId, useState, type FormEvent } from 'react';
import { STAFF_ROLES, type Course, type StaffRole } from '../../../contract/courses.ts';
import { messages } from '../../../contract/messages.ts';
import { roleLabels, staffUi } from '../../../contract/staff-ui.ts';
import { ChoiceField } from '../../ui/choice-field.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { inviteStaff } from './staff-api.ts';

export function InviteForm({
  token,
  courses,
  onInvited,
}: {
  token: string;
  courses: readonly Course[];
  onInvited: () => void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('teacher');
  const [courseId, setCourseId] = useState('');
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  // The server's refusal (an address already on the staff, an owner given a course).
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = { heading: useId(), link: useId(), note: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '') {
      showError(messages.enterAllDetails);
      return;
    }
    setBusy(true);
    setLink(null);
    setRefusal(null);
    try {
      const answer = await inviteStaff(token, {
        email,
        name,
        role,
        ...(role !== 'owner' && courseId !== '' ? { courseId } : {}),
      });
      showSuccess(answer.message);
      setLink(answer.link ?? null);
      setEmail('');
      setName('');
      onInvited();
    } catch (error) {
      setRefusal(
        error instanceof Error && error.message !== '' ? error.message : messages.networkError,
      );
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      showSuccess(staffUi.copied);
    } catch {
      showError(staffUi.copyFailed);
    }
  }

  return (
    <section className="dash-section" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="dash-section__title">
        {staffUi.inviteTitle}
      </h2>
      <form className="staff-invite" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          label={staffUi.fieldEmail}
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={staffUi.fieldName}
          name="name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <ChoiceField
          label={staffUi.fieldRole}
          name="role"
          value={role}
          order={STAFF_ROLES}
          labels={roleLabels}
          onChange={setRole}
        />
        {role !== 'owner' ? (
          <Field.Root className="field">
            <Field.Label className="field__label">{staffUi.fieldCourse}</Field.Label>
            <Field.Select
              className="field__input field__select"
              name="courseId"
              value={courseId}
              onChange={(event) => setCourseId(event.target.value)}
            >
              <option value="">{staffUi.noCourse}</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.code} — {course.title}
                </option>
              ))}
            </Field.Select>
            <Field.HelperText className="field__hint">{staffUi.courseHint}</Field.HelperText>
          </Field.Root>
        ) : null}
        {refusal ? (
          <p className="staff-alert staff-invite__actions" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="actions staff-invite__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? messages.working : staffUi.invite}
          </button>
        </div>
      </form>
      {link ? (
        <div className="staff-link" data-testid="invitation-link">
          <label className="field__label" htmlFor={ids.link}>
            {staffUi.linkLabel}
          </label>
          <div className="staff-link__row">
            <input
              id={ids.link}
              className="field__input"
              type="text"
              readOnly
              value={link}
              aria-describedby={ids.note}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              {staffUi.copy}
            </button>
          </div>
          <p id={ids.note}>{staffUi.linkNote}</p>
        </div>
      ) : null}
    </section>
  );
}
