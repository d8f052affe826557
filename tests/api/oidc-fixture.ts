/**
 * A real OpenID provider for the single sign-on tests: oidc-provider (the certified Node
 * provider) on a random port, with its development sign-in and consent forms, and a browser-like
 * walk through them (redirects followed by hand, one cookie jar per origin). Also a provider that
 * answers too late, for the timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export type TestAccount = {
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

export function freePort(): Promise<number> {
  const probe = http.createServer();
  return listen(probe).then((port) => new Promise((resolve) => probe.close(() => resolve(port))));
}

/** `accounts`: login name (typed in the provider's form) → claims. */
export async function startTestProvider(
  redirectUri: string,
  accounts: Record<string, TestAccount>,
  options: {
    idTokenTtlSeconds?: number;
    /** false: the ID token carries `sub` only, the rest comes from the userinfo endpoint. */
    claimsInIdToken?: boolean;
  } = {},
): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const clientId = 'campus-portal';
  const clientSecret = 'portal-test-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        // The portal's pages, where the provider's logout sends the browser back.
        post_logout_redirect_uris: [
          new URL('/', redirectUri).href,
          new URL('/admin', redirectUri).href,
        ],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'groups'],
    },
    // By default claims in the ID token itself, as Google, Entra ID and Keycloak send them.
    conformIdTokenClaims: options.claimsInIdToken === false,
    pkce: { required: () => true },
    ttl: {
      IdToken: options.idTokenTtlSeconds ?? 3600,
      AccessToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: (_ctx, id) => {
      const account = accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => {
          const claims: Record<string, unknown> = { sub: id, email: account.email };
          if (account.email_verified !== undefined) claims.email_verified = account.email_verified;
          if (account.name !== undefined) claims.name = account.name;
          if (account.groups !== undefined) claims.groups = account.groups;
          return claims as { sub: string };
        },
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A provider that holds every request `delayMs`, then answers a valid discovery document: a
 * client without a timeout would go on to sign in there.
 */
export async function startSlowProvider(delayMs: number) {
  const pending = new Set<http.ServerResponse>();
  let issuer = '';
  const server = http.createServer((_request, response) => {
    pending.add(response);
    setTimeout(() => {
      pending.delete(response);
      if (response.destroyed) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    }, delayMs).unref();
  });
  const port = await listen(server);
  issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of pending) response.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Cookies per origin, as a browser keeps them (paths ignored: every test path is fine). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();
  header(url: URL): string {
    const jar = this.jars.get(url.origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }
  store(url: URL, response: Response): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
  /** For tests that tamper with or drop a cookie. */
  set(origin: string, name: string, value: string | undefined): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    if (value === undefined) jar.delete(name);
    else jar.set(name, value);
  }
  get(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }
}

export type Browser = {
  jar: CookieJar;
  /** One request, cookies sent and kept, no redirect followed. */
  request(
    url: string,
    init?: { method?: string; form?: Record<string, string> },
  ): Promise<Response>;
};

export function newBrowser(): Browser {
  const jar = new CookieJar();
  return {
    jar,
    async request(url, init = {}) {
      const target = new URL(url);
      const headers: Record<string, string> = { cookie: jar.header(target) };
      let body: string | undefined;
      if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      }
      const response = await fetch(target, {
        method: init.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
        redirect: 'manual',
      });
      jar.store(target, response);
      return response;
    },
  };
}

/**
 * Follows redirects from `url`, signing in at the provider's form as `login` and consenting,
 * until a redirect leaves for `stopAt` (the portal). Answers that redirect's target.
 */
export async function walkProvider(
  browser: Browser,
  url: string,
  login: string,
  stopAt: string,
): Promise<URL> {
  let next = new URL(url);
  for (let step = 0; step < 20; step += 1) {
    if (next.origin === new URL(stopAt).origin) return next;
    const response = await browser.request(next.href);
    const location = response.headers.get('location');
    if (location) {
      next = new URL(location, next);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`no form at ${next.href} (${response.status}): ${html.slice(0, 300)}`);
    const posted = await browser.request(new URL(action, next).href, {
      form: prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
    });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the ${prompt} form did not redirect (${posted.status})`);
    next = new URL(after, next);
  }
  throw new Error('too many steps at the provider');
}
