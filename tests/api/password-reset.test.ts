import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../src/contract/messages.ts';
import { resetTokens, users } from '../../src/server/db/schema.ts';
import { call, databaseKinds, startServer, type TestServer } from './harness.ts';
import { resetTokenIn, startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';

const requestPath = '/api/user/createResetPassword';
const resetPath = '/api/user/resetPassword';
const loginPath = '/api/user/loginSignUp';
const PUBLIC_URL = 'http://portal.campus.test:8080';
const OLD_PASSWORD = 'Old-password-1';
const NEW_PASSWORD = 'New-Passw0rd!';

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${(counter += 1)}@reset.test`;

async function signUp(server: TestServer, email: string, password = OLD_PASSWORD) {
  const res = await call(server, 'POST', loginPath, { name: 'student', email, password });
  expect(res.status).toBe(200);
}

const login = (server: TestServer, email: string, password: string) =>
  call(server, 'POST', loginPath, { email, password });

const requestReset = (server: TestServer, email: string) =>
  call(server, 'POST', requestPath, { email });

const resetPassword = (server: TestServer, token: string, password = NEW_PASSWORD) =>
  call(server, 'PUT', resetPath, { password, token });

/** Polls until `check` passes, for work the server does after it has answered. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(databaseKinds)('password reset over SMTP on %s', (kind) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  async function mailedToken(email: string): Promise<string> {
    const mail = await smtp.nextMailTo(email);
    return resetTokenIn(mail.raw, PUBLIC_URL);
  }

  beforeAll(async () => {
    // The capture server offers STARTTLS with smtp-server's self-signed certificate.
    smtp = await startSmtpCapture({ acceptDelayMs: 300 });
    server = await startServer(kind, {
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
      MAIL_FROM: 'Exam Office <exams@campus.test>',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mails a link that resets the password; the old password and the used link then fail', async () => {
    const email = uniqueEmail('journey');
    await signUp(server, email);

    const answer = await requestReset(server, email);
    expect(answer).toMatchObject({ status: 200, body: { message: 'Email sent successfully' } });
    // The answer went out before the (slow) SMTP server accepted the message.
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(0);

    const mail = await smtp.nextMailTo(email);
    expect(mail.from).toBe('exams@campus.test');
    expect(mail.secure).toBe(true); // upgraded with STARTTLS
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/im);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/im);
    const token = resetTokenIn(mail.raw, PUBLIC_URL);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // Only the SHA-256 of the token is stored.
    const stored = await server.database.db.select().from(resetTokens);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    expect(stored.map((r) => r.tokenHash)).toContain(hash);
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);
    const row = stored.find((r) => r.tokenHash === hash);
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60 * 1000);

    expect(await resetPassword(server, token)).toEqual(
      expect.objectContaining({ status: 200, body: { message: 'Password updated successfully' } }),
    );
    expect((await login(server, email, NEW_PASSWORD)).status).toBe(200);
    expect(await login(server, email, OLD_PASSWORD)).toMatchObject({
      status: 401,
      body: { message: messages.wrongEmailOrPassword },
    });
    expect(await resetPassword(server, token, 'Another-Passw0rd!')).toMatchObject({
      status: 400,
      body: { message: messages.resetLinkUsed },
    });
    expect((await login(server, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers unknown and known addresses identically and mails only the known one', async () => {
    const known = uniqueEmail('known');
    const unknown = uniqueEmail('unknown');
    await signUp(server, known);
    const forKnown = await requestReset(server, known);
    const forUnknown = await requestReset(server, unknown);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forKnown.body).toEqual({ message: messages.emailSent });
    expect(forUnknown.headers.get('content-type')).toBe(forKnown.headers.get('content-type'));
    expect(forUnknown.headers.get('content-length')).toBe(forKnown.headers.get('content-length'));
    await smtp.nextMailTo(known);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('refuses an expired link once the clock has moved past 30 minutes', async () => {
    const email = uniqueEmail('expiry');
    await signUp(server, email);
    await requestReset(server, email);
    const token = await mailedToken(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60 * 1000 });
    expect(await resetPassword(server, token)).toMatchObject({
      status: 400,
      body: { message: messages.resetLinkExpired },
    });
    vi.useRealTimers();
    expect((await login(server, email, OLD_PASSWORD)).status).toBe(200);
  });

  it('still accepts a link 29 minutes old', async () => {
    const email = uniqueEmail('in-time');
    await signUp(server, email);
    await requestReset(server, email);
    const token = await mailedToken(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29 * 60 * 1000 });
    expect((await resetPassword(server, token)).status).toBe(200);
  });

  it('refuses forged and malformed tokens with the invalid-link message', async () => {
    const forged = crypto.randomBytes(32).toString('base64url');
    for (const token of [forged, 'not-a-token', '']) {
      expect(await resetPassword(server, token)).toMatchObject({
        status: 400,
        body: { message: messages.resetLinkInvalid },
      });
    }
  });

  it("re-checks the strength tier: below Medium is 'Set a strong password' and the link survives", async () => {
    const email = uniqueEmail('weak');
    await signUp(server, email);
    await requestReset(server, email);
    const token = await mailedToken(email);
    for (const weak of ['abcdefg1', 'Abcdefgh12', 'aB1$xyz']) {
      expect(await resetPassword(server, token, weak)).toMatchObject({
        status: 400,
        body: { message: messages.setStrongPassword },
      });
    }
    expect(await call(server, 'PUT', resetPath, { token })).toMatchObject({
      status: 400,
      body: { message: messages.enterAllDetails },
    });
    expect((await resetPassword(server, token, 'Medium-ok1')).status).toBe(200);
    expect((await login(server, email, 'Medium-ok1')).status).toBe(200);
  });

  it('a newer link replaces the older one, and using it ends every link of the user', async () => {
    const email = uniqueEmail('newer');
    await signUp(server, email);
    await requestReset(server, email);
    const first = await mailedToken(email);
    await requestReset(server, email);
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expect(await resetPassword(server, first)).toMatchObject({
      status: 400,
      body: { message: messages.resetLinkReplaced },
    });
    expect((await resetPassword(server, second)).status).toBe(200);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const rows = await server.database.db
      .select()
      .from(resetTokens)
      .where(eq(resetTokens.userId, user?.id ?? ''));
    const now = Date.now();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.usedAt !== null || r.expiresAt.getTime() <= now)).toBe(true);
  });

  it('lets a roster student without a password set the first one', async () => {
    const email = uniqueEmail('roster');
    await server.database.db.insert(users).values({ email, name: 'roster student' });
    expect((await login(server, email, NEW_PASSWORD)).status).toBe(401);
    await requestReset(server, email);
    const token = await mailedToken(email);
    expect((await resetPassword(server, token)).status).toBe(200);
    expect(await login(server, email, NEW_PASSWORD)).toMatchObject({
      status: 200,
      body: { email, name: 'roster student' },
    });
  });

  it('a reset lifts a login lock-out of the account', async () => {
    const email = uniqueEmail('locked');
    await signUp(server, email);
    for (let i = 0; i < 10; i += 1) await login(server, email, 'wrong-password');
    expect((await login(server, email, OLD_PASSWORD)).status).toBe(429);
    await requestReset(server, email);
    expect((await resetPassword(server, await mailedToken(email))).status).toBe(200);
    expect((await login(server, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers 400 {message} to bodies that are not a reset request', async () => {
    expect(await call(server, 'POST', requestPath, { email: 'not-an-email' })).toMatchObject({
      status: 400,
      body: { message: messages.invalidEmail },
    });
    expect(await call(server, 'POST', requestPath, {})).toMatchObject({
      status: 400,
      body: { message: messages.enterAllDetails },
    });
    expect(await call(server, 'PUT', resetPath, '{"token":')).toMatchObject({
      status: 400,
      body: { message: messages.malformedBody },
    });
  });
});

describe.each(databaseKinds)('mail failures on %s', (kind) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture({ refuseFirst: 2 });
    server = await startServer(kind, {
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      SMTP_IGNORE_TLS: 'true',
      MAIL_SEND_ATTEMPTS: '3',
      MAIL_RETRY_DELAY_SECONDS: '0.05',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('retries a refused send until the SMTP server accepts it', async () => {
    const email = uniqueEmail('retry');
    await signUp(server, email);
    expect((await requestReset(server, email)).status).toBe(200);
    const mail = await smtp.nextMailTo(email);
    expect(smtp.refused).toBe(2);
    expect(mail.secure).toBe(false); // SMTP_IGNORE_TLS: no STARTTLS
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect((await resetPassword(server, resetTokenIn(mail.raw, PUBLIC_URL))).status).toBe(200);
  });

  it('never tells the requester when the mail server is down', async () => {
    await smtp.close();
    const email = uniqueEmail('down');
    await signUp(server, email);
    const answer = await requestReset(server, email);
    expect(answer).toMatchObject({ status: 200, body: { message: messages.emailSent } });
    // The token was issued and the sender gave up quietly; the server still answers.
    await eventually(async () => (await server.database.db.select().from(resetTokens)).length >= 2);
    expect((await requestReset(server, uniqueEmail('other'))).status).toBe(200);
  });
});

describe.each(databaseKinds)('outbox mode and rate limits on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, {
      PUBLIC_URL,
      RESET_MAX_REQUESTS_PER_EMAIL: '2',
      RESET_MAX_REQUESTS_PER_IP: '6',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const outbox = () => path.join(server.config.dataDir, 'outbox');
  const outboxFiles = async () => {
    try {
      return (await fs.readdir(outbox())).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  it('writes the message as an .eml file in DATA_DIR/outbox when SMTP_URL is unset', async () => {
    const email = uniqueEmail('outbox');
    await signUp(server, email);
    expect((await requestReset(server, email)).status).toBe(200);
    await eventually(async () => (await outboxFiles()).length === 1);
    const [file] = await outboxFiles();
    const full = path.join(outbox(), file ?? '');
    const raw = await fs.readFile(full, 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${email.replace('.', '\\.')}`, 'im'));
    expect(raw).toMatch(/^Content-Type: text\/plain/im);
    expect(raw).toMatch(/^Content-Type: text\/html/im);
    expect((await fs.stat(full)).mode & 0o777).toBe(0o600);
    const token = resetTokenIn(raw, PUBLIC_URL);
    expect((await resetPassword(server, token)).status).toBe(200);
    expect((await login(server, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('limits requests per address, known or not, with the same 429', async () => {
    const known = uniqueEmail('limit-known');
    const unknown = uniqueEmail('limit-unknown');
    await signUp(server, known);
    for (const email of [known, unknown]) {
      expect((await requestReset(server, email)).status).toBe(200);
      expect((await requestReset(server, email)).status).toBe(200);
    }
    const blockedKnown = await requestReset(server, known);
    const blockedUnknown = await requestReset(server, unknown);
    expect(blockedKnown).toMatchObject({
      status: 429,
      body: { message: messages.tooManyResetRequests },
    });
    expect(Number(blockedKnown.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blockedUnknown.status).toBe(429);
    expect(blockedUnknown.body).toEqual(blockedKnown.body);
  });

  it('limits requests per client address', async () => {
    // 5 requests from this address so far (1 + 4; refused ones do not count).
    expect((await requestReset(server, uniqueEmail('ip'))).status).toBe(200);
    expect(await requestReset(server, uniqueEmail('ip'))).toMatchObject({
      status: 429,
      body: { message: messages.tooManyResetRequests },
    });
  });
});
