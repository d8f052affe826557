import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer, senderAddress } from './create-mailer.ts';

describe('mail configuration', () => {
  it('defaults to the outbox, verified TLS, 4 attempts from 2 s, 30-minute links and modest limits', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(config).toMatchObject({
      smtpUrl: undefined,
      smtpTls: { ignoreTls: false, requireTls: false, rejectUnauthorized: true },
      mailRetry: { attempts: 4, firstDelayMs: 2000 },
      resetTokenTtlSeconds: 1800,
      resetLimits: { perAccount: 5, perIp: 100, windowSeconds: 900 },
    });
    const mailer = createMailer(config);
    expect(mailer.kind).toBe('outbox');
    mailer.close();
    expect(path.join(config.dataDir, 'outbox')).toBe('/srv/portal/outbox');
  });

  it('reads the SMTP and reset settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mail.college.edu:587',
      SMTP_IGNORE_TLS: 'false',
      SMTP_REQUIRE_TLS: 'true',
      SMTP_TLS_REJECT_UNAUTHORIZED: 'no',
      MAIL_SEND_ATTEMPTS: '2',
      MAIL_RETRY_DELAY_SECONDS: '0.5',
      RESET_TOKEN_TTL_MINUTES: '15',
      RESET_MAX_REQUESTS_PER_EMAIL: '3',
      RESET_MAX_REQUESTS_PER_IP: '50',
      RESET_REQUEST_WINDOW_MINUTES: '10',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mail.college.edu:587',
      smtpTls: { ignoreTls: false, requireTls: true, rejectUnauthorized: false },
      mailRetry: { attempts: 2, firstDelayMs: 500 },
      resetTokenTtlSeconds: 900,
      resetLimits: { perAccount: 3, perIp: 50, windowSeconds: 600 },
    });
    const mailer = createMailer(config);
    expect(mailer.kind).toBe('smtp');
    mailer.close();
  });

  it('rejects impossible values', () => {
    expect(() => loadConfig({ MAIL_SEND_ATTEMPTS: '0' })).toThrow('MAIL_SEND_ATTEMPTS');
    expect(() => loadConfig({ RESET_TOKEN_TTL_MINUTES: '0' })).toThrow('RESET_TOKEN_TTL_MINUTES');
    expect(() => loadConfig({ SMTP_IGNORE_TLS: 'maybe' })).toThrow('SMTP_IGNORE_TLS');
  });

  it('sends from MAIL_FROM, else from no-reply at the host of PUBLIC_URL', () => {
    expect(
      senderAddress({ mailFrom: 'Exams <exams@college.edu>', publicUrl: 'https://x.edu' }),
    ).toBe('Exams <exams@college.edu>');
    expect(senderAddress({ mailFrom: undefined, publicUrl: 'https://exam.college.edu:8443' })).toBe(
      '"Campus Coding Assessment Portal" <no-reply@exam.college.edu>',
    );
  });
});
