// Access rules of a sitting (issue 32 item 4) on both databases, through real HTTP: allowed
// networks with and without TRUST_PROXY (X-Forwarded-For believed only from a trusted proxy), the
// sitting password (needed, wrong, throttled with sign-in's message, remembered once accepted,
// asked again for a new password), Safe Exam Browser (no header, a wrong hash, the hash of the
// exact URL, behind a proxy too), on challenges and exams alike, each refusal naming its rule; the
// staff calls never give the password or its hash back.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages,
  challengeAccessRulesPath,
  examAccessRulesPath,
  type AccessRulesRequest,
} from '../../src/contract/access-rules.ts';
import { compilerTimerPath, type GetTokenResponse } from '../../src/contract/compiler.ts';
import {
  studentExamFinishPath,
  studentExamOpenPath,
  studentExamTimerPath,
} from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  startServer,
  type TestServer,
} from './harness.ts';
import { createExam, examInput, seedStudents, type ExamStudent } from './exam-fixtures.ts';
import { seedChallenge } from './results-fixtures.ts';

const KEY = '81aad4ab9dfd447cc479e6a4a7c9a544e2cafc7f3adeb68b2a21efad68eca4dc';
/** What SEB sends (its developer documentation): hex SHA-256 of the absolute URL, then the key. */
const sebHash = (url: string, key = KEY) =>
  crypto
    .createHash('sha256')
    .update(url + key)
    .digest('hex');
const noRules: AccessRulesRequest = {
  networks: [],
  password: { action: 'clear' },
  sebConfigKey: null,
};
const FAILURES_ALLOWED = 3;

describe.each(databaseKinds)('access rules on %s', (kind) => {
  let plain: TestServer;
  let proxied: TestServer;
  const admins = new Map<TestServer, Record<string, string>>();
  let counter = 0;

  beforeAll(async () => {
    const env = {
      ...adminEnv,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(FAILURES_ALLOWED),
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    };
    plain = await startServer(kind, env);
    // Behind a reverse proxy on this machine: its X-Forwarded-* headers are believed.
    proxied = await startServer(kind, { ...env, TRUST_PROXY: '127.0.0.1' });
    for (const server of [plain, proxied]) {
      admins.set(server, bearer(await adminToken(server)));
      for (const id of ['AR-C1', 'AR-C2', 'AR-C3', 'AR-C4', 'AR-E1'])
        await seedChallenge(server, id);
    }
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  const admin = (server: TestServer) => admins.get(server) ?? {};
  const student = async (server: TestServer) => {
    const [s] = await seedStudents(server, `ar-${kind}-${(counter += 1)}`, 1);
    if (!s) throw new Error('no student');
    return s;
  };
  const setChallengeRules = async (server: TestServer, id: string, rules: AccessRulesRequest) => {
    const res = await call(server, 'PUT', challengeAccessRulesPath(id), rules, admin(server));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const getToken = (
    server: TestServer,
    s: ExamStudent,
    challengeId: string,
    headers: Record<string, string> = {},
    examCode?: string,
  ) =>
    call(
      server,
      'POST',
      '/api/user/getToken',
      { email: s.email, name: s.name, challengeId, ...(examCode ? { examCode } : {}) },
      { ...s.session, ...headers },
    );
  /** The compiler page's headers from an accepted getToken. */
  const compilerHeaders = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { token, url = '' } = res.body as GetTokenResponse;
    const appKey = new URL(url, 'http://x').searchParams.get('appKey') ?? '';
    return { ...bearer(token), 'x-app-key': appKey };
  };
  const refusal = (message: string, status = 403) => ({ status, body: { message } });

  it('lets staff set, read, keep and clear the rules, never giving the password back', async () => {
    const path = challengeAccessRulesPath('AR-C1');
    const set = await setChallengeRules(plain, 'AR-C1', {
      networks: ['10.1.2.3/24', ' 2001:DB8::1/48 ', '10.1.2.0/24'],
      password: { action: 'set', value: 'blue-42' },
      sebConfigKey: KEY.toUpperCase(),
    });
    const expected = {
      networks: ['10.1.2.0/24', '2001:db8::/48'],
      passwordSet: true,
      sebConfigKey: KEY,
    };
    expect(set).toEqual(expected);
    const read = await call(plain, 'GET', path, undefined, admin(plain));
    expect(read).toMatchObject({ status: 200, body: expected });
    expect(JSON.stringify(read.body)).not.toMatch(/blue-42|scrypt|hash/u);
    // Stored hashed, never as typed.
    const [row] = await queryRows(
      plain,
      `select s.access_rules::text as rules from sittings s where s.challenge_id = 'AR-C1'`,
    );
    expect(String(row?.rules)).toContain('scrypt$');
    expect(String(row?.rules)).not.toContain('blue-42');

    const kept = await setChallengeRules(plain, 'AR-C1', {
      networks: [],
      password: { action: 'keep' },
      sebConfigKey: null,
    });
    expect(kept).toEqual({ networks: [], passwordSet: true, sebConfigKey: null });
    const [after] = await queryRows(
      plain,
      `select s.access_rules->'password'->>'hash' as hash from sittings s where s.challenge_id = 'AR-C1'`,
    );
    expect(String(after?.hash)).toContain('scrypt$');
    expect(await setChallengeRules(plain, 'AR-C1', noRules)).toEqual({
      networks: [],
      passwordSet: false,
      sebConfigKey: null,
    });

    // Validation names what is wrong; students and unknown tests are refused.
    const bad = (body: unknown) => call(plain, 'PUT', path, body, admin(plain));
    expect(await bad({ ...noRules, networks: ['10.0.0.0/33'] })).toMatchObject(
      refusal(accessMessages.invalidNetwork.replace('{value}', '10.0.0.0/33'), 400),
    );
    expect(await bad({ ...noRules, sebConfigKey: 'abc' })).toMatchObject(
      refusal(accessMessages.invalidConfigKey, 400),
    );
    expect(await bad({ ...noRules, password: { action: 'set', value: 'ab' } })).toMatchObject(
      refusal(accessMessages.passwordTooShort, 400),
    );
    const s = await student(plain);
    expect((await call(plain, 'GET', path, undefined, s.session)).status).toBe(403);
    expect(
      (await call(plain, 'GET', challengeAccessRulesPath('NOPE'), undefined, admin(plain))).status,
    ).toBe(404);
    expect(
      (await call(plain, 'GET', examAccessRulesPath('NOPE'), undefined, admin(plain))).status,
    ).toBe(404);
  });

  it('checks networks against the socket address without TRUST_PROXY, whatever X-Forwarded-For says', async () => {
    await setChallengeRules(plain, 'AR-C2', { ...noRules, networks: ['10.0.0.0/8'] });
    const s = await student(plain);
    expect(await getToken(plain, s, 'AR-C2', { 'x-forwarded-for': '10.1.1.1' })).toMatchObject(
      refusal(accessMessages.networkRefused),
    );
    // The loopback range (the test's own address, IPv4 or IPv4-mapped) lets the student in.
    await setChallengeRules(plain, 'AR-C2', { ...noRules, networks: ['127.0.0.0/8', '::1/128'] });
    const headers = compilerHeaders(
      await getToken(plain, s, 'AR-C2', { 'x-forwarded-for': '192.0.2.1' }),
    );
    expect(
      (await call(plain, 'GET', '/api/compiler/challenge/AR-C2', undefined, headers)).status,
    ).toBe(200);
    await setChallengeRules(plain, 'AR-C2', noRules);
  });

  it('checks networks against X-Forwarded-For from a trusted proxy, on every compiler call', async () => {
    await setChallengeRules(proxied, 'AR-C2', {
      ...noRules,
      networks: ['10.20.0.0/16', '2001:db8:5::/48'],
    });
    const s = await student(proxied);
    const inRoom = { 'x-forwarded-for': '10.20.3.4' };
    const outside = { 'x-forwarded-for': '10.21.0.1' };
    expect(await getToken(proxied, s, 'AR-C2', outside)).toMatchObject(
      refusal(accessMessages.networkRefused),
    );
    expect(
      (await getToken(proxied, s, 'AR-C2', { 'x-forwarded-for': '2001:db8:5::7' })).status,
    ).toBe(200);
    const headers = compilerHeaders(await getToken(proxied, s, 'AR-C2', inRoom));
    const statement = (extra: Record<string, string>) =>
      call(proxied, 'GET', '/api/compiler/challenge/AR-C2', undefined, { ...headers, ...extra });
    const submit = (extra: Record<string, string>) =>
      call(
        proxied,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'AR-C2', code: 'print(1)' },
        { ...headers, ...extra },
      );
    expect((await statement(inRoom)).status).toBe(200);
    expect(await statement(outside)).toMatchObject(refusal(accessMessages.networkRefused));
    // Submit's batched read carries the rules: refused from outside, taken from the room.
    expect(await submit(outside)).toMatchObject(refusal(accessMessages.networkRefused));
    expect((await submit(inRoom)).status).toBe(202);
    for (const path of ['/api/compiler/history/AR-C2', compilerTimerPath('AR-C2')]) {
      expect(await call(proxied, 'GET', path, undefined, { ...headers, ...outside })).toMatchObject(
        refusal(accessMessages.networkRefused),
      );
      expect((await call(proxied, 'GET', path, undefined, { ...headers, ...inRoom })).status).toBe(
        200,
      );
    }
    expect(
      await call(
        proxied,
        'POST',
        '/api/compiler/run',
        { challengeId: 'AR-C2', code: 'print(1)', stdin: '' },
        { ...headers, ...outside },
      ),
    ).toMatchObject(refusal(accessMessages.networkRefused));
  });

  it('asks for the sitting password, refuses a wrong one, throttles, and remembers a right one', async () => {
    await setChallengeRules(plain, 'AR-C3', {
      ...noRules,
      password: { action: 'set', value: 'Blue 42 é' },
    });
    const typed = (password: string) => ({ 'x-sitting-password': encodeURIComponent(password) });
    const guesser = await student(plain);
    expect(await getToken(plain, guesser, 'AR-C3')).toMatchObject(
      refusal(accessMessages.passwordNeeded),
    );
    for (let i = 0; i < FAILURES_ALLOWED; i += 1)
      expect(await getToken(plain, guesser, 'AR-C3', typed(`guess-${i}`))).toMatchObject(
        refusal(accessMessages.passwordWrong),
      );
    // Past the limit even the right password waits, with sign-in's message and Retry-After.
    const throttled = await getToken(plain, guesser, 'AR-C3', typed('Blue 42 é'));
    expect(throttled).toMatchObject(refusal(messages.tooManyAttempts, 429));
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another student in the same room is not slowed by the guesser.
    const s = await student(plain);
    const headers = compilerHeaders(await getToken(plain, s, 'AR-C3', typed(' Blue 42 é ')));
    // Remembered: no call asks again.
    expect((await getToken(plain, s, 'AR-C3')).status).toBe(200);
    expect(
      (await call(plain, 'GET', '/api/compiler/challenge/AR-C3', undefined, headers)).status,
    ).toBe(200);
    const submit = () =>
      call(
        plain,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'AR-C3', code: 'print(1)' },
        headers,
      );
    expect((await submit()).status).toBe(202);
    expect(
      (await call(plain, 'GET', '/api/compiler/history/AR-C3', undefined, headers)).status,
    ).toBe(200);

    // A new password asks again, Submit's batched read included.
    await setChallengeRules(plain, 'AR-C3', {
      ...noRules,
      password: { action: 'set', value: 'green-7' },
    });
    expect(await submit()).toMatchObject(refusal(accessMessages.passwordNeeded));
    expect(
      await call(plain, 'GET', '/api/compiler/challenge/AR-C3', undefined, headers),
    ).toMatchObject(refusal(accessMessages.passwordNeeded));
    expect(
      (
        await call(plain, 'GET', '/api/compiler/challenge/AR-C3', undefined, {
          ...headers,
          ...typed('green-7'),
        })
      ).status,
    ).toBe(200);
    expect((await submit()).status).toBe(202);
    await setChallengeRules(plain, 'AR-C3', noRules);
    expect((await getToken(plain, guesser, 'AR-C3')).status).toBe(200);
  });

  it('accepts only the Safe Exam Browser hash of the exact URL for the Config Key', async () => {
    await setChallengeRules(plain, 'AR-C4', { ...noRules, sebConfigKey: KEY });
    const s = await student(plain);
    const seb = (url: string) => ({ 'x-safeexambrowser-configkeyhash': sebHash(url) });
    const tokenUrl = `${plain.url}/api/user/getToken`;
    expect(await getToken(plain, s, 'AR-C4')).toMatchObject(refusal(accessMessages.sebRequired));
    expect(await getToken(plain, s, 'AR-C4', seb(`${tokenUrl}?x=1`))).toMatchObject(
      refusal(accessMessages.sebWrongConfig),
    );
    expect(
      await getToken(plain, s, 'AR-C4', {
        'x-safeexambrowser-configkeyhash': sebHash(tokenUrl, KEY.replace('8', '9')),
      }),
    ).toMatchObject(refusal(accessMessages.sebWrongConfig));
    const headers = compilerHeaders(await getToken(plain, s, 'AR-C4', seb(tokenUrl)));
    // Each call carries the hash of its own URL, query included.
    const statementPath = '/api/compiler/challenge/AR-C4?lang=en';
    const statement = (hash: Record<string, string>) =>
      call(plain, 'GET', statementPath, undefined, { ...headers, ...hash });
    expect((await statement(seb(`${plain.url}${statementPath}`))).status).toBe(200);
    expect(await statement(seb(tokenUrl))).toMatchObject(refusal(accessMessages.sebWrongConfig));
    expect(await statement({})).toMatchObject(refusal(accessMessages.sebRequired));
    await setChallengeRules(plain, 'AR-C4', noRules);
  });

  it('rebuilds the URL SEB hashed from X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy', async () => {
    await setChallengeRules(proxied, 'AR-C4', { ...noRules, sebConfigKey: KEY });
    const s = await student(proxied);
    const forwarded = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'exam.campus.example',
      'x-forwarded-for': '10.20.3.4',
    };
    const asBrowser = sebHash('https://exam.campus.example/api/user/getToken');
    expect(
      (
        await getToken(proxied, s, 'AR-C4', {
          ...forwarded,
          'x-safeexambrowser-configkeyhash': asBrowser,
        })
      ).status,
    ).toBe(200);
    expect(
      await getToken(proxied, s, 'AR-C4', {
        ...forwarded,
        'x-safeexambrowser-configkeyhash': sebHash(`${proxied.url}/api/user/getToken`),
      }),
    ).toMatchObject(refusal(accessMessages.sebWrongConfig));
    await setChallengeRules(proxied, 'AR-C4', noRules);
  });

  it('applies the rules of an exam to its screen, its timer, its finish, getToken and the compiler calls', async () => {
    await createExam(
      plain,
      admin(plain),
      examInput('AR-EX', [{ points: 10, challengeIds: ['AR-E1'] }]),
    );
    const put = (rules: AccessRulesRequest) =>
      call(plain, 'PUT', examAccessRulesPath('ar-ex'), rules, admin(plain));
    expect(
      await put({ ...noRules, password: { action: 'set', value: 'exam-pass' } }),
    ).toMatchObject({
      status: 200,
      body: { passwordSet: true },
    });
    expect(
      (await call(plain, 'GET', examAccessRulesPath('AR-EX'), undefined, admin(plain))).body,
    ).toEqual({ networks: [], passwordSet: true, sebConfigKey: null });
    const s = await student(plain);
    const open = (headers: Record<string, string> = {}) =>
      call(plain, 'POST', studentExamOpenPath('AR-EX'), undefined, { ...s.session, ...headers });
    expect(await open()).toMatchObject(refusal(accessMessages.passwordNeeded));
    expect(await open({ 'x-sitting-password': 'wrong' })).toMatchObject(
      refusal(accessMessages.passwordWrong),
    );
    expect((await open({ 'x-sitting-password': 'exam-pass' })).status).toBe(200);
    expect((await open()).status).toBe(200);
    const headers = compilerHeaders(await getToken(plain, s, 'AR-E1', {}, 'AR-EX'));
    expect(
      (await call(plain, 'GET', '/api/compiler/challenge/AR-E1?examCode=AR-EX', undefined, headers))
        .status,
    ).toBe(200);
    expect(
      (await call(plain, 'GET', studentExamTimerPath('AR-EX'), undefined, s.session)).status,
    ).toBe(200);

    // A network rule refuses every exam call from elsewhere, naming itself.
    expect((await put({ ...noRules, networks: ['10.0.0.0/8'] })).status).toBe(200);
    expect(await open()).toMatchObject(refusal(accessMessages.networkRefused));
    expect(await getToken(plain, s, 'AR-E1', {}, 'AR-EX')).toMatchObject(
      refusal(accessMessages.networkRefused),
    );
    for (const path of [
      '/api/compiler/challenge/AR-E1?examCode=AR-EX',
      '/api/compiler/history/AR-E1?examCode=AR-EX',
      `${compilerTimerPath('AR-E1')}?examCode=AR-EX`,
    ])
      expect(await call(plain, 'GET', path, undefined, headers)).toMatchObject(
        refusal(accessMessages.networkRefused),
      );
    expect(
      await call(
        plain,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'AR-E1', code: 'print(1)', examCode: 'AR-EX' },
        headers,
      ),
    ).toMatchObject(refusal(accessMessages.networkRefused));
    expect(
      await call(plain, 'GET', studentExamTimerPath('AR-EX'), undefined, s.session),
    ).toMatchObject(refusal(accessMessages.networkRefused));
    expect(
      await call(plain, 'POST', studentExamFinishPath('AR-EX'), undefined, s.session),
    ).toMatchObject(refusal(accessMessages.networkRefused));
    expect((await put(noRules)).status).toBe(200);
    expect(
      (await call(plain, 'POST', studentExamFinishPath('AR-EX'), undefined, s.session)).status,
    ).toBe(200);
  });
});
