/**
 * The Feedback tab of the submissions dialog (issue 34 item 4): the note for the student
 * (Markdown, previewed by the statement's renderer, which sanitises it, when the route hands it
 * down) and comments on lines of the code, each with its author and time; one's own comments can
 * be edited and deleted. Every call answers the whole feedback, which replaces what is shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  feedbackMessages,
  type StaffComment,
  type SubmissionFeedback,
} from '../../../contract/submission-feedback.ts';
import { messages } from '../../../contract/messages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import type { StatementView } from '../../ui/statement-view.ts';
import { FeedbackCodeLines } from './feedback-code-lines.tsx';
import { dateTime } from './format.ts';
import { addComment, deleteComment, editComment, fetchFeedback, saveNote } from './grading-api.ts';

type Props = {
  token: string;
  submissionId: string;
  code: string;
  statementView?: StatementView | undefined;
};

const authored = (c: { author: string; createdAt: string; updatedAt: string }) =>
  feedbackMessages.byAuthor.replace('{author}', c.author).replace('{time}', dateTime(c.createdAt)) +
  (c.updatedAt !== c.createdAt ? ` · ${feedbackMessages.edited}` : '');

export function FeedbackPanel({ token, submissionId, code, statementView: Preview }: Props) {
  const [feedback, setFeedback] = useState<SubmissionFeedback>();
  const [note, setNote] = useState('');
  const [line, setLine] = useState('1');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = useMemo(() => code.split('\n'), [code]);
  const commentBox = useRef<HTMLTextAreaElement>(null);
  const counts = useMemo(() => {
    const perLine = new Map<number, number>();
    for (const c of feedback?.comments ?? []) perLine.set(c.line, (perLine.get(c.line) ?? 0) + 1);
    return perLine;
  }, [feedback]);

  useEffect(() => {
    let live = true;
    fetchFeedback(token, submissionId).then(
      (answer) => {
        if (!live) return;
        setFeedback(answer);
        setNote(answer.note?.markdown ?? '');
      },
      (error: unknown) => {
        if (live) showFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [token, submissionId]);

  /** Runs a call; its answer is the feedback as stored. True when it worked. */
  async function send(call: () => Promise<SubmissionFeedback>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      setFeedback(await call());
      showSuccess(done);
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (!feedback) return <p className="muted">{messages.loading}</p>;
  return (
    <div className="feedback-panel" data-testid="feedback-panel">
      <form
        className="feedback-panel__note"
        onSubmit={(event) => {
          event.preventDefault();
          void send(() => saveNote(token, submissionId, note), feedbackMessages.noteSaved);
        }}
      >
        <TextAreaField
          label={feedbackMessages.noteLabel}
          hint={feedbackMessages.noteHint}
          rows={5}
          value={note}
          maxLength={20_000}
          onChange={(event) => setNote(event.target.value)}
        />
        {Preview && note.trim() !== '' ? (
          <div
            className="feedback-panel__preview"
            aria-label={feedbackMessages.preview}
            role="group"
          >
            <p className="field__label">{feedbackMessages.preview}</p>
            <Preview markdown={note} />
          </div>
        ) : null}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {feedbackMessages.saveNote}
          </button>
          {feedback.note ? <span className="muted">{authored(feedback.note)}</span> : null}
        </div>
      </form>

      <h4 className="feedback-panel__heading">{feedbackMessages.commentsHeading}</h4>
      {feedback.comments.length === 0 ? (
        <p className="muted">{feedbackMessages.noComments}</p>
      ) : (
        <ul className="feedback-panel__comments">
          {feedback.comments.map((c) => (
            <CommentItem
              key={c.commentId}
              comment={c}
              codeLine={lines[c.line - 1] ?? ''}
              busy={busy}
              onEdit={(text) =>
                send(
                  () => editComment(token, submissionId, c.commentId, text),
                  feedbackMessages.commentSaved,
                )
              }
              onDelete={() =>
                void send(
                  () => deleteComment(token, submissionId, c.commentId),
                  feedbackMessages.commentDeleted,
                )
              }
            />
          ))}
        </ul>
      )}
      <FeedbackCodeLines
        lines={lines}
        selected={Number(line)}
        counts={counts}
        onChoose={(chosen) => {
          setLine(String(chosen));
          commentBox.current?.focus();
        }}
      />
      <form
        className="feedback-panel__new"
        onSubmit={(event) => {
          event.preventDefault();
          void send(
            () => addComment(token, submissionId, Number(line), body),
            feedbackMessages.commentAdded,
          ).then((ok) => {
            if (ok) setBody('');
          });
        }}
      >
        <label className="field feedback-panel__line">
          <span className="field__label">{feedbackMessages.lineLabel}</span>
          <input
            className="field__input"
            type="number"
            min={1}
            max={lines.length}
            required
            value={line}
            onChange={(event) => setLine(event.target.value)}
          />
        </label>
        <p className="feedback-panel__code" aria-live="polite">
          <code>{lines[Number(line) - 1] ?? ''}</code>
        </p>
        <TextAreaField
          ref={commentBox}
          label={feedbackMessages.commentLabel}
          rows={2}
          required
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={busy}>
            {feedbackMessages.addComment}
          </button>
        </div>
      </form>
    </div>
  );
}

function CommentItem({
  comment,
  codeLine,
  busy,
  onEdit,
  onDelete,
}: {
  comment: StaffComment;
  codeLine: string;
  busy: boolean;
  onEdit: (body: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <li className="feedback-panel__comment" data-testid="staff-comment">
      <p className="feedback-panel__where">
        <strong>{feedbackMessages.commentOnLine.replace('{line}', String(comment.line))}</strong>{' '}
        <code>{codeLine}</code>
      </p>
      {editing === null ? (
        <p className="feedback-panel__body">{comment.body}</p>
      ) : (
        <TextAreaField
          label={feedbackMessages.commentLabel}
          rows={2}
          value={editing}
          onChange={(event) => setEditing(event.target.value)}
        />
      )}
      <p className="muted">{authored(comment)}</p>
      {comment.mine ? (
        <div className="actions">
          {editing === null ? (
            <>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => setEditing(comment.body)}
              >
                {feedbackMessages.editComment}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={onDelete}
              >
                {feedbackMessages.deleteComment}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() =>
                  void onEdit(editing).then((ok) => {
                    if (ok) setEditing(null);
                  })
                }
              >
                {feedbackMessages.saveComment}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setEditing(null)}
              >
                {feedbackMessages.cancel}
              </button>
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}
