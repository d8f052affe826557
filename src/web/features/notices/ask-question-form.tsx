/** The student's "Ask a question" form: about one problem of the sitting, or general. */
import { useId, useState, type FormEvent } from 'react';
import {
  noticeMessages,
  QUESTION_MAX_CHARS,
  type NoticeCreated,
  type QuestionRequest,
} from '../../../contract/notices.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';

type Props = {
  problems: readonly { challengeId: string; name: string }[];
  ask: (question: QuestionRequest) => Promise<NoticeCreated>;
  onAsked: () => void;
};

export function AskQuestionForm({ problems, ask, onAsked }: Props) {
  const [about, setAbout] = useState('');
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const selectId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) {
      showError(noticeMessages.emptyNotice);
      return;
    }
    setSending(true);
    try {
      await ask({ body, challengeId: about || null });
      setBody('');
      showSuccess(noticeMessages.askSent);
      onAsked();
    } catch (error) {
      showFailure(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="notices__ask" onSubmit={(event) => void submit(event)}>
      <h3 className="notices__subheading">{noticeMessages.askHeading}</h3>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {noticeMessages.askProblem}
        </label>
        <select
          id={selectId}
          className="field__input field__select"
          value={about}
          onChange={(event) => setAbout(event.target.value)}
        >
          <option value="">{noticeMessages.askGeneral}</option>
          {problems.map((p) => (
            <option key={p.challengeId} value={p.challengeId}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <TextAreaField
        label={noticeMessages.askBody}
        hint={noticeMessages.askHint}
        value={body}
        rows={3}
        maxLength={QUESTION_MAX_CHARS}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="actions">
        <button type="submit" className="button button--secondary" disabled={sending}>
          {sending ? noticeMessages.askSending : noticeMessages.askSend}
        </button>
      </div>
    </form>
  );
}
