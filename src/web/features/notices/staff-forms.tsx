/** The staff's two forms: an announcement to everyone, and an answer to one question. */
import { useState, type FormEvent } from 'react';
import {
  ANNOUNCEMENT_MAX_CHARS,
  ANSWER_MAX_CHARS,
  noticeMessages,
  type NoticeAudience,
} from '../../../contract/notices.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';

/** Sends `body` (with `how`); on success clears the field and says `done`. */
function useSend<How>(send: (body: string, how: How) => Promise<unknown>, done: string) {
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  async function submit(how: How, event?: FormEvent) {
    event?.preventDefault();
    if (!body.trim()) {
      showError(noticeMessages.emptyNotice);
      return;
    }
    setSending(true);
    try {
      await send(body, how);
      setBody('');
      showSuccess(done);
    } catch (error) {
      showFailure(error);
    } finally {
      setSending(false);
    }
  }
  return { body, setBody, sending, submit };
}

export function AnnouncementForm({ onSend }: { onSend: (body: string) => Promise<unknown> }) {
  const { body, setBody, sending, submit } = useSend<null>(onSend, noticeMessages.staffAnnounced);
  return (
    <form className="notices__form" onSubmit={(event) => void submit(null, event)}>
      <TextAreaField
        label={noticeMessages.staffAnnounceBody}
        hint={noticeMessages.staffAnnounceHint}
        value={body}
        rows={3}
        maxLength={ANNOUNCEMENT_MAX_CHARS}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {noticeMessages.staffAnnounceSend}
        </button>
      </div>
    </form>
  );
}

export function AnswerForm({
  onSend,
}: {
  onSend: (body: string, audience: NoticeAudience) => Promise<unknown>;
}) {
  const { body, setBody, sending, submit } = useSend<NoticeAudience>(
    onSend,
    noticeMessages.staffAnswered,
  );
  // Enter in the field does not send: each button says who the answer goes to.
  return (
    <form className="notices__form" onSubmit={(event) => event.preventDefault()}>
      <TextAreaField
        label={noticeMessages.staffAnswerBody}
        hint={noticeMessages.staffAnswerAllHint}
        value={body}
        rows={2}
        maxLength={ANSWER_MAX_CHARS}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={sending}
          onClick={() => void submit('asker')}
        >
          {noticeMessages.staffAnswerAsker}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={sending}
          onClick={() => void submit('everyone')}
        >
          {noticeMessages.staffAnswerAll}
        </button>
      </div>
    </form>
  );
}
