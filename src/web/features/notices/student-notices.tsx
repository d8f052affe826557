/**
 * The student's notices panel (issue 32 item 5), on the compiler page of a challenge and on the
 * exam screen: a bar with a toggle and a "new" badge, and, opened, the announcements and
 * questions newest first and the "Ask a question" form. Arrivals are said once through a polite
 * live region, so a screen reader hears them without losing its place; the panel never opens by
 * itself, so the student's work is not pushed down the page. Opening it marks all as seen.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { noticeMessages, type StudentNotices } from '../../../contract/notices.ts';
import type { NoticesViewProps } from '../../ui/notices-view.ts';
import { AskQuestionForm } from './ask-question-form.tsx';
import { feedOf, newsSince, type FeedEntry } from './notice-feed.ts';
import { NoticeBody, NoticeHead } from './notice-parts.tsx';
import { useStudentNotices } from './use-student-notices.ts';
import './notices.css';

/** What the live region says about a list that brought news since the previous one. */
function arrivalText(previous: StudentNotices | null, next: StudentNotices): string {
  const since = previous?.cursor ?? 0;
  const news = newsSince(next, since);
  if (news.announcements > 0) return noticeMessages.newAnnouncement;
  if (news.answers > 0) return noticeMessages.newAnswer;
  return '';
}

export function StudentNoticesPanel({
  cacheKey,
  load,
  ask,
  problems,
  cursor,
  markdownView,
}: NoticesViewProps) {
  const { notices, seen, offline, markSeen, refresh } = useStudentNotices({
    cacheKey,
    load,
    cursor,
  });
  const [open, setOpen] = useState(false);
  const [arrival, setArrival] = useState('');
  const previous = useRef<StudentNotices | null>(null);
  const bodyId = useId();

  useEffect(() => {
    if (!notices) return;
    // The first list of the page is not an arrival: the badge tells what is new in it.
    if (previous.current && notices.cursor !== previous.current.cursor)
      setArrival(arrivalText(previous.current, notices));
    previous.current = notices;
    if (open) markSeen(notices.cursor);
  }, [notices, open, markSeen]);

  const news = notices ? newsSince(notices, seen) : { announcements: 0, answers: 0 };
  const fresh = news.announcements + news.answers;
  const feed = useMemo(() => (notices ? feedOf(notices) : []), [notices]);

  return (
    <section className="notices" aria-label={noticeMessages.panelTitle} data-testid="notices">
      <div className="notices__bar">
        <button
          type="button"
          className="notices__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
          data-testid="notices-toggle"
        >
          <span aria-hidden="true" className="notices__chevron">
            {open ? '▾' : '▸'}
          </span>
          {noticeMessages.panelTitle}
          {fresh > 0 ? (
            <span className="notices__badge" data-testid="notices-badge">
              {noticeMessages.newCount.replace('{count}', String(fresh))}
            </span>
          ) : null}
        </button>
        <p className="notices__arrival" aria-live="polite" data-testid="notices-arrival">
          {fresh > 0 ? arrival : ''}
        </p>
      </div>
      {open ? (
        <div id={bodyId} className="notices__body">
          <div className="notices__feed">
            {offline ? <p className="muted">{noticeMessages.offlineCopy}</p> : null}
            {feed.length === 0 ? (
              <p className="muted">{notices ? noticeMessages.nothingYet : ''}</p>
            ) : (
              <ol className="notices__list">
                {feed.map((entry) => (
                  <li
                    key={`${entry.kind}-${entry.latest}`}
                    className={entry.latest > seen ? 'notice-item notice-item--new' : 'notice-item'}
                    data-testid="notice"
                  >
                    <Entry entry={entry} view={markdownView} />
                  </li>
                ))}
              </ol>
            )}
          </div>
          <AskQuestionForm problems={problems} ask={ask} onAsked={refresh} />
        </div>
      ) : null}
    </section>
  );
}

function Entry({ entry, view }: { entry: FeedEntry; view: NoticesViewProps['markdownView'] }) {
  if (entry.kind === 'announcement')
    return (
      <>
        <NoticeHead label={noticeMessages.announcementLabel} at={entry.announcement.createdAt} />
        <NoticeBody body={entry.announcement.body} view={view} />
      </>
    );
  const { question } = entry;
  return (
    <>
      <NoticeHead
        label={question.mine ? noticeMessages.yourQuestion : noticeMessages.questionToAll}
        at={question.createdAt}
        extra={question.challengeName ?? question.challengeId ?? undefined}
      />
      <NoticeBody body={question.body} view={view} />
      {question.answers.length === 0 ? (
        <p className="muted notice__waiting">{noticeMessages.waitingForAnswer}</p>
      ) : (
        <ul className="notice__answers">
          {question.answers.map((answer) => (
            <li key={answer.id} className="notice__answer">
              <NoticeHead
                label={answer.toAll ? noticeMessages.answerToAll : noticeMessages.answerToYou}
                at={answer.createdAt}
              />
              <NoticeBody body={answer.body} view={view} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
