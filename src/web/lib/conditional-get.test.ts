import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client.ts';
import { conditionalGet } from './conditional-get.ts';

const schema = z.object({ n: z.number() });

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(status === 304 || body === undefined ? null : JSON.stringify(body), {
        status,
        headers,
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('conditionalGet', () => {
  it('sends the ETag it was given, bypasses the HTTP cache, and reads a 304 as unchanged', async () => {
    const fetchMock = respond(304);
    const answer = await conditionalGet('/api/x', { token: 't', etag: 'W/"1"', schema });
    expect(answer).toEqual({ changed: false });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.cache).toBe('no-store');
    expect(init?.headers).toMatchObject({ 'if-none-match': 'W/"1"', authorization: 'Bearer t' });
  });

  it('returns a changed body with its new ETag', async () => {
    const fetchMock = respond(200, { n: 2 }, { etag: 'W/"2"' });
    const answer = await conditionalGet('/api/x', { token: 't', etag: null, schema });
    expect(answer).toEqual({ changed: true, data: { n: 2 }, etag: 'W/"2"' });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('if-none-match');
  });

  it("turns a failure into an ApiError with the server's message", async () => {
    respond(404, { message: 'No challenge has this test code' });
    const failure = conditionalGet('/api/x', { token: 't', etag: null, schema });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      message: 'No challenge has this test code',
    });
  });

  it('rejects a body that does not match the contract', async () => {
    respond(200, { n: 'two' });
    await expect(
      conditionalGet('/api/x', { token: 't', etag: null, schema }),
    ).rejects.toMatchObject({ status: 200 });
  });
});
