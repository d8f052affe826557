/**
 * The one-time password sheet (issue 33, accounts without mail): for a course, or one section of
 * it, staff make one-time passwords for its students (by default only those who have not chosen
 * a password) after a confirmation, and get one slip per student to print on A4 and cut out:
 * name, Student ID when known, login email, the password, the portal's address, the expiry and
 * what to do. The passwords exist only in this page's memory: leaving it loses them, which the
 * confirmation says. Printing shows the sheet alone (credential-sheet.css).
 */
import { useEffect, useId, useState } from 'react';
import type { Course } from '../../../contract/courses.ts';
import { credentialsUi } from '../../../contract/credentials-ui.ts';
import { messages } from '../../../contract/messages.ts';
import {
  SHEET_SCOPES,
  type SheetResponse,
  type SheetScope,
} from '../../../contract/one-time-passwords.ts';
import { fetchCourses } from '../../lib/staff-self.ts';
import { ChoiceField } from '../../ui/choice-field.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';
import type { CourseScope } from './course-scope-fields.tsx';
import { localTime } from './copy-text.ts';
import { makeSheet } from './students-api.ts';
import { SheetSlips } from './sheet-slips.tsx';
import './credential-sheet.css';

const scopeLabels: Record<SheetScope, string> = {
  unclaimed: credentialsUi.whoUnclaimed,
  all: credentialsUi.whoAll,
};

type Props = { token: string; scope: CourseScope; onBack: () => void };

export function CredentialSheet({ token, scope, onBack }: Props) {
  const [courses, setCourses] = useState<Course[] | null>(null);
  const [who, setWho] = useState<SheetScope>('unclaimed');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sheet, setSheet] = useState<SheetResponse | null>(null);
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchCourses(token, controller.signal).then(setCourses, (error: unknown) => {
      if (!controller.signal.aborted) showFailure(error);
    });
    return () => controller.abort();
  }, [token]);

  const course = courses?.find((c) => c.id === scope.courseId);
  const section = course?.sections.find((s) => s.id === scope.sectionId);
  const target = course
    ? `${course.code} — ${course.title}${section ? `, ${section.name}` : ''}`
    : '';

  async function generate() {
    if (!scope.courseId) return;
    setConfirming(false);
    setBusy(true);
    try {
      const made = await makeSheet(token, scope.courseId, {
        students: who,
        ...(scope.sectionId ? { sectionId: scope.sectionId } : {}),
      });
      setSheet(made);
      showSuccess(made.message);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="dash-section otp-sheet-view">
      <div className="dash-section__header otp-sheet__controls">
        <h2 id={headingId} className="dash-section__title">
          {credentialsUi.sheetTitle}
        </h2>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {credentialsUi.back}
        </button>
      </div>
      <div className="otp-sheet__controls otp-sheet__form">
        <p className="muted">{credentialsUi.sheetIntro}</p>
        {!scope.courseId ? (
          <p role="alert">{credentialsUi.chooseCourseFirst}</p>
        ) : (
          <>
            <p>
              <strong>
                {credentialsUi.sheetFor.replace('{course}', target || credentialsUi.sheetWhole)}
              </strong>
            </p>
            <div className="filters">
              <ChoiceField
                label={credentialsUi.fieldWho}
                name="students"
                value={who}
                order={SHEET_SCOPES}
                labels={scopeLabels}
                onChange={setWho}
              />
            </div>
            <div className="actions">
              <button
                type="button"
                className="button button--primary"
                disabled={busy || course === undefined}
                onClick={() => setConfirming(true)}
              >
                {busy ? messages.working : credentialsUi.generate}
              </button>
              {sheet && sheet.slips.length > 0 ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => window.print()}
                >
                  {credentialsUi.print}
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
      {sheet && sheet.slips.length > 0 ? (
        <SheetSlips sheet={sheet} expires={localTime(sheet.expiresAt)} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={credentialsUi.confirmTitle}
        confirmLabel={credentialsUi.confirm}
        onConfirm={() => void generate()}
        onCancel={() => setConfirming(false)}
      >
        <strong>{target}</strong> — {credentialsUi.confirmBody}
      </ConfirmDialog>
    </section>
  );
}
