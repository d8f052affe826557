/** Sends mail through the SMTP server of SMTP_URL (nodemailer), with the configured TLS options. */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export type SmtpMailerOptions = {
  /** e.g. smtp://user:pass@mail.college.edu:587 or smtps://...:465 */
  url: string;
  from: string;
  /** Never upgrade with STARTTLS, even when the server offers it. */
  ignoreTls: boolean;
  /** Refuse to send unless the connection is upgraded with STARTTLS. */
  requireTls: boolean;
  /** false accepts a self-signed or otherwise unverifiable certificate. */
  rejectUnauthorized: boolean;
};

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: options.url,
      ignoreTLS: options.ignoreTls,
      requireTLS: options.requireTls,
      tls: { rejectUnauthorized: options.rejectUnauthorized },
      // nodemailer waits minutes by default; a retry soon is worth more than a long wait.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: options.from },
  );
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(message);
      return { kind: 'smtp', messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
