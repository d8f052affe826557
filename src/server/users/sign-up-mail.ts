/**
 * The mail a sign-up sends after its answer has gone out (issue 15 items 3 and 6), so the answer's
 * timing says nothing about which mail it is. An activation link is a reset token (single use,
 * RESET_TOKEN_TTL_MINUTES) whose page sets the first password (users/activate-account-route.ts).
 * Mails per address and per client address are limited like reset requests (a sign-up form must
 * not become a way to flood someone's mailbox); one over the limit is dropped and logged, the
 * answer unchanged, and the latest link sent still works. Failures are logged, never answered.
 * Links are never logged: the outbox .eml holds them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { activateAccountPagePath } from '../../contract/activate-account.ts';
import type { AttemptLimiter } from '../auth/attempt-limits.ts';
import type { Db } from '../db/connection.ts';
import { activateAccountEmail } from '../mail/activate-account-email.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { withRetry, type RetryPolicy } from '../mail/retry.ts';
import { signUpNoticeEmail } from '../mail/sign-up-notice-email.ts';
import { issueResetToken } from '../password-reset/reset-token-queries.ts';
import { newResetToken } from '../password-reset/reset-token.ts';
import type { SignUpMail } from './sign-up.ts';
import { findUserByEmail, insertUnclaimedUser, type UserRow } from './user-queries.ts';

export type SignUpMailDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  ttlSeconds: number;
  retry: RetryPolicy;
  limiter: AttemptLimiter;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export function activationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${activateAccountPagePath}?token=${encodeURIComponent(token)}`;
}

export async function sendSignUpMail(
  deps: SignUpMailDeps,
  mail: SignUpMail,
  ip: string,
  signal?: AbortSignal,
): Promise<void> {
  const { db, log, limiter } = deps;
  if ((await limiter.check(mail.email, ip)).retryAfter > 0) {
    log.warn({ kind: mail.kind }, 'sign-up mail over the limit for this address; not sent');
    return;
  }
  await limiter.record(mail.email, ip);
  if (mail.kind === 'not-on-roster') {
    await deliver(deps, notice(deps, mail.email, 'not-on-roster'), mail.kind, signal);
    return;
  }
  let user = await findUserByEmail(db, mail.email);
  if (user?.passwordHash) {
    // `verify`: the account exists; its owner hears of the attempt. `activate`: claimed meanwhile.
    if (mail.kind === 'verify') {
      await deliver(deps, notice(deps, mail.email, 'account-exists'), 'account-exists', signal);
    }
    return;
  }
  if (!user && mail.kind === 'verify') {
    // Like a roster entry: the typed name, no password until the link is used. A sign-up racing
    // this one may have made the row first; either way the row is there now.
    user =
      (await insertUnclaimedUser(db, { email: mail.email, name: mail.name })) ??
      (await findUserByEmail(db, mail.email));
  }
  if (!user) return; // the roster entry was deleted meanwhile
  await deliver(deps, await activation(deps, user), 'activate', signal);
}

function notice(
  deps: SignUpMailDeps,
  to: string,
  kind: 'account-exists' | 'not-on-roster',
): MailMessage {
  return signUpNoticeEmail({ to, notice: kind, publicUrl: deps.publicUrl });
}

async function activation(deps: SignUpMailDeps, user: UserRow): Promise<MailMessage> {
  const { token, hash } = newResetToken();
  await issueResetToken(deps.db, {
    userId: user.id,
    tokenHash: hash,
    now: new Date(),
    ttlSeconds: deps.ttlSeconds,
  });
  return activateAccountEmail({
    to: user.email,
    link: activationLink(deps.publicUrl, token),
    validMinutes: Math.round(deps.ttlSeconds / 60),
  });
}

async function deliver(
  deps: SignUpMailDeps,
  message: MailMessage,
  kind: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { log } = deps;
  try {
    const delivery = await withRetry(() => deps.mailer.send(message), deps.retry, {
      signal,
      onFailure: (error, attempt, willRetry) =>
        log.warn({ err: error, kind, attempt, willRetry }, 'sign-up mail failed'),
    });
    if (delivery.kind === 'outbox') {
      log.info({ kind, file: delivery.file }, 'sign-up mail written to the outbox (no SMTP_URL)');
    } else {
      log.info({ kind, messageId: delivery.messageId }, 'sign-up mail sent');
    }
  } catch (error) {
    log.error({ err: error, kind }, 'sign-up mail could not be sent');
  }
}
