/**
 * Campus single sign-on (issue 18) against a real OpenID provider (oidc-provider, in-process) and
 * the real server and database: the whole code flow with PKCE, state and nonce, linking by
 * verified email, new students by allowed domain, administrators by email or group, tampered
 * state and nonce, the ID token's 60-second leeway, and a provider slower than the 10-second
 * timeout.
 */
import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  oidcLogoutUrl,
  oidcSessionPath,
  oidcSettingsPath,
  oidcStartUrl,
  type OidcSessionResponse,
  type SsoAudience,
} from '../../src/contract/oidc.ts';
import { totalStudentCountPath } from '../../src/contract/admin.ts';
import { createResetPasswordPath, resetPasswordPath } from '../../src/contract/password-reset.ts';
import { choosePasswordPath } from '../../src/contract/one-time-passwords.ts';
import { createSsoTokens } from '../../src/server/auth/oidc/sso-tokens.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { setOneTimePassword } from '../../src/server/users/one-time-password-queries.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  bearer,
  call,
  databaseKinds,
  startServer,
  type DatabaseKind,
  type TestServer,
} from './harness.ts';
import {
  freePort,
  newBrowser,
  startSlowProvider,
  startTestProvider,
  walkProvider,
  type Browser,
  type TestAccount,
  type TestProvider,
} from './oidc-fixture.ts';
import { resetTokenIn, startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';
import { bound } from './bounds.ts';

const ACCOUNTS: Record<string, TestAccount> = {
  ada: { email: 'Ada.Lovelace@college.edu', email_verified: true, name: 'Ada Lovelace' },
  grace: { email: 'grace@college.edu', email_verified: true, name: 'Grace Hopper' },
  outsider: { email: 'someone@gmail.example', email_verified: true, name: 'Out Sider' },
  linked: { email: 'linked@other.example', email_verified: true, name: 'Linked Student' },
  unverified: { email: 'unverified@college.edu', email_verified: false },
  // Entra ID sends no email_verified: trusted only inside an allowed domain.
  silent: { email: 'silent@college.edu', name: 'Silent Claim' },
  dean: { email: 'dean@college.edu', email_verified: true, name: 'The Dean' },
  staff: { email: 'staff@college.edu', email_verified: true, groups: ['portal-admins'] },
  slip: { email: 'slip@college.edu', email_verified: true, name: 'Slip Holder' },
};

type Portal = { server: TestServer; secret: string };

async function startPortal(
  kind: DatabaseKind,
  provider: { issuer: string; clientId?: string; clientSecret?: string },
  port: number,
  extra: Record<string, string> = {},
  clockSkewSeconds = 0,
): Promise<Portal> {
  const secret = crypto.randomBytes(32).toString('hex');
  const server = await startServer(
    kind,
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: secret,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId ?? 'campus-portal',
      OIDC_CLIENT_SECRET: provider.clientSecret ?? 'unused-secret',
      OIDC_ALLOWED_DOMAINS: 'college.edu',
      OIDC_ADMIN_EMAILS: 'dean@college.edu',
      OIDC_ADMIN_GROUP: 'portal-admins',
      OIDC_BUTTON_LABEL: 'Campus ID',
      ...extra,
    },
    { oidcClockSkewSeconds: clockSkewSeconds },
  );
  return { server, secret };
}

/** The page the browser lands on: the path and the fragment's one key and value. */
function landing(url: URL) {
  const [key = '', value = ''] = url.hash.slice(1).split('=');
  return { path: url.pathname, key, value: decodeURIComponent(value) };
}

/** Start → provider (signed in as `login`) → the portal's callback URL, not yet opened. */
async function toCallback(portal: Portal, browser: Browser, login: string, audience: SsoAudience) {
  const started = await browser.request(portal.server.url + oidcStartUrl(audience));
  expect(started.status).toBe(303);
  const location = started.headers.get('location') ?? '';
  expect(location.startsWith(portal.server.url)).toBe(false);
  return walkProvider(browser, location, login, portal.server.url);
}

/** Opens the callback; answers where the portal sends the browser. */
async function openCallback(browser: Browser, callback: URL) {
  const answer = await browser.request(callback.href);
  expect(answer.status).toBe(303);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return landing(new URL(answer.headers.get('location') ?? '', callback));
}

async function signIn(portal: Portal, login: string, audience: SsoAudience = 'student') {
  const browser = newBrowser();
  const callback = await toCallback(portal, browser, login, audience);
  return openCallback(browser, callback);
}

async function exchange(portal: Portal, handover: string) {
  return call(portal.server, 'POST', oidcSessionPath, { handover });
}

describe('single sign-on when not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server?.close());

  it('says it is off, and its calls do not exist', async () => {
    expect((await call(server, 'GET', oidcSettingsPath)).body).toEqual({ enabled: false });
    const start = await call(server, 'GET', oidcStartUrl('student'));
    expect(start.status).toBe(404);
    expect(start.body).toEqual({ message: expect.any(String) });
  });

  it('refuses half a configuration with a message naming the variables', () => {
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'https://login.example.edu', OIDC_CLIENT_ID: 'portal' }),
    ).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
  });
});

describe.each(databaseKinds)('single sign-on on %s', (kind) => {
  let provider: TestProvider;
  let portal: Portal;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startTestProvider(`http://127.0.0.1:${port}/api/auth/oidc/callback`, ACCOUNTS);
    portal = await startPortal(kind, provider, port);
  });
  afterAll(async () => {
    await portal?.server.close();
    await provider?.close();
  });

  it('tells the page its button label', async () => {
    const settings = await call(portal.server, 'GET', oidcSettingsPath);
    expect(settings.body).toEqual({ enabled: true, label: 'Campus ID' });
  });

  it('signs a new student in through the whole code flow, with the portal’s own session', async () => {
    const browser = newBrowser();
    const started = await browser.request(portal.server.url + oidcStartUrl('student'));
    const authorize = new URL(started.headers.get('location') ?? '');
    // PKCE with S256, a state and a nonce, our registered redirect URI.
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${portal.server.url}/api/auth/oidc/callback`,
    );
    const flowCookie = started.headers.getSetCookie().join('\n');
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/SameSite=Lax/i);

    const callback = await walkProvider(browser, authorize.href, 'ada', portal.server.url);
    const back = await openCallback(browser, callback);
    expect(back.path).toBe('/');
    expect(back.key).toBe('sso');

    const answer = await exchange(portal, back.value);
    expect(answer.status).toBe(200);
    const body = answer.body as OidcSessionResponse;
    expect(body.for).toBe('student');
    if (body.for !== 'student') return;
    // Emails compare lower-cased; names are stored as the spec's sign-up stores them.
    expect(body.session).toMatchObject({ email: 'ada.lovelace@college.edu', name: 'ada lovelace' });
    const challenges = await call(
      portal.server,
      'GET',
      '/api/user/getChallenges',
      undefined,
      bearer(body.session.token),
    );
    expect(challenges.status).toBe(200);

    // The hand-over gives one session only.
    const again = await exchange(portal, back.value);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: expect.any(String) });
    // And the callback cannot be opened a second time (its flow cookie is gone).
    expect((await openCallback(browser, callback)).value).toBe('expired');
  });

  it('links an existing student, of any domain, by verified email', async () => {
    const signUp = await call(portal.server, 'POST', '/api/user/loginSignUp', {
      email: 'linked@other.example',
      password: 'Linked-pass-1',
      name: 'Linked',
    });
    expect(signUp.status).toBe(200);
    const back = await signIn(portal, 'linked');
    const answer = await exchange(portal, back.value);
    const body = answer.body as OidcSessionResponse;
    expect(body.for === 'student' && body.session.id).toBe((signUp.body as { id: string }).id);
  });

  it('spends a pending one-time password when the student signs in by SSO', async () => {
    const signUp = await call(portal.server, 'POST', '/api/user/loginSignUp', {
      email: 'slip@college.edu',
      password: 'Slip-holder-pass-1',
      name: 'Slip',
    });
    expect(signUp.status).toBe(200);
    const { id } = signUp.body as { id: string };
    // As staff set one (the printed slip): the hash in place of the password, with its expiry.
    const slip = 'k7mq2-xp4tr';
    await setOneTimePassword(portal.server.database.db, {
      userId: id,
      passwordHash: await hashPassword(slip),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const withSlip = { email: 'slip@college.edu', password: slip };
    const before = await call(portal.server, 'POST', '/api/user/loginSignUp', withSlip);
    expect(before.body).toMatchObject({ mustChangePassword: true });
    const { token: changeToken } = before.body as { token: string };

    const back = await signIn(portal, 'slip');
    const answer = await exchange(portal, back.value);
    const body = answer.body as OidcSessionResponse;
    expect(body.for === 'student' && body.session.id).toBe(id);
    // The slip no longer signs in, and the change token it gave can no longer choose.
    const after = await call(portal.server, 'POST', '/api/user/loginSignUp', withSlip);
    expect(after.status).toBe(401);
    expect(after.body).not.toHaveProperty('mustChangePassword');
    const chosen = await call(portal.server, 'PUT', choosePasswordPath, {
      token: changeToken,
      password: 'A-new-pass-for-slip-9',
    });
    expect(chosen.status).toBe(400);
    // The SSO session itself works.
    if (body.for !== 'student') return;
    const own = await call(
      portal.server,
      'GET',
      '/api/user/getChallenges',
      undefined,
      bearer(body.session.token),
    );
    expect(own.status).toBe(200);
  });

  it('refuses a new student outside the allowed domains and an unverified email', async () => {
    expect(await signIn(portal, 'outsider')).toMatchObject({
      path: '/',
      key: 'sso-error',
      value: 'domain-not-allowed',
    });
    expect((await signIn(portal, 'unverified')).value).toBe('email-unverified');
    // No email_verified claim at all: trusted inside the college's own domain.
    expect((await signIn(portal, 'silent')).key).toBe('sso');
  });

  it('signs administrators in by email or by group, and nobody else', async () => {
    for (const login of ['dean', 'staff']) {
      const back = await signIn(portal, login, 'admin');
      expect(back).toMatchObject({ path: '/admin', key: 'sso' });
      const body = (await exchange(portal, back.value)).body as OidcSessionResponse;
      expect(body.for).toBe('admin');
      const total = await call(
        portal.server,
        'GET',
        totalStudentCountPath,
        undefined,
        bearer(body.session.token),
      );
      expect(total.status).toBe(200);
    }
    expect(await signIn(portal, 'grace', 'admin')).toMatchObject({
      path: '/admin',
      key: 'sso-error',
      value: 'not-admin',
    });
    // An administrator created by SSO has no password that works.
    const login = await call(portal.server, 'POST', '/api/admin/login', {
      email: 'dean@college.edu',
      password: '!sso-only',
    });
    expect(login.status).toBe(401);
  });

  it('sends a Log Out on to the provider’s logout, which comes back to the page', async () => {
    for (const audience of ['student', 'admin'] as const) {
      const answer = await newBrowser().request(`${portal.server.url}${oidcLogoutUrl(audience)}`);
      expect(answer.status).toBe(303);
      const target = new URL(answer.headers.get('location') ?? '');
      expect(target.origin).toBe(provider.issuer);
      expect(target.searchParams.get('client_id')).toBe(provider.clientId);
      expect(target.searchParams.get('post_logout_redirect_uri')).toBe(
        `${portal.server.url}${audience === 'admin' ? '/admin' : '/'}`,
      );
    }
  });

  it('refuses a tampered state, a tampered nonce and a callback in another browser', async () => {
    // State: the callback's state is not the one this browser's flow started with.
    const browser = newBrowser();
    const callback = await toCallback(portal, browser, 'grace', 'student');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expect((await openCallback(browser, tampered)).value).toBe('failed');

    // Nonce: a flow cookie signed with the installation's secret (what an insider could forge)
    // that carries the right state and verifier but another nonce.
    const second = newBrowser();
    const callback2 = await toCallback(portal, second, 'grace', 'student');
    const origin = portal.server.url;
    const claims = decodeJwt(second.jar.get(origin, 'portal_sso_flow') ?? '');
    const forged = await createSsoTokens(new TextEncoder().encode(portal.secret)).signFlow({
      for: 'student',
      state: String(claims.state),
      codeVerifier: String(claims.cv),
      nonce: 'not-the-nonce-sent-to-the-provider',
    });
    second.jar.set(origin, 'portal_sso_flow', forged);
    expect((await openCallback(second, callback2)).value).toBe('failed');

    // Another browser: no flow cookie at all.
    const third = newBrowser();
    const callback3 = await toCallback(portal, third, 'grace', 'student');
    expect((await openCallback(newBrowser(), callback3)).value).toBe('expired');
  });
});

// This provider's ID tokens carry only `sub`: the email and name come from its userinfo endpoint.
describe('roster-only sign-up, with claims from the userinfo endpoint', () => {
  let provider: TestProvider;
  let portal: Portal;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    const port = await freePort();
    provider = await startTestProvider(
      `http://127.0.0.1:${port}/api/auth/oidc/callback`,
      ACCOUNTS,
      { claimsInIdToken: false },
    );
    smtp = await startSmtpCapture();
    portal = await startPortal('pglite', provider, port, {
      STUDENT_SIGNUP: 'roster',
      SMTP_URL: smtp.url,
      SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
    });
  });
  afterAll(async () => {
    await portal?.server.close();
    await provider?.close();
    await smtp?.close();
  });

  it('does not create accounts for emails the roster does not hold, and links the others', async () => {
    expect((await signIn(portal, 'grace')).value).toBe('signup-closed');
    const roster = await portal.server.database.pool.query<{ id: string }>(
      `insert into users (email, name) values ('ada.lovelace@college.edu', 'ada') returning id`,
    );
    const back = await signIn(portal, 'ada');
    const body = (await exchange(portal, back.value)).body as OidcSessionResponse;
    expect(body.for === 'student' && body.session.id).toBe(roster.rows[0]?.id);

    // Signed in by SSO only, the student can still set a password with "Forgot Password?".
    const email = 'ada.lovelace@college.edu';
    expect((await call(portal.server, 'POST', createResetPasswordPath, { email })).status).toBe(
      200,
    );
    const token = resetTokenIn((await smtp.nextMailTo(email)).raw, portal.server.config.publicUrl);
    const reset = await call(portal.server, 'PUT', resetPasswordPath, {
      token,
      password: 'Ada-own-pass-1!',
    });
    expect(reset.status).toBe(200);
    const login = await call(portal.server, 'POST', '/api/user/loginSignUp', {
      email,
      password: 'Ada-own-pass-1!',
    });
    expect(login.status).toBe(200);
  });
});

describe('the ID token’s 60-second leeway', () => {
  const ID_TOKEN_TTL = 5;
  let provider: TestProvider;
  const portals: Portal[] = [];
  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    provider = await startTestProvider(
      `http://127.0.0.1:${ports[0]}/api/auth/oidc/callback`,
      ACCOUNTS,
      { idTokenTtlSeconds: ID_TOKEN_TTL },
    );
    // Our clock 45 s ahead: the token expired 40 s ago by it, within the leeway. 80 s ahead:
    // expired 75 s ago, beyond it. (The provider registers one redirect URI: the second portal
    // borrows the first one's address for its flows, below.)
    portals.push(await startPortal('pglite', provider, ports[0] ?? 0, {}, 45));
  });
  afterAll(async () => {
    for (const portal of portals) await portal.server.close();
    await provider?.close();
  });

  it('accepts a token expired within the leeway and refuses one beyond it', async () => {
    const [within] = portals;
    if (!within) throw new Error('no portal');
    expect((await signIn(within, 'grace')).key).toBe('sso');
    await within.server.close();
    portals.length = 0;
    const port = Number(new URL(within.server.url).port);
    const beyond = await startPortal('pglite', provider, port, {}, 80);
    portals.push(beyond);
    expect((await signIn(beyond, 'grace')).value).toBe('failed');
  });
});

describe('a provider slower than the 10-second timeout', () => {
  let slow: Awaited<ReturnType<typeof startSlowProvider>>;
  let portal: Portal;
  beforeAll(async () => {
    slow = await startSlowProvider(11_000);
    portal = await startPortal('pglite', slow, await freePort());
  });
  afterAll(async () => {
    await portal?.server.close();
    await slow?.close();
  });

  // The late answer is a valid discovery document: only the timeout keeps the portal from it.
  it(
    'sends the browser back with the "did not answer" code',
    async () => {
      const answer = await newBrowser().request(portal.server.url + oidcStartUrl('admin'));
      expect(answer.status).toBe(303);
      expect(landing(new URL(answer.headers.get('location') ?? '', portal.server.url))).toEqual({
        path: '/admin',
        key: 'sso-error',
        value: 'unavailable',
      });
    },
    bound(30_000),
  );
});
