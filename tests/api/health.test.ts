// /api/health tells anyone only whether this server can serve: {status: 'ok'} (200), or
// {status: 'degraded'} (503) while the judge cannot run code; the details (judge, queue, the
// problems found) are for an administrator (issue 15 item 11). The judge's readiness is probed
// again on a timer and when the administrator looks, so installing what was missing shows
// without a restart. One database: none of this depends on it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminHealthPath,
  healthPath,
  type AdminHealthResponse,
} from '../../src/contract/health.ts';
import type { JudgeCapabilities, JudgeService } from '../../src/server/judge/index.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { bound } from './bounds.ts';

/** A judge on a machine that lacks bubblewrap until the test "installs" it. */
function switchableJudge() {
  let installed = false;
  const caps = (): Promise<JudgeCapabilities> =>
    Promise.resolve({
      sandbox: 'bwrap',
      cgroups: 'v2',
      ready: installed,
      degraded: false,
      languages: { javascript: true, python: true, java: true, c: true, cpp: true },
      problems: installed ? [] : ['/usr/bin/bwrap is missing'],
    });
  let probed = caps();
  const judge: JudgeService = {
    judge: () => Promise.reject(new Error('not in this test')),
    runOnce: () => Promise.reject(new Error('not in this test')),
    checkChecker: () => Promise.reject(new Error('not in this test')),
    // Like the real judge: the last probe's answer, until the next probe.
    capabilities: () => probed,
    recheck: () => (probed = caps()),
    queueSize: () => ({ running: 0, waiting: 0 }),
    close: () => Promise.resolve(),
  };
  return { judge, install: () => (installed = true), remove: () => (installed = false) };
}

describe('health', () => {
  let server: TestServer;
  const machine = switchableJudge();
  beforeAll(async () => {
    server = await startServer(
      'pglite',
      { ...adminEnv, JUDGE_READINESS_CHECK_SECONDS: '1' },
      { judge: machine.judge },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers degraded (503) with no details while the judge cannot run code', async () => {
    const res = await call(server, 'GET', healthPath);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'degraded' });
  });

  it('gives the details to an administrator only', async () => {
    expect((await call(server, 'GET', adminHealthPath)).status).toBe(401);
    const student = await signUpStudent(server, 'health@college.test');
    expect(
      (await call(server, 'GET', adminHealthPath, undefined, bearer(student.token))).status,
    ).toBe(403);
    const admin = bearer(await adminToken(server));
    const res = await call(server, 'GET', adminHealthPath, undefined, admin);
    expect(res.status).toBe(200);
    const body = res.body as AdminHealthResponse;
    expect(body).toMatchObject({
      status: 'degraded',
      database: 'pglite',
      judge: { ready: false, problems: ['/usr/bin/bwrap is missing'] },
    });
    expect(Object.keys(body.judge.queue).sort()).toEqual(['running', 'waiting', 'workers']);
  });

  it('sees an installation on its periodic re-check, and a loss too', async () => {
    machine.install();
    await vi.waitFor(
      async () => expect(await call(server, 'GET', healthPath)).toMatchObject({ status: 200 }),
      { timeout: bound(30_000), interval: 200 },
    );
    expect((await call(server, 'GET', healthPath)).body).toEqual({ status: 'ok' });
    machine.remove();
    await vi.waitFor(
      async () => expect(await call(server, 'GET', healthPath)).toMatchObject({ status: 503 }),
      { timeout: bound(30_000), interval: 200 },
    );
  });
});
