/** Picks the mailer from the configuration: SMTP when SMTP_URL is set, else the outbox folder. */
import path from 'node:path';
import { messages } from '../../contract/messages.ts';
import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'smtpTls' | 'dataDir' | 'publicUrl'>;

/** MAIL_FROM, or the portal's name at no-reply@ the host of PUBLIC_URL. */
export function senderAddress(config: Pick<MailConfig, 'mailFrom' | 'publicUrl'>): string {
  return (
    config.mailFrom ?? `"${messages.appName}" <no-reply@${new URL(config.publicUrl).hostname}>`
  );
}

export function createMailer(config: MailConfig): Mailer {
  const from = senderAddress(config);
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from, ...config.smtpTls });
  return createOutboxMailer({ dir: path.join(config.dataDir, 'outbox'), from });
}
