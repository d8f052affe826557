import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../src/contract/messages.ts';
import { authFailures, users } from '../../src/server/db/schema.ts';
import { ADMIN, adminEnv, call, databaseKinds, startServer, type TestServer } from './harness.ts';

const path = '/api/user/loginSignUp';

describe.each(databaseKinds)('POST /api/user/loginSignUp on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs up with lower-cased, trimmed name and email and answers {name,email,token,id}', async () => {
    const res = await call(server, 'POST', path, {
      name: '  Asha Rao ',
      email: ' Asha.Rao@Example.EDU ',
      password: 'Secret#123',
    });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['email', 'id', 'name', 'token']);
    expect(body.name).toBe('asha rao');
    expect(body.email).toBe('asha.rao@example.edu');
    const verified = await server.tokens.verify(body.token ?? '');
    expect(verified).toEqual({
      ok: true,
      claims: {
        sub: body.id,
        email: 'asha.rao@example.edu',
        name: 'asha rao',
        role: 'student',
        ver: 0,
      },
    });
    const [row] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'asha.rao@example.edu'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('Secret#123');
  });

  it('logs in with the same password, whatever the email case, and returns the same id', async () => {
    const signUp = await call(server, 'POST', path, {
      name: 'Ben',
      email: 'ben@example.edu',
      password: 'benbenben1',
    });
    const login = await call(server, 'POST', path, {
      email: 'BEN@example.edu ',
      password: 'benbenben1',
    });
    expect(login.status).toBe(200);
    expect((login.body as { id: string }).id).toBe((signUp.body as { id: string }).id);
    expect((login.body as { name: string }).name).toBe('ben');
  });

  it('answers a wrong password and an unknown email with one identical 401', async () => {
    await call(server, 'POST', path, {
      name: 'Cara',
      email: 'cara@example.edu',
      password: 'cara-pass-1',
    });
    const wrong = await call(server, 'POST', path, {
      email: 'cara@example.edu',
      password: 'nope-nope',
    });
    const unknown = await call(server, 'POST', path, {
      email: 'nobody@example.edu',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: messages.wrongEmailOrPassword });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a second sign-up for the same email with 409, in any case', async () => {
    await call(server, 'POST', path, {
      name: 'Dev',
      email: 'dev@example.edu',
      password: 'devdevdev1',
    });
    const again = await call(server, 'POST', path, {
      name: 'Dev 2',
      email: 'DEV@example.edu',
      password: 'other-pass-1',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.accountExists });
    // The first password still works: the duplicate changed nothing.
    expect(
      (await call(server, 'POST', path, { email: 'dev@example.edu', password: 'devdevdev1' }))
        .status,
    ).toBe(200);
  });

  it('lets exactly one of several simultaneous sign-ups for one email win', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(server, 'POST', path, {
          name: `racer ${i}`,
          email: 'race@example.edu',
          password: `race-pass-${i}`,
        }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'race@example.edu'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['no email', { password: 'abcdefgh1' }],
    ['no password', { email: 'x@example.edu' }],
    ['blank email', { email: '   ', password: 'abcdefgh1' }],
    ['empty password', { email: 'x@example.edu', password: '' }],
    ['empty name on sign-up', { name: ' ', email: 'x@example.edu', password: 'abcdefgh1' }],
    ['an email that is a number', { email: 42, password: 'abcdefgh1' }],
    ['an empty object', {}],
  ])('answers 400 "Please enter all details" for %s', async (_label, body) => {
    const res = await call(server, 'POST', path, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.enterAllDetails });
  });

  it('explains a malformed email, a short sign-up password and an over-long one', async () => {
    const badEmail = await call(server, 'POST', path, {
      email: 'not-an-email',
      password: 'abcdefgh1',
    });
    expect(badEmail).toMatchObject({ status: 400, body: { message: messages.invalidEmail } });
    const short = await call(server, 'POST', path, {
      name: 'e',
      email: 'e@example.edu',
      password: 'short',
    });
    expect(short).toMatchObject({ status: 400, body: { message: messages.passwordTooShort } });
    const long = await call(server, 'POST', path, {
      email: 'e@example.edu',
      password: 'x'.repeat(129),
    });
    expect(long).toMatchObject({ status: 400, body: { message: messages.passwordTooLong } });
  });

  it('answers malformed JSON, a JSON array and a non-JSON body with a clear 4xx {message}', async () => {
    const malformed = await call(server, 'POST', path, '{"email": "a@b.co", "password": ');
    expect(malformed).toMatchObject({ status: 400, body: { message: messages.malformedBody } });
    const array = await call(server, 'POST', path, '[1,2]');
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ message: messages.enterAllDetails });
    const form = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a@b.co',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: messages.unsupportedMediaType });
  });

  it('never lets a sign-up claim a roster entry: it answers 202 and keeps no password (issue 15)', async () => {
    await server.database.db.insert(users).values({
      email: 'roster@example.edu',
      name: 'roster student',
      year: '2',
      branch: 'cse',
      college: 'gec',
    });
    const claim = await call(server, 'POST', path, {
      name: 'Typed Name',
      email: 'roster@example.edu',
      password: 'claimed-1',
    });
    expect(claim).toMatchObject({ status: 202, body: { message: messages.signUpCheckEmail } });
    const [row] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'roster@example.edu'));
    expect(row).toMatchObject({ name: 'roster student', passwordHash: null });
    // The claim happens through the mailed link only (sign-up-claims.test.ts).
    expect(
      (await call(server, 'POST', path, { email: 'roster@example.edu', password: 'claimed-1' }))
        .status,
    ).toBe(401);
  });

  it('slows the address that keeps failing on an account, even for the right password', async () => {
    await call(server, 'POST', path, {
      name: 'Fay',
      email: 'fay@example.edu',
      password: 'fay-right-1',
    });
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(server, 'POST', path, { email: 'fay@example.edu', password: 'wrong' })).status,
      ).toBe(401);
    }
    const blocked = await call(server, 'POST', path, {
      email: 'fay@example.edu',
      password: 'fay-right-1',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: messages.tooManyAttempts });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The count lives in the database, where every server process reads it.
    const rows = await server.database.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.key, 'login:account:fay@example.edu'));
    expect(rows[0]?.failures).toBe(3);
    // Another account from the same address is unaffected.
    await call(server, 'POST', path, {
      name: 'Gil',
      email: 'gil@example.edu',
      password: 'gil-right-1',
    });
    expect(
      (await call(server, 'POST', path, { email: 'gil@example.edu', password: 'gil-right-1' }))
        .status,
    ).toBe(200);
  });

  it('lets the account in again once its window has passed, and a success clears its count', async () => {
    await call(server, 'POST', path, {
      name: 'Hal',
      email: 'hal@example.edu',
      password: 'hal-right-1',
    });
    for (let i = 0; i < 3; i++)
      await call(server, 'POST', path, { email: 'hal@example.edu', password: 'wrong' });
    expect(
      (await call(server, 'POST', path, { email: 'hal@example.edu', password: 'hal-right-1' }))
        .status,
    ).toBe(429);
    // Move the failures into the past instead of waiting for them to be forgotten.
    await server.database.db.execute(
      sql`update auth_failures set last_failed_at = now() - interval '16 minutes' where key like 'login:%hal@example.edu'`,
    );
    expect(
      (await call(server, 'POST', path, { email: 'hal@example.edu', password: 'hal-right-1' }))
        .status,
    ).toBe(200);
    // Two failures, a success, two more failures: the success restarted the count, so no block.
    for (let i = 0; i < 2; i++)
      await call(server, 'POST', path, { email: 'hal@example.edu', password: 'wrong' });
    expect(
      (await call(server, 'POST', path, { email: 'hal@example.edu', password: 'hal-right-1' }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 2; i++)
      await call(server, 'POST', path, { email: 'hal@example.edu', password: 'wrong' });
    expect(
      (await call(server, 'POST', path, { email: 'hal@example.edu', password: 'hal-right-1' }))
        .status,
    ).toBe(200);
  });
});

describe.each(databaseKinds)('login rate limit per address on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
      LOGIN_MAX_FAILURES_PER_IP: '4',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('blocks an address that fails on many accounts', async () => {
    await call(server, 'POST', path, {
      name: 'Ivy',
      email: 'ivy@example.edu',
      password: 'ivy-right-1',
    });
    for (let i = 0; i < 4; i++) {
      const res = await call(server, 'POST', path, {
        email: `guess${i}@example.edu`,
        password: 'guess',
      });
      expect(res.status).toBe(401);
    }
    const blocked = await call(server, 'POST', path, {
      email: 'ivy@example.edu',
      password: 'ivy-right-1',
    });
    expect(blocked).toMatchObject({ status: 429, body: { message: messages.tooManyAttempts } });
  });
});

/** A login from a given client address (the server trusts X-Forwarded-For here, as behind a proxy). */
const loginFrom = (server: TestServer, ip: string, email: string, password: string) =>
  call(server, 'POST', path, { email, password }, { 'x-forwarded-for': ip });

describe.each(databaseKinds)('failed logins slow the one who fails on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { ...adminEnv, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('eleven wrong tries from one address never lock the owner out elsewhere (issue 15)', async () => {
    await call(server, 'POST', path, {
      name: 'Jo',
      email: 'jo@example.edu',
      password: 'jo-right-1',
    });
    for (let i = 0; i < 11; i++) {
      const res = await loginFrom(server, '203.0.113.9', 'jo@example.edu', 'wrong');
      if (res.status === 429) break; // the eleventh waits already
      expect(res.status).toBe(401);
    }
    const attacker = await loginFrom(server, '203.0.113.9', 'jo@example.edu', 'jo-right-1');
    expect(attacker).toMatchObject({ status: 429, body: { message: messages.tooManyAttempts } });
    const owner = await loginFrom(server, '198.51.100.7', 'jo@example.edu', 'jo-right-1');
    expect(owner.status).toBe(200);
  });

  it('the administrator can always get in from an address that has not been failing', async () => {
    for (let i = 0; i < 12; i++)
      await call(
        server,
        'POST',
        '/api/admin/login',
        { email: ADMIN.email, password: 'guess' },
        { 'x-forwarded-for': '203.0.113.10' },
      );
    const attacker = await call(server, 'POST', '/api/admin/login', ADMIN, {
      'x-forwarded-for': '203.0.113.10',
    });
    expect(attacker.status).toBe(429);
    const admin = await call(server, 'POST', '/api/admin/login', ADMIN, {
      'x-forwarded-for': '198.51.100.8',
    });
    expect(admin.status).toBe(200);
  });

  it('waits grow with each further failure, and end a window after the last one', async () => {
    await call(server, 'POST', path, {
      name: 'Kim',
      email: 'kim@example.edu',
      password: 'kim-right-1',
    });
    for (let i = 0; i < 10; i++)
      await loginFrom(server, '203.0.113.11', 'kim@example.edu', 'wrong');
    const first = await loginFrom(server, '203.0.113.11', 'kim@example.edu', 'kim-right-1');
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    // The wait over (moved into the past), one more wrong try doubles the next wait.
    const past = (interval: string) =>
      server.database.db.execute(
        sql`update auth_failures set last_failed_at = now() - ${interval}::interval where key like ${'login:%kim@example.edu'}`,
      );
    await past('6 seconds');
    expect((await loginFrom(server, '203.0.113.11', 'kim@example.edu', 'wrong')).status).toBe(401);
    const second = await loginFrom(server, '203.0.113.11', 'kim@example.edu', 'kim-right-1');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(5);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    await past('16 minutes');
    expect((await loginFrom(server, '203.0.113.11', 'kim@example.edu', 'kim-right-1')).status).toBe(
      200,
    );
  });

  it('a guess spread over many addresses slows every address that failed twice, not the others', async () => {
    await call(server, 'POST', path, {
      name: 'Lee',
      email: 'lee@example.edu',
      password: 'lee-right-1',
    });
    for (let i = 1; i <= 10; i++)
      expect((await loginFrom(server, `192.0.2.${i}`, 'lee@example.edu', 'wrong')).status).toBe(
        401,
      );
    // 192.0.2.1 fails a second time: it now shares the account-wide wait.
    expect((await loginFrom(server, '192.0.2.1', 'lee@example.edu', 'wrong')).status).toBe(401);
    expect((await loginFrom(server, '192.0.2.1', 'lee@example.edu', 'lee-right-1')).status).toBe(
      429,
    );
    // One failure is one typo: 192.0.2.2 may still try, and an address that never failed gets in.
    expect((await loginFrom(server, '192.0.2.2', 'lee@example.edu', 'wrong')).status).toBe(401);
    expect((await loginFrom(server, '192.0.2.200', 'lee@example.edu', 'lee-right-1')).status).toBe(
      200,
    );
    // The owner's success cleared the account's counts, from every address.
    const left = await server.database.db.execute(
      sql`select count(*)::int as n from auth_failures where key like ${'login:%lee@example.edu'}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
