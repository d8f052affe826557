/**
 * The dashboard's Exams view (`/adminDash?view=exams`): every exam with its code, title (and an
 * Archived tag), window (in the portal's time zone, named in the header), duration, problems and
 * how many students started, and its status (Draft, Published, Stopped) with the action that
 * moves it on (a new exam is a draft: students cannot find it until it is published); each row
 * links to its form, its results and its preview. Delete asks first; an
 * exam students have submitted in cannot be deleted (the server answers 409 examHasSubmissions),
 * so it offers Archive instead, which keeps every submission, and an archived exam can be
 * restored. Staff who may write in another course can move an exam there, its problems with it
 * ("Move to course…", ui/move-to-course.tsx).
 */
import { Link } from '@tanstack/react-router';
import { noticeMessages } from '../../../contract/notices.ts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ExamSummary } from '../../../contract/exams.ts';
import { sittingMessages, type SittingState } from '../../../contract/sittings.ts';
import { messages } from '../../../contract/messages.ts';
import { proctorMessages } from '../../../contract/proctor.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LifecycleActions, LifecycleStatus } from '../../ui/lifecycle-actions.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';
import { changeExamLifecycle, deleteExam, listExams, setExamArchived } from './exams-api.ts';
import { PreviewLink } from './preview-link.tsx';
import { AccessRulesButton } from '../../ui/access-rules-dialog.tsx';
import { examAccessRulesPath } from '../../../contract/access-rules.ts';
import { examCoursePath } from '../../../contract/course-moves.ts';
import { useWritableCourses } from '../../lib/staff-self.ts';
import { MoveToCourseButton } from '../../ui/move-to-course.tsx';
import './exams.css';

type Asking = { kind: 'delete' | 'archive'; exam: ExamSummary };

/** Whether Delete is worth offering: an exam with submissions can only be archived. */
const deletable = (exam: ExamSummary) => !exam.hasSubmissions;

export function ExamList({ token }: { token: string }) {
  const [exams, setExams] = useState<ExamSummary[] | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);
  const courses = useWritableCourses(token);

  const reload = useCallback(
    () =>
      listExams(token).then(
        (list) => setExams(list),
        (error: unknown) => showFailure(error),
      ),
    [token],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  async function confirm() {
    if (!asking || busy) return;
    const { kind, exam } = asking;
    setBusy(true);
    try {
      if (kind === 'delete') {
        await deleteExam(token, exam.examCode);
        showSuccess(messages.examDeleted);
      } else {
        await setExamArchived(token, exam.examCode, true);
        showSuccess(messages.examArchivedDone);
      }
      setAsking(null);
      await reload();
    } catch (error) {
      // Someone submitted since the list loaded: archiving is what is left to offer.
      if (kind === 'delete' && error instanceof ApiError && error.status === 409) {
        setAsking({ kind: 'archive', exam });
        void reload();
      } else {
        setAsking(null);
        showFailure(error);
      }
    } finally {
      setBusy(false);
    }
  }

  function replaceState(examCode: string, state: SittingState) {
    setExams(
      (list) => list?.map((e) => (e.examCode === examCode ? { ...e, ...state } : e)) ?? null,
    );
  }

  async function restore(exam: ExamSummary) {
    try {
      await setExamArchived(token, exam.examCode, false);
      showSuccess(messages.examRestored);
      await reload();
    } catch (error) {
      showFailure(error);
    }
  }

  return (
    <section aria-labelledby="exams-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="exams-heading" className="dash-section__title">
          {messages.examsTitle}
        </h2>
        <Link to="/adminDash" search={{ view: 'add-exam' }} className="button button--primary">
          {messages.newExam}
        </Link>
      </div>
      <p className="muted">{messages.examsIntro}</p>
      {exams === null ? (
        <p className="muted">{messages.loading}</p>
      ) : exams.length === 0 ? (
        <p className="muted">{messages.noExams}</p>
      ) : (
        <div className="table-wrap">
          <table className="table exam-list" data-testid="exam-list">
            <caption className="visually-hidden">{messages.examsTableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{messages.colExamCode}</th>
                <th scope="col">{messages.colExamTitle}</th>
                <th scope="col">
                  {messages.colExamWindow}{' '}
                  {/* One portal, one zone: every exam's window is read in it. */}
                  <span className="exam-list__zone">({exams[0]?.timeZone})</span>
                </th>
                <th scope="col" className="data-table__numeric">
                  {messages.colExamDuration}
                </th>
                <th scope="col">{messages.colExamProblems}</th>
                <th scope="col" className="data-table__numeric">
                  {messages.colExamStarted}
                </th>
                <th scope="col">{sittingMessages.statusColumn}</th>
                <th scope="col">{messages.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {exams.map((exam) => (
                <ExamRow
                  key={exam.examCode}
                  exam={exam}
                  onDelete={() => setAsking({ kind: deletable(exam) ? 'delete' : 'archive', exam })}
                  onRestore={() => void restore(exam)}
                  accessRules={
                    <AccessRulesButton
                      name={exam.examCode}
                      path={examAccessRulesPath(exam.examCode)}
                      token={token}
                      className="link-button"
                    />
                  }
                  move={
                    <MoveToCourseButton
                      name={exam.examCode}
                      courseId={exam.courseId}
                      path={examCoursePath(exam.examCode)}
                      exam
                      token={token}
                      courses={courses}
                      onMoved={() => void reload()}
                      className="link-button"
                    />
                  }
                  status={
                    <>
                      <LifecycleStatus state={exam} />
                      {exam.archived ? null : (
                        <LifecycleActions
                          name={exam.examCode}
                          state={exam}
                          change={(action) => changeExamLifecycle(token, exam.examCode, action)}
                          onChange={(state) => replaceState(exam.examCode, state)}
                        />
                      )}
                    </>
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.kind === 'archive'
            ? messages.confirmArchiveExamTitle
            : messages.confirmDeleteExamTitle
        }
        confirmLabel={asking?.kind === 'archive' ? messages.confirmArchive : messages.confirmDelete}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        <strong>{asking?.exam.examCode}</strong> —{' '}
        {asking?.kind === 'archive'
          ? messages.confirmArchiveExamText
          : messages.confirmDeleteExamText}
      </ConfirmDialog>
    </section>
  );
}

function ExamRow({
  exam,
  onDelete,
  onRestore,
  status,
  accessRules,
  move,
}: {
  exam: ExamSummary;
  onDelete: () => void;
  onRestore: () => void;
  /** The "Access rules" action (issue 32 item 4). */
  accessRules: ReactNode;
  /** "Move to course…" (issue 33), when the member may. */
  move: ReactNode;
  /** The lifecycle's badge and actions. */
  status: ReactNode;
}) {
  const code = exam.examCode;
  const label = (text: string) => text.replace('{code}', code);
  return (
    <tr data-testid="exam-row" data-exam={code}>
      <th scope="row" className="challenge-list__code">
        <Link
          to="/adminDash"
          search={{ view: 'edit-exam', exam: code }}
          className="link mono"
          aria-label={label(messages.editExamLabel)}
        >
          {code}
        </Link>
      </th>
      <td className="exam-list__title">
        {exam.title}
        {exam.archived ? (
          <>
            {' '}
            <span className="tag" data-testid="exam-archived">
              {messages.colExamArchived}
            </span>
          </>
        ) : null}
      </td>
      <td className="challenge-list__dates">
        <span>{`${exam.startDate} ${exam.startTime} –`}</span>{' '}
        <span>{`${exam.endDate} ${exam.endTime}`}</span>
      </td>
      <td className="data-table__numeric">
        {messages.examDurationText.replace('{minutes}', String(exam.durationMinutes))}
      </td>
      <td>
        {messages.examProblemsText
          .replace('{count}', String(exam.slotCount))
          .replace('{points}', String(exam.totalPoints))}
      </td>
      <td className="data-table__numeric">{exam.studentsStarted}</td>
      <td className="exam-list__status">{status}</td>
      <td>
        <div className="exam-list__actions">
          <Link
            to="/adminDash"
            search={{ view: 'edit-exam', exam: code }}
            className="link"
            aria-label={label(messages.editExamLabel)}
          >
            {messages.editExam}
          </Link>
          <Link
            to="/adminDash"
            search={{ view: 'results', exam: code }}
            className="link"
            aria-label={label(messages.examResultsLinkLabel)}
          >
            {messages.examResultsLink}
          </Link>
          <Link
            to="/adminDash"
            search={{ view: 'notices', exam: code }}
            className="link"
            aria-label={noticeMessages.noticesLinkLabel.replace('{name}', code)}
          >
            {noticeMessages.noticesLink}
          </Link>
          <Link
            to="/adminDash"
            search={{ view: 'proctor', exam: code }}
            className="link"
            aria-label={proctorMessages.examLinkLabel.replace('{code}', code)}
          >
            {proctorMessages.linkLabel}
          </Link>
          <PreviewLink examCode={code} compact />
          {accessRules}
          {move}
          {exam.archived ? (
            <button
              type="button"
              className="link-button"
              aria-label={label(messages.restoreExamLabel)}
              onClick={onRestore}
            >
              {messages.restoreExam}
            </button>
          ) : (
            <button
              type="button"
              className="link-button link-button--danger"
              aria-label={label(
                deletable(exam) ? messages.deleteExamLabel : messages.archiveExamLabel,
              )}
              onClick={onDelete}
            >
              {deletable(exam) ? messages.deleteExam : messages.archiveExam}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
