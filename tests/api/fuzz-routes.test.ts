/**
 * Every API route, driven with generated bad input (issue 15): each answer is below 500 and, when
 * it refuses, a JSON `{message}`. The routes are the ones the real app registers (collected as it
 * starts), so a new route is fuzzed without anyone listing it here. Each route is called with the
 * first credentials it accepts (administrator, student session, compiler token), so the input
 * reaches validation instead of stopping at the guard.
 */
import http from 'node:http';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addChallenge, challengeInput, signInStudent } from './compiler-fixtures.ts';
import {
  routeRequests,
  jsonSchemaOf,
  type BadRequest,
  type RouteShape,
} from './fuzz/bad-inputs.ts';
import { adminEnv, adminToken, bearer, databaseKinds, startServer } from './harness.ts';

type Answer = { status: number; contentType: string; text: string };

/** node:http rather than fetch: a GET with a body and a malformed URL must go out as they are. */
function send(base: string, method: string, request: BadRequest, headers: Record<string, string>) {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(base);
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: request.url,
        headers: {
          ...headers,
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
          ...(request.body !== undefined
            ? { 'content-length': Buffer.byteLength(request.body) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    // A body over the limit is read to its end before it is answered (413), so the connection
    // is never closed under a request still being sent: EPIPE or ECONNRESET is a fault.
    outgoing.on('error', reject);
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  });
}

/** What is wrong with an answer, or undefined when it is a proper one. */
function fault(answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400) return undefined;
  if (!answer.contentType.includes('application/json')) {
    return `answered ${answer.status} as ${answer.contentType || 'no content type'}`;
  }
  try {
    const body = JSON.parse(answer.text) as { message?: unknown };
    if (typeof body.message !== 'string' || body.message === '') {
      return `answered ${answer.status} without a message: ${answer.text.slice(0, 200)}`;
    }
  } catch {
    return `answered ${answer.status} with broken JSON`;
  }
  return undefined;
}

function shapeOf(route: RouteOptions, method: string): RouteShape {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const body = jsonSchemaOf(schema.body);
  return {
    method,
    url: route.url,
    ...(body ? { body } : {}),
    ...(jsonSchemaOf(schema.querystring) ? { query: jsonSchemaOf(schema.querystring) } : {}),
    ...(jsonSchemaOf(schema.params) ? { params: jsonSchemaOf(schema.params) } : {}),
    // A write without a JSON body schema is an upload, or takes no body: either way it gets the
    // upload cases (garbage bodies under every content type).
    multipart: !body && ['POST', 'PUT', 'PATCH'].includes(method),
  };
}

// Calls that end sessions or sign in (and so trip the login throttle) go last, each followed by
// fresh credentials.
const ENDS_SESSIONS = /logout|sign-?out|delete|login|reset/i;

describe.each(databaseKinds)('every route under bad input (%s)', (kind) => {
  it('answers below 500, with {message} when it refuses', { timeout: 600_000 }, async () => {
    const routes: RouteShape[] = [];
    const server = await startServer(kind, adminEnv, {
      onRoute(route) {
        if (!route.url.startsWith('/api/')) return;
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(shapeOf(route, method));
        }
      },
    });
    try {
      await addChallenge(server, challengeInput('fuzz-1'));
      let student = 0;
      const credentials = async (): Promise<Record<string, string>[]> => {
        const signedIn = await signInStudent(server, `fuzz${student++}@college.test`, 'fuzz-1');
        return [bearer(await adminToken(server)), signedIn.session, signedIn.compiler, {}];
      };
      let candidates = await credentials();
      const ordered = [
        ...routes.filter((route) => !ENDS_SESSIONS.test(route.url)),
        ...routes.filter((route) => ENDS_SESSIONS.test(route.url) && !/login/.test(route.url)),
        ...routes.filter((route) => /login/.test(route.url)),
      ];
      expect(ordered.length).toBeGreaterThan(30);
      if (process.env.FUZZ_LIST)
        console.log(
          ordered.map((r) => `${r.method} ${r.url} ${r.multipart ? 'multipart' : ''}`).join('\n'),
        );
      const faults: string[] = [];
      let sent = 0;
      for (const route of ordered) {
        const requests = routeRequests(route);
        const [first] = requests;
        if (!first) continue;
        // The first credentials the route lets through to its input.
        let headers: Record<string, string> = {};
        for (const candidate of candidates) {
          const probe = await send(server.url, route.method, first, candidate);
          if (probe.status !== 401 && probe.status !== 403) {
            headers = candidate;
            break;
          }
        }
        for (const request of requests) {
          const answer = await send(server.url, route.method, request, headers);
          sent += 1;
          const wrong = fault(answer);
          if (wrong) faults.push(`${route.method} ${route.url}, ${request.what}: ${wrong}`);
        }
        if (ENDS_SESSIONS.test(route.url) && !/login/.test(route.url)) {
          candidates = await credentials();
        }
      }
      expect(faults.slice(0, 40)).toEqual([]);
      expect(sent).toBeGreaterThan(1000);
      if (process.env.FUZZ_LIST) console.log(`${sent} requests`);
      // The server runs in this process: a polluting body would show on every object here.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
