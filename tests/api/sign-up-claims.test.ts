/**
 * Sign-up without an oracle and roster accounts claimed by mail (issue 15 items 3 and 6), by
 * STUDENT_SIGNUP mode. The mail is read from a real SMTP server (smtp-capture.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../src/contract/messages.ts';
import { users } from '../../src/server/db/schema.ts';
import { call, databaseKinds, startServer, type TestServer } from './harness.ts';
import {
  decodeQuotedPrintable,
  resetTokenIn,
  startSmtpCapture,
  type SmtpCapture,
} from './smtp-capture.ts';

const loginPath = '/api/user/loginSignUp';
const activatePath = '/api/user/activateAccount';
const PUBLIC_URL = 'http://portal.campus.test:8080';
const CHOSEN = 'Chosen-Passw0rd!';
const checkEmail = { status: 202, body: { message: messages.signUpCheckEmail } };

const signUp = (server: TestServer, email: string, password = 'typed-pass-1', name = 'Typed') =>
  call(server, 'POST', loginPath, { name, email, password });
const login = (server: TestServer, email: string, password: string) =>
  call(server, 'POST', loginPath, { email, password });
const activate = (server: TestServer, token: string, password = CHOSEN) =>
  call(server, 'PUT', activatePath, { token, password });
const userRow = async (server: TestServer, email: string) =>
  (await server.database.db.select().from(users).where(eq(users.email, email)))[0];
const addRosterStudent = (server: TestServer, email: string, name = 'roster name') =>
  server.database.db.insert(users).values({ email, name, year: '2', branch: 'cse' });

/** The token of the activation link in a captured message. */
function activationTokenIn(raw: string): string {
  const escaped = PUBLIC_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/activate-account\\?token=([A-Za-z0-9_-]{43})`).exec(
    decodeQuotedPrintable(raw),
  );
  if (!match?.[1]) throw new Error(`no activation link in the message:\n${raw}`);
  return match[1];
}

async function startWithMail(kind: (typeof databaseKinds)[number], env: Record<string, string>) {
  const smtp = await startSmtpCapture();
  const server = await startServer(kind, {
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    SMTP_IGNORE_TLS: 'true',
    ...env,
  });
  return { smtp, server };
}

describe.each(databaseKinds)(
  'a roster account is claimed only by its mailed link on %s',
  (kind) => {
    let smtp: SmtpCapture;
    let server: TestServer;
    beforeAll(async () => {
      ({ smtp, server } = await startWithMail(kind, {}));
    });
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('sign-up mails a link; the typed password is not kept; the link sets it and signs in, once', async () => {
      await addRosterStudent(server, 'claim@roster.test');
      expect(await signUp(server, 'claim@roster.test')).toMatchObject(checkEmail);
      expect((await userRow(server, 'claim@roster.test'))?.passwordHash).toBeNull();
      expect((await login(server, 'claim@roster.test', 'typed-pass-1')).status).toBe(401);

      const mail = await smtp.nextMailTo('claim@roster.test');
      expect(mail.raw).toMatch(/^Subject: Activate your account/m);
      const token = activationTokenIn(mail.raw);
      const session = await activate(server, token);
      expect(session.status).toBe(200);
      const body = session.body as { id: string; name: string; email: string; token: string };
      // The roster's name stays: the college's list is the authority on it.
      expect(body).toMatchObject({ name: 'roster name', email: 'claim@roster.test' });
      expect(await server.tokens.verify(body.token)).toMatchObject({
        ok: true,
        claims: { sub: body.id, role: 'student' },
      });
      expect((await login(server, 'claim@roster.test', CHOSEN)).status).toBe(200);

      expect(await activate(server, token, 'Another-Passw0rd!')).toMatchObject({
        status: 400,
        body: { message: messages.activationLinkUsed },
      });
      // Claimed now: a further sign-up is the spec's 409 and mails nothing.
      expect(await signUp(server, 'claim@roster.test')).toMatchObject({
        status: 409,
        body: { message: messages.accountExists },
      });
      expect((await login(server, 'claim@roster.test', CHOSEN)).status).toBe(200);
    });

    it('refuses the link after 30 minutes, and a newer link replaces an older one', async () => {
      await addRosterStudent(server, 'late@roster.test');
      await signUp(server, 'late@roster.test');
      const first = activationTokenIn((await smtp.nextMailTo('late@roster.test')).raw);
      await signUp(server, 'late@roster.test');
      const second = activationTokenIn((await smtp.nextMailTo('late@roster.test')).raw);
      expect(await activate(server, first)).toMatchObject({
        status: 400,
        body: { message: messages.activationLinkReplaced },
      });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60 * 1000 });
      expect(await activate(server, second)).toMatchObject({
        status: 400,
        body: { message: messages.activationLinkExpired },
      });
      expect((await userRow(server, 'late@roster.test'))?.passwordHash).toBeNull();
    });

    it('a reset link of an active account cannot be used to activate (nor sign in) with it', async () => {
      expect((await signUp(server, 'active@open.test', 'Old-pass-123')).status).toBe(200);
      await call(server, 'POST', '/api/user/createResetPassword', { email: 'active@open.test' });
      const token = resetTokenIn((await smtp.nextMailTo('active@open.test')).raw, PUBLIC_URL);
      expect(await activate(server, token)).toMatchObject({
        status: 400,
        body: { message: messages.activationLinkUsed },
      });
      expect((await login(server, 'active@open.test', 'Old-pass-123')).status).toBe(200);
    });

    it('checks the password tier and the link before anything else', async () => {
      expect(await activate(server, 'x'.repeat(43))).toMatchObject({
        status: 400,
        body: { message: messages.activationLinkInvalid },
      });
      expect(await activate(server, 'short')).toMatchObject({
        status: 400,
        body: { message: messages.activationLinkInvalid },
      });
      expect(await activate(server, 'x'.repeat(43), 'weakpass1')).toMatchObject({
        status: 400,
        body: { message: messages.setStrongPassword },
      });
    });
  },
);

// The modes' choices are the same code on both databases (sign-up.test.ts covers each branch);
// one database is enough here.
const [firstKind] = databaseKinds;

describe(`STUDENT_SIGNUP=roster on ${firstKind}`, () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    ({ smtp, server } = await startWithMail(firstKind ?? 'pglite', { STUDENT_SIGNUP: 'roster' }));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('answers an email on the roster and one off it alike; only the roster one gets a link', async () => {
    await addRosterStudent(server, 'listed@roster.test');
    const listed = await signUp(server, 'listed@roster.test');
    const stranger = await signUp(server, 'stranger@roster.test');
    expect(listed).toMatchObject(checkEmail);
    expect(stranger.status).toBe(listed.status);
    expect(stranger.body).toEqual(listed.body);
    expect(await userRow(server, 'stranger@roster.test')).toBeUndefined();

    const notice = decodeQuotedPrintable((await smtp.nextMailTo('stranger@roster.test')).raw);
    expect(notice).toMatch(/not on the college's student list/);
    expect(notice).not.toMatch(/token=/);
    const token = activationTokenIn((await smtp.nextMailTo('listed@roster.test')).raw);
    expect((await activate(server, token)).status).toBe(200);
    expect(await signUp(server, 'listed@roster.test')).toMatchObject({
      status: 409,
      body: { message: messages.accountExists },
    });
  });
});

describe(`STUDENT_SIGNUP=verify on ${firstKind}`, () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    ({ smtp, server } = await startWithMail(firstKind ?? 'pglite', { STUDENT_SIGNUP: 'verify' }));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('signs a new student in only after the mailed link, with the typed name', async () => {
    expect(await signUp(server, 'new@verify.test', 'typed-pass-1', 'Nia Verify')).toMatchObject(
      checkEmail,
    );
    const token = activationTokenIn((await smtp.nextMailTo('new@verify.test')).raw);
    expect(await userRow(server, 'new@verify.test')).toMatchObject({
      name: 'nia verify',
      passwordHash: null,
    });
    expect((await login(server, 'new@verify.test', 'typed-pass-1')).status).toBe(401);
    expect(await activate(server, token)).toMatchObject({
      status: 200,
      body: { name: 'nia verify', email: 'new@verify.test' },
    });
    expect((await login(server, 'new@verify.test', CHOSEN)).status).toBe(200);
  });

  it('answers an existing account like a new one and tells its owner, changing nothing', async () => {
    const first = await signUp(server, 'owner@verify.test');
    const token = activationTokenIn((await smtp.nextMailTo('owner@verify.test')).raw);
    expect((await activate(server, token)).status).toBe(200);

    const again = await signUp(server, 'owner@verify.test', 'hijack-pass-1', 'Mallory');
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const notice = decodeQuotedPrintable((await smtp.nextMailTo('owner@verify.test')).raw);
    expect(notice).toMatch(/^Subject: Sign-up attempt/m);
    expect(notice).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(notice).not.toMatch(/token=/);
    expect((await login(server, 'owner@verify.test', CHOSEN)).status).toBe(200);
    expect((await userRow(server, 'owner@verify.test'))?.name).toBe('typed');
  });
});
