import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, sendPolled } from './etag.ts';

describe('etag', () => {
  const app = Fastify();
  let value: object = { a: 1 };
  app.get('/polled', (request, reply) => sendPolled(request, reply, value));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const poll = (ifNoneMatch?: string) =>
    app.inject({
      method: 'GET',
      url: '/polled',
      headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
    });

  it('answers the body with generatedAt, under a tag that changes with the body alone', async () => {
    value = { a: 1, rows: [{ b: 'x' }] };
    const first = await poll();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const body = first.json<{ generatedAt: string }>();
    expect(body).toEqual({ generatedAt: expect.any(String), a: 1, rows: [{ b: 'x' }] });
    expect(Number.isNaN(Date.parse(body.generatedAt))).toBe(false);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await poll()).headers.etag).toBe(tag);
    value = { a: 2, rows: [{ b: 'x' }] };
    expect((await poll()).headers.etag).not.toBe(tag);
  });

  it('answers 304 without a body while the client holds the current tag', async () => {
    value = { a: 3 };
    const tag = String((await poll()).headers.etag);
    const again = await poll(tag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await poll('W/"other"')).statusCode).toBe(200);
  });

  it('writes an empty body as generatedAt alone', async () => {
    value = {};
    expect((await poll()).json()).toEqual({ generatedAt: expect.any(String) });
  });

  it('matches If-None-Match weakly, in lists and with *', () => {
    const tag = 'W/"abc"';
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(tag.slice(2), tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});
