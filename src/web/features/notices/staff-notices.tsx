/**
 * The staff's notices of one challenge or exam (issue 32 item 5): the questions, unanswered first
 * with their count, each with its asker and an answer form (the asker alone, or everyone), and
 * the announcement form with what was posted. Read again every few seconds while the tab is
 * shown, and at once after each post. Made of exported pieces, so the proctor view can show the
 * questions or the count inside its own screen.
 */
import { useCallback, useState } from 'react';
import {
  noticeMessages,
  type NoticeAudience,
  type NoticesTarget,
  type StaffNotices,
  type StaffQuestion,
} from '../../../contract/notices.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import { usePolling } from '../../ui/use-polling.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { NoticeBody, NoticeHead } from './notice-parts.tsx';
import { AnnouncementForm, AnswerForm } from './staff-forms.tsx';
import { fetchStaffNotices, postAnnouncement, postAnswer } from './staff-notices-api.ts';
import './notices.css';

const POLL_MS = 10_000;

const keyOf = (target: NoticesTarget) =>
  target.kind === 'challenge' ? `challenge:${target.challengeId}` : `exam:${target.examCode}`;

/** The staff's list of one sitting, polled, and a `reload` for after a post. */
export function useStaffNotices(token: string, target: NoticesTarget) {
  const polled = usePolling({
    key: `${token}|${keyOf(target)}`,
    active: true,
    intervalMs: POLL_MS,
    load: (signal) => fetchStaffNotices(token, target, signal),
  });
  const [reloaded, setReloaded] = useState<StaffNotices | null>(null);
  // The page keys this view by its sitting, so `target` does not change under it.
  const reload = useCallback(() => {
    fetchStaffNotices(token, target).then(setReloaded, showFailure);
  }, [token, target]);
  // Whichever was read last holds more (a notice is never removed, so the cursor only grows).
  const notices = reloaded && (!polled || reloaded.cursor >= polled.cursor) ? reloaded : polled;
  return { notices, reload };
}

export function StaffNoticesView({
  token,
  target,
  name,
  markdownView,
}: {
  token: string;
  target: NoticesTarget;
  /** The challenge's or exam's code, for the heading. */
  name: string;
  markdownView: StatementView;
}) {
  const { notices, reload } = useStaffNotices(token, target);
  const announce = async (body: string) => {
    await postAnnouncement(token, target, body);
    reload();
  };
  const answer = async (questionId: number, body: string, audience: NoticeAudience) => {
    await postAnswer(token, target, questionId, { body, audience });
    reload();
  };
  return (
    <section className="dash-section notices-staff" aria-labelledby="notices-heading">
      <div className="dash-section__header">
        <h2 id="notices-heading" className="dash-section__title">
          {noticeMessages.staffTitle.replace('{name}', name)}
        </h2>
        <UnansweredCount count={notices?.unanswered ?? 0} />
        <button type="button" className="button button--ghost" onClick={reload}>
          {noticeMessages.staffRefresh}
        </button>
      </div>
      <div className="notices-staff__columns">
        <section aria-labelledby="notices-questions" className="card notices-staff__column">
          <h3 id="notices-questions" className="notices__subheading">
            {noticeMessages.staffQuestionsHeading}
          </h3>
          <StaffQuestionList
            questions={notices?.questions ?? null}
            markdownView={markdownView}
            onAnswer={answer}
          />
        </section>
        <section aria-labelledby="notices-announce" className="card notices-staff__column">
          <h3 id="notices-announce" className="notices__subheading">
            {noticeMessages.staffAnnounceHeading}
          </h3>
          <AnnouncementForm onSend={announce} />
          <h3 className="notices__subheading">{noticeMessages.staffAnnouncementsHeading}</h3>
          {notices && notices.announcements.length === 0 ? (
            <p className="muted">{noticeMessages.staffNoAnnouncements}</p>
          ) : (
            <ol className="notices__list">
              {(notices?.announcements ?? []).map((a) => (
                <li key={a.id} className="notice-item" data-testid="staff-announcement">
                  <NoticeHead label={a.author} at={a.createdAt} />
                  <NoticeBody body={a.body} view={markdownView} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </section>
  );
}

/** "3 unanswered", highlighted while any is (the proctor view shows it too). */
export function UnansweredCount({ count }: { count: number }) {
  return (
    <span
      className={count > 0 ? 'notices__badge' : 'notices__badge notices__badge--quiet'}
      data-testid="unanswered-count"
    >
      {noticeMessages.staffUnanswered.replace('{count}', String(count))}
    </span>
  );
}

export function StaffQuestionList({
  questions,
  markdownView,
  onAnswer,
}: {
  questions: readonly StaffQuestion[] | null;
  markdownView: StatementView;
  onAnswer: (questionId: number, body: string, audience: NoticeAudience) => Promise<void>;
}) {
  if (questions === null) return null;
  if (questions.length === 0) return <p className="muted">{noticeMessages.staffNoQuestions}</p>;
  return (
    <ol className="notices__list">
      {questions.map((q) => (
        <li
          key={q.id}
          className={q.answers.length === 0 ? 'notice-item notice-item--new' : 'notice-item'}
          data-testid="staff-question"
        >
          <NoticeHead
            label={noticeMessages.staffAskedBy
              .replace('{name}', q.asker.name)
              .replace('{email}', q.asker.email)}
            at={q.createdAt}
            extra={
              <>
                {q.challengeName ?? q.challengeId ?? noticeMessages.staffGeneral}
                {q.answers.length === 0 ? (
                  <span className="notices__tag">{noticeMessages.staffUnansweredBadge}</span>
                ) : null}
              </>
            }
          />
          <NoticeBody body={q.body} view={markdownView} />
          {q.answers.length > 0 ? (
            <ul className="notice__answers">
              {q.answers.map((a) => (
                <li key={a.id} className="notice__answer">
                  <NoticeHead
                    label={a.toAll ? noticeMessages.answerToAll : noticeMessages.staffAnsweredAsker}
                    at={a.createdAt}
                    extra={a.author}
                  />
                  <NoticeBody body={a.body} view={markdownView} />
                </li>
              ))}
            </ul>
          ) : null}
          <AnswerForm onSend={(body, audience) => onAnswer(q.id, body, audience)} />
        </li>
      ))}
    </ol>
  );
}
