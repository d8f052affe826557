/**
 * A course's enrolment code (contract/enrolment-codes.ts): every member of the course's staff
 * reads and copies it (assistants hand it out in labs); owners and teachers generate, regenerate
 * (a new code; the old one stops working) or turn it off, each change confirmed first because a
 * code already handed out stops working. The section a code puts students in is chosen when the
 * code is generated.
 */
import { useState } from 'react';
import type { Course } from '../../../contract/courses.ts';
import { messages } from '../../../contract/messages.ts';
import { courseUi, enrolmentCodeUi as ui } from '../../../contract/staff-ui.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { DialogError, failureText } from './course-dialogs.tsx';
import { generateEnrolmentCode, turnOffEnrolmentCode } from './courses-api.ts';

type Confirming = 'regenerate' | 'turn-off' | null;

export function EnrolmentCodeDialog({
  token,
  course,
  canWrite,
  onClose,
  onChanged,
}: {
  token: string;
  course: Course;
  canWrite: boolean;
  onClose: () => void;
  onChanged: (course: Course) => void;
}) {
  const current = course.enrolmentCode;
  const sectionName = (id: string | null) => course.sections.find((s) => s.id === id)?.name;
  const [section, setSection] = useState(sectionName(current?.sectionId ?? null) ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  async function call(run: () => Promise<{ message: string; course: Course }>) {
    setBusy(true);
    setError(null);
    try {
      const answer = await run();
      showSuccess(answer.message);
      onChanged(answer.course);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  const generate = () => {
    const sectionId = course.sections.find((s) => s.name === section)?.id ?? null;
    void call(() => generateEnrolmentCode(token, course.id, sectionId));
  };

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      showSuccess(ui.copied);
    } catch {
      showError(ui.copyFailed);
    }
  }

  const into = current ? sectionName(current.sectionId) : undefined;
  return (
    <>
      <FormDialog
        open
        title={ui.title.replace('{code}', course.code)}
        description={ui.intro.replace('{code}', course.code)}
        onClose={onClose}
      >
        {current ? (
          <div className="enrolment-code">
            <p className="enrolment-code__label">{ui.codeLabel}</p>
            <p className="enrolment-code__value" data-testid="enrolment-code">
              {current.code}
            </p>
            <p className="muted">
              {into ? ui.intoSection.replace('{section}', into) : ui.noSection}
            </p>
            <div className="actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void copy(current.code)}
              >
                {ui.copy}
              </button>
            </div>
          </div>
        ) : (
          <p className="muted">{ui.off}</p>
        )}
        {canWrite && course.sections.length > 0 ? (
          <SelectField
            label={ui.fieldSection}
            name="enrolmentSection"
            value={section}
            options={course.sections.map((s) => s.name)}
            placeholder={ui.noSectionChoice}
            onChange={(event) => setSection(event.target.value)}
          />
        ) : null}
        <DialogError error={error} />
        <div className="actions actions--end">
          {canWrite && current ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setConfirming('turn-off')}
            >
              {ui.turnOff}
            </button>
          ) : null}
          {canWrite ? (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => (current ? setConfirming('regenerate') : generate())}
            >
              {busy ? messages.working : current ? ui.regenerate : ui.generate}
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={onClose}>
            {courseUi.close}
          </button>
        </div>
      </FormDialog>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'turn-off' ? ui.turnOffTitle : ui.regenerateTitle}
        confirmLabel={confirming === 'turn-off' ? ui.turnOff : ui.regenerate}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const what = confirming;
          setConfirming(null);
          if (what === 'turn-off') void call(() => turnOffEnrolmentCode(token, course.id));
          else generate();
        }}
      >
        {(confirming === 'turn-off' ? ui.turnOffBody : ui.regenerateBody).replace(
          '{code}',
          current?.code ?? '',
        )}
      </ConfirmDialog>
    </>
  );
}
