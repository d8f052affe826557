/** The mail that invites someone to the teaching staff (issue 33, contract/staff.ts). */
import { messages } from '../../contract/messages.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';

export function invitationEmail(input: {
  to: string;
  role: string;
  invitedBy: string;
  link: string;
  validDays: number;
}): MailMessage {
  const { to, role, invitedBy, link, validDays } = input;
  const app = messages.appName;
  const subject = `You are invited to the ${app}`;
  const lead = `${invitedBy} invited you (${to}) to the ${app} as ${role === 'assistant' ? 'an' : 'a'} ${role}.`;
  const closing = `The link works once and for ${validDays} days. If you did not expect this, ignore this email.`;
  const text = [
    'Hello,',
    '',
    lead,
    'To choose your password and sign in, open this link:',
    '',
    link,
    '',
    closing,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #16202c;">
<p>Hello,</p>
<p>${escapeHtml(lead)} To choose your password and sign in, open this link:</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; border-radius: 8px; background: #1f4fd1; color: #ffffff; text-decoration: none; font-weight: 600;">Accept the invitation</a></p>
<p>If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(closing)}</p>
</body>
</html>
`;
  return { to, subject, text, html };
}
