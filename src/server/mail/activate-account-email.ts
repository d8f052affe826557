/**
 * The mail behind a sign-up that needs proof of the mailbox (issue 15 item 3): a roster entry, or
 * any new account under STUDENT_SIGNUP=verify. Its link sets the first password and signs in.
 */
import { messages } from '../../contract/messages.ts';
import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

export function activateAccountEmail(input: {
  to: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const { to, link, validMinutes } = input;
  const app = messages.appName;
  const subject = `Activate your account: ${app}`;
  // Staff may give a link that lasts days (accounts without mail, issue 33).
  const span =
    validMinutes >= 1440 && validMinutes % 1440 === 0
      ? `${validMinutes / 1440} days`
      : `${validMinutes} minutes`;
  const closing = `The link works once and for ${span}; signing up again sends a new one. If you did not sign up, ignore this email: no account is activated without the link.`;
  const text = [
    'Hello,',
    '',
    `Someone signed up to the ${app} with this address (${to}).`,
    'To activate the account and choose its password, open this link:',
    '',
    link,
    '',
    closing,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #16202c;">
<p>Hello,</p>
<p>Someone signed up to the ${escapeHtml(app)} with this address (${escapeHtml(to)}). To activate the account and choose its password, open this link:</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; border-radius: 8px; background: #1f4fd1; color: #ffffff; text-decoration: none; font-weight: 600;">Activate your account</a></p>
<p>If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(closing)}</p>
</body>
</html>
`;
  return { to, subject, text, html };
}
