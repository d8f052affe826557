// Submissions that arrive together are written together (group commit, issue 13's deadline
// burst), on both databases: every answer still matches its own submission, a repeated id is
// stored once, the queue limit holds across a batch, each student still has at most one judge
// job, and one submission that cannot be written fails alone.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionState } from '../../src/contract/compiler.ts';
import { JobQueue } from '../../src/server/queue/job-queue.ts';
import {
  createSubmissionStore,
  storeQueuedSubmissions,
  type NewSubmission,
} from '../../src/server/submissions/store-submission.ts';
import {
  adminEnv,
  call,
  databaseKinds,
  queryRows,
  startServer,
  type TestServer,
} from './harness.ts';
import { addChallenge, challengeInput, signInStudent, type Student } from './compiler-fixtures.ts';

const CODE = 'print(sum(map(int, input().split())))';

describe.each(databaseKinds)('submissions written together on %s', (kind) => {
  let server: TestServer;
  let queue: JobQueue;
  let students: Student[];
  const deps = () => ({ queue, leaseMarginSeconds: 30, queueLimit: 1000 });
  /** Each student's sitting attempt at BATCH-1 (their Submits opened it), by student. */
  const standings = async () =>
    new Map(
      (
        await queryRows(
          server,
          `select user_id::text as user_id, sitting_attempt_id::text as id from attempts
            where challenge_id = 'BATCH-1'`,
        )
      ).map((r) => [String(r.user_id), String(r.id)]),
    );

  beforeAll(async () => {
    // Nothing judges here, so every stored submission stays queued for the assertions.
    server = await startServer(kind, {
      ...adminEnv,
      JUDGE_IN_PROCESS: 'false',
      JUDGE_QUEUE_LIMIT: '8',
    });
    await addChallenge(server, challengeInput('BATCH-1'));
    students = [];
    for (let i = 0; i < 4; i += 1)
      students.push(await signInStudent(server, `batch${i}@college.test`, 'BATCH-1'));
    queue = await JobQueue.start(
      server.database,
      { leaseCheckSeconds: 60, pollSeconds: 60, retryLimit: 0 },
      { error: () => undefined },
    );
  });
  afterAll(async () => {
    await queue?.stop(1);
    await server?.close();
  });

  it('answers a burst of Submits each with its own submission, within the queue limit', async () => {
    // 4 students x 3 submissions at once, and the first one sent a second time: 13 requests for
    // 12 ids against a queue of 8.
    const sent = students.flatMap((s) =>
      [0, 1, 2].map(() => ({ student: s, id: crypto.randomUUID() })),
    );
    const first = sent[0];
    if (!first) throw new Error('nothing sent');
    const requests = [...sent, first];
    const answers = await Promise.all(
      requests.map(({ student, id }) =>
        call(
          server,
          'POST',
          '/api/compiler/submit',
          { challengeId: 'BATCH-1', code: CODE, submissionId: id },
          student.compiler,
        ),
      ),
    );
    for (const [i, res] of answers.entries()) {
      expect([202, 503], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 202)
        expect((res.body as SubmissionState).submissionId).toBe(requests[i]?.id);
    }
    const stored = await queryRows(
      server,
      `select id::text as id, user_id::text as user_id, job_id is not null as has_job
         from submissions where challenge_id = 'BATCH-1'`,
    );
    // The limit, or one under it: the store numbers a batch's submissions against the places
    // left before it drops an id already stored, so the repeat of the first may take a place
    // (never more than the limit, which is what the queue limit is for).
    expect(stored.length).toBeLessThanOrEqual(8);
    expect(stored.length).toBeGreaterThanOrEqual(7);
    const storedIds = new Set(stored.map((r) => r.id));
    // Every 202 is a stored row; every stored row got a 202 (the repeat of the first included).
    const acceptedIds = new Set(
      answers.flatMap((res, i) => (res.status === 202 ? [requests[i]?.id] : [])),
    );
    expect(acceptedIds).toEqual(storedIds);
    expect(answers.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(4);
    // One judge job per student at most, and each attempt counts exactly its stored submissions.
    for (const student of students) {
      const mine = stored.filter((r) => r.user_id === student.id);
      expect(mine.filter((r) => r.has_job).length).toBe(mine.length > 0 ? 1 : 0);
      const [attempt] = await queryRows(
        server,
        `select submission_count from attempts where user_id = $1 and challenge_id = 'BATCH-1'`,
        [student.id],
      );
      expect(attempt?.submission_count).toBe(mine.length);
    }
  });

  it('stores a batch in one transaction: repeats, the limit, places in line', async () => {
    await queryRows(server, `delete from submissions where challenge_id = 'BATCH-1'`);
    const [a, b] = students;
    if (!a || !b) throw new Error('no students');
    const at = new Date();
    const timers = await standings();
    const one = (who: Student, later = 0): NewSubmission => ({
      id: crypto.randomUUID(),
      userId: who.id,
      challengeId: 'BATCH-1',
      sittingAttemptId: timers.get(who.id) ?? '',
      language: 'python',
      code: CODE,
      receivedAt: new Date(at.getTime() + later),
    });
    const a1 = one(a);
    // a's second is the younger, so a's job goes to a1; b's second finds the queue full.
    const batch = [a1, one(a, 1), one(b), a1, one(b, 1)];
    const outcomes = await storeQueuedSubmissions(
      server.database,
      { ...deps(), queueLimit: 3 },
      batch,
    );
    expect(outcomes).toEqual([
      { outcome: 'stored', enqueued: true, position: 1 },
      { outcome: 'stored', enqueued: false, position: 3 },
      { outcome: 'stored', enqueued: true, position: 2 },
      { outcome: 'exists' },
      { outcome: 'full', waiting: 0 },
    ]);
    const again = await storeQueuedSubmissions(server.database, deps(), [a1]);
    expect(again).toEqual([{ outcome: 'exists' }]);
  });

  it('fails one submission that cannot be written, and writes the others', async () => {
    await queryRows(server, `delete from submissions where challenge_id = 'BATCH-1'`);
    const store = createSubmissionStore(server.database, deps(), { inFlight: 1 });
    const [a, b, c] = students;
    if (!a || !b || !c) throw new Error('no students');
    const timers = await standings();
    const item = (userId: string): NewSubmission => ({
      id: crypto.randomUUID(),
      userId,
      challengeId: 'BATCH-1',
      // An unknown student has none: the random id fails its key as the student's does.
      sittingAttemptId: timers.get(userId) ?? crypto.randomUUID(),
      language: 'python',
      code: CODE,
      receivedAt: new Date(),
    });
    // The first goes alone; the next three wait for it and are written as one batch, which the
    // unknown student makes fail: they are then written one by one.
    const results = await Promise.allSettled([
      store.store(item(a.id)),
      store.store(item(b.id)),
      store.store(item(crypto.randomUUID())),
      store.store(item(c.id)),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const rows = await queryRows(
      server,
      `select count(*)::int as n from submissions where challenge_id = 'BATCH-1'`,
    );
    expect(rows[0]?.n).toBe(3);
  });
});
