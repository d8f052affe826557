import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messages } from '../../contract/messages.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { downloadFile } from './download.ts';
import { onTokenRefused } from './token-refusals.ts';

type FetchArgs = [input: string, init: RequestInit];

function stubFetch(impl: (...args: FetchArgs) => Promise<Response>) {
  const mock = vi.fn(impl);
  vi.stubGlobal('fetch', mock);
  return mock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it("keeps a 503's Retry-After seconds on the error (the sign-in pages wait and retry)", async () => {
    stubFetch(
      async () =>
        new Response(JSON.stringify({ message: 'Many people are signing in right now.' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        }),
    );
    const error = await apiRequest('/api/x', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Many people are signing in right now.');
    expect((error as ApiError).retryAfterSeconds).toBe(2);
  });

  it('sends JSON with the bearer token and returns the checked body', async () => {
    const fetchMock = stubFetch(async () => json(200, { ok: true, extra: 1 }));
    const result = await apiRequest('/api/x', {
      body: { a: 1 },
      token: 'tok',
      schema: z.object({ ok: z.boolean() }),
    });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    const headers = init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBe('Bearer tok');
  });

  it('uses GET without a body and sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch(async () => json(200, {}));
    await apiRequest('/api/y');
    const [, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("throws the server's message on a 4xx answer", async () => {
    stubFetch(async () => json(401, { message: 'Incorrect email or password' }));
    const error = await apiRequest('/api/x', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Incorrect email or password');
    expect((error as ApiError).status).toBe(401);
  });

  it('throws the network error message when the failure has no message (e.g. a proxy page)', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/x')).rejects.toThrow(messages.networkError);
  });

  it('throws the network error message when the request cannot be sent', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/x')).rejects.toThrow(messages.networkError);
  });

  it('gives up after the timeout with the network error message', async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const started = Date.now();
    await expect(apiRequest('/api/slow', { timeoutMs: 30 })).rejects.toThrow(messages.networkError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a success body that does not match the schema', async () => {
    stubFetch(async () => json(200, { nope: true }));
    await expect(apiRequest('/api/x', { schema: z.object({ ok: z.boolean() }) })).rejects.toThrow(
      messages.internalError,
    );
  });
});

describe('a refused bearer token (issue 15 item 4)', () => {
  const refused: string[] = [];
  let unsubscribe: () => void = () => undefined;
  beforeEach(() => {
    refused.length = 0;
    unsubscribe = onTokenRefused((token) => refused.push(token));
  });
  afterEach(() => unsubscribe());

  it("tells the token's holders when a call carrying it is answered 401, and still throws the message", async () => {
    stubFetch(async () => json(401, { message: messages.unauthorized }));
    const error = await apiRequest('/api/user/getToken', { body: {}, token: 'old-session' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(messages.unauthorized);
    expect((error as ApiError).status).toBe(401);
    expect(refused).toEqual(['old-session']);
  });

  it('says nothing for a wrong password (401 without a token), a 403, other failures or success', async () => {
    stubFetch(async () => json(401, { message: 'Incorrect email or password' }));
    await expect(apiRequest('/api/user/loginSignUp', { body: {} })).rejects.toThrow(
      'Incorrect email or password',
    );
    stubFetch(async () => json(403, { message: messages.forbidden }));
    await expect(apiRequest('/api/admin/x', { token: 'student' })).rejects.toThrow(
      messages.forbidden,
    );
    stubFetch(async () => json(500, { message: 'Something went wrong' }));
    await expect(apiRequest('/api/x', { token: 'tok' })).rejects.toThrow('Something went wrong');
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/x', { token: 'tok' })).rejects.toThrow(messages.networkError);
    stubFetch(async () => json(200, {}));
    await apiRequest('/api/x', { token: 'tok' });
    expect(refused).toEqual([]);
  });

  it('is told by a download refused the same way', async () => {
    stubFetch(async () => json(401, { message: messages.sessionExpired }));
    await expect(downloadFile('/api/admin/x.csv', 'x.csv', 'admin-token')).rejects.toThrow(
      messages.sessionExpired,
    );
    expect(refused).toEqual(['admin-token']);
  });

  it('keeps telling the other holders when one of them fails', async () => {
    const other: string[] = [];
    const stopFailing = onTokenRefused(() => {
      throw new Error('broken listener');
    });
    const stopOther = onTokenRefused((token) => other.push(token));
    stubFetch(async () => json(401, { message: messages.unauthorized }));
    await expect(apiRequest('/api/x', { token: 'tok' })).rejects.toThrow(messages.unauthorized);
    stopFailing();
    stopOther();
    expect([refused, other]).toEqual([['tok'], ['tok']]);
  });
});
