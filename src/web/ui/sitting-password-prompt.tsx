/**
 * The student's sitting password prompt (issue 32 item 4), shown before the problem when the
 * server answers "password needed" or "wrong password" (contract/access-rules.ts
 * isPasswordRefusal). `submit` repeats the refused call with the typed password; its refusal
 * (a wrong password, the throttle's wait) is shown here and the student may try again.
 */
import { useState, type FormEvent } from 'react';
import { accessMessages as text } from '../../contract/access-rules.ts';
import { TextField } from './text-field.tsx';
import './access-rules.css';

type Props = {
  /** Why it is asked: the server's message (needed, or the last try was wrong). */
  message: string;
  submit: (password: string) => Promise<void>;
};

export function SittingPasswordPrompt({ message, submit }: Props) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await submit(password);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  const shown = refusal ?? message;
  return (
    <form
      className="card password-prompt"
      aria-labelledby="sitting-password-title"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <h2 id="sitting-password-title" className="dialog__title">
        {text.promptTitle}
      </h2>
      <p role="alert" className={shown === text.passwordNeeded ? undefined : 'field__hint--error'}>
        {shown}
      </p>
      <TextField
        label={text.promptLabel}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        name="sitting-password"
        required
        autoFocus
      />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy || password === ''}>
          {busy ? text.promptChecking : text.promptSubmit}
        </button>
      </div>
    </form>
  );
}
