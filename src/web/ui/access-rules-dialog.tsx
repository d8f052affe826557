/**
 * "Access rules" in a row of the teacher's challenge or exam list (issue 32 item 4): a button
 * opening a dialog with the sitting's allowed networks (one CIDR range per line), its sitting
 * password (set, keep or remove; never shown back, the server only says whether one is set) and
 * the Safe Exam Browser Config Key. The server validates; its message is shown under the field it
 * concerns. The list says where the rules live (`path`, contract/access-rules.ts).
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  accessMessages as text,
  type AccessRulesView,
  type PasswordChange,
} from '../../contract/access-rules.ts';
import { readAccessRules, saveAccessRules } from '../lib/access-rules-api.ts';
import { ChoiceField } from './choice-field.tsx';
import { showFailure } from './show-failure.ts';
import { TextAreaField } from './text-area-field.tsx';
import { TextField } from './text-field.tsx';
import { showSuccess } from './toast.ts';
import './dialog.css';
import './access-rules.css';

type Props = {
  /** The test code the button and the dialog name. */
  name: string;
  /** The rules' address: challengeAccessRulesPath(id) or examAccessRulesPath(code). */
  path: string;
  token: string;
};

type PasswordChoice = PasswordChange['action'];
type Field = 'networks' | 'password' | 'seb' | 'form';

/** The field a server's validation message is about. */
function fieldOf(message: string): Field {
  if (message === text.invalidConfigKey) return 'seb';
  if (message === text.passwordTooShort) return 'password';
  if (message === text.tooManyNetworks || message.endsWith(text.invalidNetwork.split('”')[1] ?? ''))
    return 'networks';
  return 'form';
}

/** `className`: the button's look in its list (each list styles its row actions). */
export function AccessRulesButton({ name, path, token, className }: Props & { className: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={text.actionLabel.replace('{name}', name)}
        onClick={() => setOpen(true)}
      >
        {text.action}
      </button>
      <Dialog.Root
        open={open}
        lazyMount
        unmountOnExit
        onOpenChange={(details) => setOpen(details.open)}
      >
        <Portal>
          <Dialog.Backdrop className="dialog-backdrop" />
          <Dialog.Positioner className="dialog-positioner">
            <Dialog.Content className="dialog access-rules">
              <Dialog.Title className="dialog__title">
                {text.title.replace('{name}', name)}
              </Dialog.Title>
              <Dialog.Description className="dialog__description">{text.intro}</Dialog.Description>
              <RulesForm name={name} path={path} token={token} onDone={close} />
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

function RulesForm({ name, path, token, onDone }: Props & { onDone: () => void }) {
  const [stored, setStored] = useState<AccessRulesView | null>(null);
  const [networks, setNetworks] = useState('');
  const [choice, setChoice] = useState<PasswordChoice>('keep');
  const [password, setPassword] = useState('');
  const [seb, setSeb] = useState('');
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readAccessRules(token, path).then(
      (rules) => {
        if (!live) return;
        setStored(rules);
        setNetworks(rules.networks.join('\n'));
        setSeb(rules.sebConfigKey ?? '');
        setChoice('keep');
      },
      (failure: unknown) => {
        showFailure(failure);
        if (live) onDone();
      },
    );
    return () => {
      live = false;
    };
  }, [token, path, onDone]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const change: PasswordChange =
      choice === 'set' ? { action: 'set', value: password } : { action: choice };
    try {
      await saveAccessRules(token, path, {
        networks: networks
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
        password: change,
        sebConfigKey: seb.trim() === '' ? null : seb.trim(),
      });
      showSuccess(text.saved.replace('{name}', name));
      onDone();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setError({ field: fieldOf(message), message });
    } finally {
      setBusy(false);
    }
  }

  if (stored === null)
    return (
      <p className="muted" role="status">
        {text.loading}
      </p>
    );
  const errorOf = (field: Field) => (error?.field === field ? error.message : undefined);
  const choices: readonly PasswordChoice[] = stored.passwordSet
    ? ['keep', 'set', 'clear']
    : ['keep', 'set'];
  const choiceLabels: Record<PasswordChoice, string> = stored.passwordSet
    ? { keep: text.passwordKeep, set: text.passwordChange, clear: text.passwordClear }
    : { keep: text.passwordNone, set: text.passwordSetNew, clear: text.passwordClear };
  return (
    <form className="access-rules__form" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={text.networksLabel}
        hint={text.networksHint}
        error={errorOf('networks')}
        value={networks}
        onChange={(event) => setNetworks(event.target.value)}
        rows={4}
        code
        name="networks"
      />
      <fieldset className="access-rules__password">
        <legend className="field__label">{text.passwordLabel}</legend>
        <p className="field__hint" data-testid="password-state">
          {stored.passwordSet ? text.passwordIsSet : text.passwordNotSet} {text.passwordHint}
        </p>
        <ChoiceField
          label={text.passwordChoiceLabel}
          name="password-choice"
          value={choice}
          order={choices}
          labels={choiceLabels}
          onChange={setChoice}
        />
        {choice === 'set' ? (
          <TextField
            label={text.newPasswordLabel}
            type="password"
            autoComplete="new-password"
            value={password}
            error={errorOf('password')}
            onChange={(event) => setPassword(event.target.value)}
            name="sitting-password"
          />
        ) : null}
      </fieldset>
      <TextField
        label={text.sebLabel}
        hint={text.sebHint}
        error={errorOf('seb')}
        value={seb}
        onChange={(event) => setSeb(event.target.value)}
        spellCheck={false}
        autoComplete="off"
        className="access-rules__key"
        name="seb-config-key"
      />
      {errorOf('form') ? (
        <p className="field__hint field__hint--error" role="alert">
          {errorOf('form')}
        </p>
      ) : null}
      <div className="actions actions--end">
        <Dialog.CloseTrigger className="button button--secondary" type="button">
          {text.cancel}
        </Dialog.CloseTrigger>
        <button type="submit" className="button button--primary" disabled={busy}>
          {text.save}
        </button>
      </div>
    </form>
  );
}
