import { describe, expect, it } from 'vitest';
import { resetPasswordEmail } from './reset-password-email.ts';

const link = 'https://exam.college.edu/forgot-password?token=abc_-123';

describe('resetPasswordEmail', () => {
  it('carries the link in both the plain-text and the HTML part', () => {
    const mail = resetPasswordEmail({ to: 'ann@college.edu', link, validMinutes: 30 });
    expect(mail.to).toBe('ann@college.edu');
    expect(mail.subject).toMatch(/reset your password/i);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('30 minutes');
  });

  it('escapes what it puts into HTML', () => {
    const mail = resetPasswordEmail({
      to: '"<b>x</b>"@college.edu',
      link: 'https://x.test/forgot-password?token=a&b="c"',
      validMinutes: 30,
    });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).toContain('token=a&amp;b=&quot;c&quot;');
  });
});
