import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';
import { resetTokens, users } from '../db/schema.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { hashResetToken } from './reset-token.ts';
import { resetLink, sendResetLink, type ResetLinkDeps } from './send-reset-link.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
  await database.db.insert(users).values({ email: 'ann@college.edu', name: 'ann' });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const sent: MailMessage[] = [];
beforeEach(() => {
  sent.length = 0;
});

function deps(mailer: Mailer, attempts = 3) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const d: ResetLinkDeps = {
    db: database.db,
    mailer,
    publicUrl: 'https://exam.college.edu/portal',
    ttlSeconds: 1800,
    retry: { attempts, firstDelayMs: 1 },
    log,
  };
  return Object.assign(d, { log });
}

const outboxMailer: Mailer = {
  kind: 'outbox',
  async send(message) {
    sent.push(message);
    return { kind: 'outbox', messageId: '<1@test>', file: '/data/outbox/1.eml' };
  },
  close: () => undefined,
};

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('sendResetLink', () => {
  it('builds the link from PUBLIC_URL', () => {
    expect(resetLink('https://exam.college.edu/portal', 'abc')).toBe(
      'https://exam.college.edu/portal/forgot-password?token=abc',
    );
  });

  it('issues a token and, in outbox mode, logs one line naming the file, never the link', async () => {
    const d = deps(outboxMailer);
    await sendResetLink(d, 'ann@college.edu');
    expect(sent).toHaveLength(1);
    const link = /https:\S+/.exec(sent[0]?.text ?? '')?.[0] ?? '';
    expect(link.startsWith('https://exam.college.edu/portal/forgot-password?token=')).toBe(true);
    const [row] = await database.db
      .select()
      .from(resetTokens)
      .where(eq(resetTokens.tokenHash, hashResetToken(tokenOf(link))));
    expect(row?.usedAt).toBeNull();
    expect(d.log.info).toHaveBeenCalledTimes(1);
    expect(d.log.info.mock.calls[0]?.[0]).toEqual({
      userId: row?.userId,
      file: '/data/outbox/1.eml',
    });
    expect(JSON.stringify(d.log.info.mock.calls)).not.toContain(tokenOf(link));
  });

  it('sends nothing and issues nothing for an address without an account', async () => {
    const before = (await database.db.select().from(resetTokens)).length;
    const d = deps(outboxMailer);
    await sendResetLink(d, 'nobody@college.edu');
    expect(sent).toHaveLength(0);
    expect((await database.db.select().from(resetTokens)).length).toBe(before);
  });

  it('retries a failing mailer, then logs the failure without throwing or logging the link', async () => {
    const send = vi.fn(async () => {
      throw new Error('connection refused');
    });
    const d = deps({ kind: 'smtp', send, close: () => undefined }, 3);
    await expect(sendResetLink(d, 'ann@college.edu')).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(3);
    expect(d.log.warn).toHaveBeenCalledTimes(3);
    expect(d.log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(d.log.error.mock.calls)).not.toContain('forgot-password?token=');
  });

  it('does not log the link when the mail went out over SMTP', async () => {
    const d = deps({
      kind: 'smtp',
      send: async () => ({ kind: 'smtp', messageId: '<2@test>' }),
      close: () => undefined,
    });
    await sendResetLink(d, 'ann@college.edu');
    expect(d.log.info).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(d.log.info.mock.calls)).not.toContain('token=');
  });
});
