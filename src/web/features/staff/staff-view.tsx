/**
 * The dashboard's Staff view (`/adminDash?view=staff`, owners only; issue 33): every staff member
 * with their role, state and courses, the invitations not yet accepted, and the invite form. A
 * role changes from its select at once; deactivating or reactivating asks first (a deactivated
 * member is signed out everywhere). The server's refusals, such as the last owner's, show in an
 * alert above the list, where the change was asked for.
 */
import { Field } from '@ark-ui/react/field';
import { useCallback, useEffect, useState } from 'react';
import { STAFF_ROLES, type Course, type StaffRole } from '../../../contract/courses.ts';
import { messages } from '../../../contract/messages.ts';
import type { StaffMember } from '../../../contract/staff.ts';
import { roleLabels, staffUi } from '../../../contract/staff-ui.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showSuccess } from '../../ui/toast.ts';
import { InviteForm } from './invite-form.tsx';
import { fetchCourses, fetchStaff, updateStaff } from './staff-api.ts';
import './staff.css';

type StaffList = Awaited<ReturnType<typeof fetchStaff>>;

const failureText = (error: unknown) =>
  error instanceof Error && error.message !== '' ? error.message : messages.networkError;

const isRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

export function StaffView({ token, selfId }: { token: string; selfId?: string }) {
  const [list, setList] = useState<StaffList | null>(null);
  const [courses, setCourses] = useState<Course[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [asking, setAsking] = useState<StaffMember | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(
    () =>
      fetchStaff(token).then(
        (found) => setList(found),
        (error: unknown) => setAlert(failureText(error)),
      ),
    [token],
  );
  useEffect(() => {
    void reload();
    fetchCourses(token).then(setCourses, () => undefined);
  }, [reload, token]);

  async function change(member: StaffMember, body: { role?: StaffRole; active?: boolean }) {
    setBusy(true);
    setAlert(null);
    try {
      const answer = await updateStaff(token, member.id, body);
      showSuccess(answer.message);
      setList((current) =>
        current
          ? {
              ...current,
              staff: current.staff.map((m) => (m.id === answer.member.id ? answer.member : m)),
            }
          : current,
      );
    } catch (error) {
      setAlert(failureText(error));
      // The select shows the role the server kept.
      await reload();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section aria-labelledby="staff-heading" className="dash-section">
        <div className="dash-section__header">
          <h2 id="staff-heading" className="dash-section__title">
            {staffUi.title}
          </h2>
        </div>
        <p className="muted">{staffUi.intro}</p>
        {alert ? (
          <p className="staff-alert" role="alert">
            {alert}
          </p>
        ) : null}
        {list === null ? (
          <p className="muted">{messages.loading}</p>
        ) : (
          <div className="table-wrap">
            <table className="table staff-list" data-testid="staff-list">
              <caption className="visually-hidden">{staffUi.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{staffUi.colEmail}</th>
                  <th scope="col">{staffUi.colName}</th>
                  <th scope="col">{staffUi.colRole}</th>
                  <th scope="col">{staffUi.colActive}</th>
                  <th scope="col">{staffUi.colCourses}</th>
                  <th scope="col">{staffUi.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {list.staff.map((member) => (
                  <tr
                    key={member.id}
                    className={member.active ? undefined : 'staff-list__inactive'}
                  >
                    <th scope="row">{member.email}</th>
                    <td>{member.name}</td>
                    <td>
                      <Field.Root className="field staff-list__role" disabled={busy}>
                        <Field.Label className="visually-hidden">
                          {staffUi.roleOf.replace('{email}', member.email)}
                        </Field.Label>
                        <Field.Select
                          className="field__input field__select"
                          name={`role-${member.id}`}
                          value={member.role}
                          onChange={(event) => {
                            const role = event.target.value;
                            if (isRole(role) && role !== member.role) void change(member, { role });
                          }}
                        >
                          {STAFF_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {roleLabels[role]}
                            </option>
                          ))}
                        </Field.Select>
                      </Field.Root>
                    </td>
                    <td>{member.active ? staffUi.active : staffUi.inactive}</td>
                    <td>
                      {member.courses.length === 0
                        ? staffUi.noCourses
                        : member.courses.map((c) => `${c.code} (${roleLabels[c.role]})`).join(', ')}
                    </td>
                    <td>
                      {member.id === selfId ? null : (
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`${member.active ? staffUi.deactivate : staffUi.reactivate} ${member.email}`}
                          disabled={busy}
                          onClick={() => setAsking(member)}
                        >
                          {member.active ? staffUi.deactivate : staffUi.reactivate}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3 className="staff__subtitle">{staffUi.invitationsTitle}</h3>
        {list && list.invitations.length > 0 ? (
          <div className="table-wrap">
            <table className="table" data-testid="invitation-list">
              <caption className="visually-hidden">{staffUi.invitationsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{staffUi.colEmail}</th>
                  <th scope="col">{staffUi.colRole}</th>
                  <th scope="col">{staffUi.colExpires}</th>
                </tr>
              </thead>
              <tbody>
                {list.invitations.map((invitation) => (
                  <tr key={`${invitation.email}-${invitation.expiresAt}`}>
                    <th scope="row">{invitation.email}</th>
                    <td>{roleLabels[invitation.role]}</td>
                    <td>
                      <time dateTime={invitation.expiresAt}>
                        {new Date(invitation.expiresAt).toLocaleString()}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">{staffUi.noInvitations}</p>
        )}
        <ConfirmDialog
          open={asking !== null}
          title={asking?.active ? staffUi.deactivateTitle : staffUi.reactivateTitle}
          confirmLabel={asking?.active ? staffUi.deactivate : staffUi.reactivate}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const member = asking;
            setAsking(null);
            if (member) void change(member, { active: !member.active });
          }}
        >
          {(asking?.active ? staffUi.deactivateBody : staffUi.reactivateBody).replace(
            '{email}',
            asking?.email ?? '',
          )}
        </ConfirmDialog>
      </section>
      <InviteForm token={token} courses={courses} onInvited={() => void reload()} />
    </>
  );
}
