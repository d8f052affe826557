/** The password-reset message: a plain-text part and an HTML part carrying the same link. */
import { messages } from '../../contract/messages.ts';
import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

export function resetPasswordEmail(input: {
  to: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const { to, link, validMinutes } = input;
  const subject = `Reset your password: ${messages.appName}`;
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of your ${messages.appName} account (${to}).`,
    'To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once and for ${validMinutes} minutes. If you did not ask for it, ignore this`,
    'email: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #16202c;">
<p>Hello,</p>
<p>Someone asked to reset the password of your ${escapeHtml(messages.appName)} account (${escapeHtml(to)}).</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; border-radius: 8px; background: #1f4fd1; color: #ffffff; text-decoration: none; font-weight: 600;">Choose a new password</a></p>
<p>If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once and for ${validMinutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.</p>
</body>
</html>
`;
  return { to, subject, text, html };
}
