/**
 * Step 2 (spec §2, §5): the test code field and Start Test. The code is trimmed; the token is
 * checked at the moment of the click, because a student may leave the page open overnight, so an
 * expired token logs out and shows 'Please Sign in first'; an empty code does nothing.
 */
import { useState, type FormEvent } from 'react';
import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';
import { currentValidSession } from '../../session/index.ts';
import { showError } from '../../ui/toast.ts';
import { TextField } from '../../ui/text-field.tsx';

type Props = {
  /** Called with the trimmed, non-empty code of a signed-in student. */
  onStart: (code: string) => void;
};

export function TestCodeForm({ onStart }: Props) {
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!currentValidSession()) {
      showError(messages.signInFirst);
      return;
    }
    const trimmed = code.trim();
    if (trimmed === '') return;
    onStart(trimmed);
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField
        label={messages.fieldTestCode}
        name="testCode"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button button--primary button--block">
        {messages.startTest}
      </button>
    </form>
  );
}
