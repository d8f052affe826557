/**
 * Staff's feedback on one of the student's submissions (issue 34 item 4): the note, rendered by
 * the statement's renderer (Markdown, sanitised: features/statement, handed down by the route),
 * and each comment beside the line of the code it is about, with who wrote it and when.
 */
import type { StudentFeedback } from '../../../contract/submission-feedback.ts';
import { feedbackMessages } from '../../../contract/submission-feedback.ts';
import type { StatementView } from '../../ui/statement-view.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

const byLine = (author: string, createdAt: string, updatedAt: string) =>
  feedbackMessages.byAuthor.replace('{author}', author).replace('{time}', when(createdAt)) +
  (updatedAt !== createdAt ? ` · ${feedbackMessages.edited}` : '');

export function SubmissionFeedback({
  feedback,
  code,
  statementView: Rendered,
}: {
  feedback: StudentFeedback;
  code: string;
  statementView: StatementView;
}) {
  const lines = code.split('\n');
  return (
    <div className="submission-feedback" data-testid="submission-feedback">
      {feedback.note ? (
        <section aria-label={feedbackMessages.feedbackHeading}>
          <h3 className="submission-feedback__heading">{feedbackMessages.feedbackHeading}</h3>
          <Rendered markdown={feedback.note.markdown} />
          <p className="muted submission-feedback__by">
            {byLine(feedback.note.author, feedback.note.createdAt, feedback.note.updatedAt)}
          </p>
        </section>
      ) : null}
      {feedback.comments.length > 0 ? (
        <section aria-label={feedbackMessages.commentsOnCode}>
          <h3 className="submission-feedback__heading">{feedbackMessages.commentsOnCode}</h3>
          <ul className="submission-feedback__comments">
            {feedback.comments.map((c) => (
              <li key={c.commentId} data-testid="line-comment">
                <span className="submission-feedback__line">
                  {feedbackMessages.commentOnLine.replace('{line}', String(c.line))}
                </span>
                <code className="submission-feedback__code">{lines[c.line - 1] ?? ''}</code>
                <p className="submission-feedback__body">{c.body}</p>
                <p className="muted submission-feedback__by">
                  {byLine(c.author, c.createdAt, c.updatedAt)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
