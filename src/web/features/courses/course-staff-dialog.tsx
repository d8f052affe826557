/**
 * A course's staff: who teaches or assists in it, and, for its teachers and owners, removing one
 * (after a confirmation) or adding one. Only owners can read the portal's staff list: they pick
 * from it; a teacher, whose list call is refused, adds a member by email address instead.
 */
import { Field } from '@ark-ui/react/field';
import { useEffect, useState, type FormEvent } from 'react';
import type { Course, CourseRole } from '../../../contract/courses.ts';
import { messages } from '../../../contract/messages.ts';
import type { StaffMember } from '../../../contract/staff.ts';
import { courseUi, roleLabels } from '../../../contract/staff-ui.ts';
import { ChoiceField } from '../../ui/choice-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { showSuccess } from '../../ui/toast.ts';
import { assignStaff, removeStaff, staffToPick } from './courses-api.ts';
import { DialogError, failureText } from './course-dialogs.tsx';

const courseRoles: readonly CourseRole[] = ['teacher', 'assistant'];
const assistantOnly: readonly CourseRole[] = ['assistant'];

export function CourseStaffDialog({
  token,
  course,
  canWrite,
  onClose,
  onChanged,
}: {
  token: string;
  course: Course;
  /** The member may change the course (its teacher, or an owner). */
  canWrite: boolean;
  onClose: () => void;
  onChanged: (course: Course) => void;
}) {
  // undefined while asked; null when refused (a teacher) or unreachable.
  const [pickable, setPickable] = useState<StaffMember[] | null | undefined>(undefined);
  const [staffId, setStaffId] = useState('');
  const [staffEmail, setStaffEmail] = useState('');
  const [role, setRole] = useState<CourseRole>('teacher');
  const [removing, setRemoving] = useState<Course['staff'][number] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!canWrite) return;
    let live = true;
    void staffToPick(token).then((found) => live && setPickable(found));
    return () => {
      live = false;
    };
  }, [token, canWrite]);

  const inCourse = new Set(course.staff.map((member) => member.staffId));
  // Owners act in every course already; an inactive account cannot act at all.
  const candidates = (pickable ?? []).filter(
    (member) => member.role !== 'owner' && member.active && !inCourse.has(member.id),
  );
  const chosen = candidates.find((member) => member.id === staffId);
  const roles = chosen?.role === 'assistant' ? assistantOnly : courseRoles;
  // Without the portal's staff list (a teacher), the member is named by email address.
  const byEmail = pickable === null;
  const canAdd = byEmail ? staffEmail.trim() !== '' : chosen !== undefined;

  async function call(run: () => Promise<{ message: string; course: Course }>) {
    setBusy(true);
    setError(null);
    try {
      const answer = await run();
      showSuccess(answer.message);
      onChanged(answer.course);
      setStaffId('');
      setStaffEmail('');
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !canAdd) return;
    const asRole = roles.includes(role) ? role : 'assistant';
    const member = chosen ? { staffId: chosen.id } : { staffEmail: staffEmail.trim() };
    void call(() => assignStaff(token, course.id, member, asRole));
  }

  return (
    <>
      <FormDialog
        open
        small={false}
        title={courseUi.staffTitle.replace('{code}', course.code)}
        onClose={onClose}
      >
        {course.staff.length === 0 ? (
          <p className="muted">{courseUi.staffEmpty}</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{courseUi.staffCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{courseUi.fieldStaffMember}</th>
                  <th scope="col">{courseUi.fieldCourseRole}</th>
                  {canWrite ? <th scope="col">{courseUi.colActions}</th> : null}
                </tr>
              </thead>
              <tbody>
                {course.staff.map((member) => (
                  <tr key={member.staffId}>
                    <th scope="row">
                      {member.name || member.email}
                      {member.name ? <span className="muted"> ({member.email})</span> : null}
                    </th>
                    <td>{roleLabels[member.role]}</td>
                    {canWrite ? (
                      <td>
                        <button
                          type="button"
                          className="link-button link-button--danger"
                          aria-label={`${courseUi.remove} ${member.name || member.email}`}
                          disabled={busy}
                          onClick={() => setRemoving(member)}
                        >
                          {courseUi.remove}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {canWrite && pickable !== undefined ? (
          <form className="form" noValidate onSubmit={onAdd} aria-busy={busy}>
            {byEmail ? (
              <TextField
                label={courseUi.fieldStaffEmail}
                name="staffEmail"
                type="email"
                autoComplete="off"
                value={staffEmail}
                onChange={(event) => setStaffEmail(event.target.value)}
                hint={courseUi.staffEmailHint}
              />
            ) : (
              <Field.Root className="field">
                <Field.Label className="field__label">{courseUi.fieldStaffMember}</Field.Label>
                <Field.Select
                  className="field__input field__select"
                  name="staffId"
                  value={staffId}
                  onChange={(event) => setStaffId(event.target.value)}
                >
                  <option value="">{courseUi.chooseStaffMember}</option>
                  {candidates.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name ? `${member.name} (${member.email})` : member.email} —{' '}
                      {roleLabels[member.role]}
                    </option>
                  ))}
                </Field.Select>
              </Field.Root>
            )}
            <ChoiceField
              label={courseUi.fieldCourseRole}
              name="courseRole"
              value={roles.includes(role) ? role : 'assistant'}
              order={roles}
              labels={roleLabels}
              onChange={setRole}
            />
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy || !canAdd}>
                {busy ? messages.working : courseUi.addStaff}
              </button>
            </div>
          </form>
        ) : null}
        <DialogError error={error} />
        <div className="actions actions--end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {courseUi.close}
          </button>
        </div>
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={courseUi.removeTitle}
        confirmLabel={courseUi.remove}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const member = removing;
          setRemoving(null);
          if (member) void call(() => removeStaff(token, course.id, member.staffId));
        }}
      >
        {courseUi.removeBody
          .replace('{name}', removing ? removing.name || removing.email : '')
          .replace('{code}', course.code)}
      </ConfirmDialog>
    </>
  );
}
