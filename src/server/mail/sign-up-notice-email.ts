/**
 * Mail for a sign-up that made no account (issue 15 items 3 and 6), so that the one answer every
 * sign-up gets ("check your email") still tells the mailbox's owner what happened:
 * - `account-exists` (STUDENT_SIGNUP=verify): the address has an account; the way back in is the
 *   login or Forgot Password.
 * - `not-on-roster` (STUDENT_SIGNUP=roster): the address is not on the college's student list.
 */
import { messages } from '../../contract/messages.ts';
import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

export type SignUpNotice = 'account-exists' | 'not-on-roster';

export function signUpNoticeEmail(input: {
  to: string;
  notice: SignUpNotice;
  /** PUBLIC_URL: the links point at its Forgot Password page or its sign-up screen. */
  publicUrl: string;
}): MailMessage {
  const { to, notice, publicUrl } = input;
  const app = messages.appName;
  const attempt = `Someone tried to sign up to the ${app} with this address (${to}),`;
  const paragraphs =
    notice === 'account-exists'
      ? {
          subject: `Sign-up attempt: ${app}`,
          what: `${attempt} which already has an account. Nothing was changed.`,
          next: `If it was you, log in with your password. If you have forgotten it, use 'Forgot Password?' on the login screen:`,
          link: `${publicUrl}/forgot-password`,
        }
      : {
          subject: `No account was made: ${app}`,
          what: `${attempt} but it is not on the college's student list, so no account was made.`,
          next: `If you are a student, sign up with the address your college has on record, or ask your teacher to add this one to the list and then sign up again:`,
          link: `${publicUrl}/`,
        };
  const ignore = 'If it was not you, ignore this email.';
  const text = [
    'Hello,',
    '',
    paragraphs.what,
    paragraphs.next,
    '',
    paragraphs.link,
    '',
    ignore,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #16202c;">
<p>Hello,</p>
<p>${escapeHtml(paragraphs.what)}</p>
<p>${escapeHtml(paragraphs.next)} <a href="${escapeHtml(paragraphs.link)}">${escapeHtml(paragraphs.link)}</a></p>
<p>${escapeHtml(ignore)}</p>
</body>
</html>
`;
  return { to, subject: paragraphs.subject, text, html };
}
