import { useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { lowerCaseAsTyped } from './lower-case-as-typed.ts';
import { useAuthSubmit } from './use-auth-submit.ts';

/** Step 1, Sign Up tab: name, email, password and the spec's hint about remembering it. */
export function SignUpForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, onSubmit } = useAuthSubmit(() => ({
    name: name.trim(),
    email: email.trim(),
    password,
  }));

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <TextField
        label={messages.fieldName}
        name="name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => setName(lowerCaseAsTyped(event))}
      />
      <EmailField value={email} onChange={(event) => setEmail(lowerCaseAsTyped(event))} />
      <TextField
        label={messages.fieldPassword}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={messages.signUpHint}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? messages.working : messages.signUp}
      </button>
    </form>
  );
}
