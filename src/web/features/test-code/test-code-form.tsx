/**
 * Step 2 (spec §2, §5): the test code field and Start Test. The code is trimmed; the token is
 * checked at the moment of the click, because a student may leave the page open overnight, so an
 * expired token logs out and shows 'Please Sign in first'; an empty code does nothing. A code may
 * name an exam or a challenge (issue 31): the lookup (test-code-lookup.ts, loaded on the first
 * press) says which; one it cannot tell opens the challenge's test screen as before. A course's
 * enrolment code (issue 33, join-course.ts) typed here enrols the student, who is told so and
 * stays on this step to type a test code; one the server does not know goes on as a test code.
 */
import { useState, type FormEvent } from 'react';
import type { TestCodeResponse } from '../../../contract/exams.ts';
import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';
import { currentValidSession } from '../../session/index.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { showError, showSuccess } from '../../ui/toast.ts';
import { TextField } from '../../ui/text-field.tsx';

// A chunk that cannot be fetched (offline before the service worker cached it) is no answer:
// the code opens the challenge's test screen, as before there were exams.
const loadLookup = () => import('./test-code-lookup.ts').catch(() => undefined);

type Props = {
  /** Called with what the trimmed, non-empty code of a signed-in student names. */
  onStart: (target: TestCodeResponse) => void;
};

export function TestCodeForm({ onStart }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const session = currentValidSession();
    if (!session) {
      showError(messages.signInFirst);
      return;
    }
    const trimmed = code.trim();
    if (trimmed === '') return;
    setBusy(true);
    try {
      const lookup = await loadLookup();
      const joined = lookup ? await lookup.joinCourseByCode(session, trimmed) : undefined;
      if (joined !== undefined) {
        showSuccess(joined);
        setCode('');
        return;
      }
      onStart(
        lookup
          ? await lookup.lookUpTestCode(session, trimmed)
          : { kind: 'challenge', challengeId: trimmed },
      );
    } catch (error) {
      // The server refused the session: signed out here too, and step 1 shows again.
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <TextField
        label={messages.fieldTestCode}
        name="testCode"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {messages.startTest}
      </button>
    </form>
  );
}
