/**
 * The job behind POST /api/user/createResetPassword, run after the answer: for an address with an
 * account (a roster entry without a password included) it issues a token and mails the link,
 * retrying a failed send. Failures are logged, never reported to the requester. In outbox mode
 * the log line carries the link, so a lab without a mail server can still reset passwords.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordEmail } from '../mail/reset-password-email.ts';
import { withRetry, type RetryPolicy } from '../mail/retry.ts';
import { findUserByEmail } from '../users/user-queries.ts';
import { issueResetToken } from './reset-token-queries.ts';
import { newResetToken } from './reset-token.ts';

export type ResetLinkDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  ttlSeconds: number;
  retry: RetryPolicy;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
}

export async function sendResetLink(
  deps: ResetLinkDeps,
  email: string,
  signal?: AbortSignal,
): Promise<void> {
  const { db, mailer, log } = deps;
  const user = await findUserByEmail(db, email);
  if (!user) {
    log.info('password reset asked for an address without an account; no mail sent');
    return;
  }
  const { token, hash } = newResetToken();
  await issueResetToken(db, {
    userId: user.id,
    tokenHash: hash,
    now: new Date(),
    ttlSeconds: deps.ttlSeconds,
  });
  const link = resetLink(deps.publicUrl, token);
  const message = resetPasswordEmail({
    to: user.email,
    link,
    validMinutes: Math.round(deps.ttlSeconds / 60),
  });
  try {
    const delivery = await withRetry(() => mailer.send(message), deps.retry, {
      signal,
      onFailure: (error, attempt, willRetry) =>
        log.warn({ err: error, userId: user.id, attempt, willRetry }, 'password reset mail failed'),
    });
    if (delivery.kind === 'outbox') {
      // The link is a live credential: the operator finds it in the file, never in the log.
      log.info(
        { userId: user.id, file: delivery.file },
        'password reset mail written to the outbox (SMTP_URL is not set)',
      );
    } else {
      log.info({ userId: user.id, messageId: delivery.messageId }, 'password reset mail sent');
    }
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
  }
}
