import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGracefulClose } from './graceful-close.ts';

// Without the hooks, each close() below waits for Fastify's 72 s keep-alive timeout, so the
// test fails on its own timeout rather than on a timing assertion.
describe('graceful close', () => {
  it('ends a keep-alive connection whose response finishes after close began', async () => {
    const app = Fastify();
    registerGracefulClose(app);
    const body = new PassThrough();
    app.get('/slow', (_request, reply) => reply.type('text/plain').send(body));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');

    body.write('half ');
    const res = await fetch(`http://127.0.0.1:${address.port}/slow`);
    expect(res.status).toBe(200); // headers are out; the body is still open
    const closed = app.close();
    // Finish the response only once the server has stopped listening: Node has then already
    // closed the connections that were idle, and this one was not.
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    body.end('done');
    expect(await res.text()).toBe('half done');
    await closed;
    expect(app.server.listening).toBe(false);
  }, 20_000);

  it('tells the connection it closes when the headers go out after close began', async () => {
    const app = Fastify();
    const { begun } = registerGracefulClose(app);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/held', async () => {
      arrived();
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');

    const pending = fetch(`http://127.0.0.1:${address.port}/held`);
    await inHandler;
    const closed = app.close();
    await begun;
    release();
    const res = await pending;
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ ok: true });
    await closed;
  }, 20_000);
});
