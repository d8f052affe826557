/**
 * A student's sign-in help (issue 33, accounts without mail), opened from their row: the
 * activation link to show, copy or mail again (a student who has not chosen a password yet), and
 * a one-time password, set after a second click because it replaces the student's password and
 * signs them out everywhere. What the server answers is shown once, in this dialog only.
 */
import { useId, useState } from 'react';
import { credentialsUi } from '../../../contract/credentials-ui.ts';
import { messages } from '../../../contract/messages.ts';
import type { OneTimePasswordResponse } from '../../../contract/one-time-passwords.ts';
import type { StudentsRow } from '../../../contract/results.ts';
import type { ActivationLinkResponse } from '../../../contract/student-credentials.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';
import { copyText, localTime } from './copy-text.ts';
import { activationLink, setOneTimePassword } from './students-api.ts';
import './credential-sheet.css';

type Props = { token: string; student: StudentsRow | null; onClose: () => void };

export function SignInHelpDialog({ token, student, onClose }: Props) {
  return (
    <FormDialog
      open={student !== null}
      title={credentialsUi.helpTitle}
      description={credentialsUi.helpIntro}
      onClose={onClose}
      small={false}
    >
      {student ? (
        <SignInHelp key={student.userId} token={token} student={student} onClose={onClose} />
      ) : null}
    </FormDialog>
  );
}

function SignInHelp({
  token,
  student,
  onClose,
}: {
  token: string;
  student: StudentsRow;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<ActivationLinkResponse | null>(null);
  const [otp, setOtp] = useState<OneTimePasswordResponse | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ids = { link: useId(), linkHeading: useId(), otp: useId(), otpHeading: useId() };

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const getLink = (send: boolean) =>
    run(async () => {
      const made = await activationLink(token, student.userId, send);
      setLink(made);
      showSuccess(made.message);
    });

  const giveOtp = () =>
    run(async () => {
      setConfirming(false);
      const made = await setOneTimePassword(token, student.userId);
      setOtp(made);
      showSuccess(made.message);
    });

  return (
    <div className="sign-in-help" aria-busy={busy}>
      <p className="sign-in-help__who">
        <strong>{student.name}</strong> — {student.email}
      </p>
      <section aria-labelledby={ids.linkHeading} className="sign-in-help__part">
        <h3 id={ids.linkHeading} className="sign-in-help__heading">
          {credentialsUi.linkTitle}
        </h3>
        {student.claimed ? (
          <p className="muted">{credentialsUi.linkClaimed}</p>
        ) : (
          <>
            <p className="muted">{credentialsUi.linkIntro}</p>
            <div className="actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void getLink(false)}
              >
                {credentialsUi.showLink}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void getLink(true)}
              >
                {credentialsUi.mailLink}
              </button>
            </div>
            {link ? (
              <div className="sign-in-help__result">
                <label className="field__label" htmlFor={ids.link}>
                  {credentialsUi.linkLabel}
                </label>
                <div className="sign-in-help__row">
                  <input
                    id={ids.link}
                    className="field__input"
                    type="text"
                    readOnly
                    value={link.link}
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => void copyText(link.link, credentialsUi.linkCopied)}
                  >
                    {credentialsUi.copy}
                  </button>
                </div>
                <p className="muted">
                  {credentialsUi.validUntil.replace('{date}', localTime(link.expiresAt))}
                </p>
              </div>
            ) : null}
          </>
        )}
      </section>
      <section aria-labelledby={ids.otpHeading} className="sign-in-help__part">
        <h3 id={ids.otpHeading} className="sign-in-help__heading">
          {credentialsUi.otpTitle}
        </h3>
        <p className="muted">{credentialsUi.otpIntro}</p>
        {confirming ? (
          <div className="actions" role="group" aria-label={credentialsUi.setOtp}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(false)}
            >
              {messages.cancel}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void giveOtp()}
            >
              {credentialsUi.confirm}
            </button>
          </div>
        ) : (
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {credentialsUi.setOtp}
            </button>
          </div>
        )}
        {otp ? (
          <div className="sign-in-help__result">
            <label className="field__label" htmlFor={ids.otp}>
              {credentialsUi.otpLabel}
            </label>
            <div className="sign-in-help__row">
              <input
                id={ids.otp}
                className="field__input otp-text"
                type="text"
                readOnly
                value={otp.password}
                onFocus={(event) => event.currentTarget.select()}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void copyText(otp.password, credentialsUi.passwordCopied)}
              >
                {credentialsUi.copy}
              </button>
            </div>
            <p className="muted">
              {credentialsUi.otpShownOnce}{' '}
              {credentialsUi.validUntil.replace('{date}', localTime(otp.expiresAt))}
            </p>
          </div>
        ) : null}
      </section>
      <div className="actions actions--end">
        <button type="button" className="button button--primary" onClick={onClose}>
          {credentialsUi.close}
        </button>
      </div>
    </div>
  );
}
