// The stored exam totals (src/server/exams/exam-totals.ts) never drift, on both databases: after
// every path that can change a total or a last submission's time (a first open and its draws, a
// judged result, a re-judge, a real Submit, the exam's points, slots and scoring edited, a
// challenge's maximum changed, a challenge renamed, a reset and a new attempt), the stored values
// of the whole exam equal exam-cells.ts's examTotalsSql recomputed from the rows, and a few are
// checked against hand-made figures so "both null" cannot pass for "equal".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodationsPath } from '../../src/contract/accommodations.ts';
import { examPath, type ExamInput } from '../../src/contract/exams.ts';
import { findExamByCode } from '../../src/server/exams/exam-queries.ts';
import { storedTotalsDrift } from '../../src/server/exams/exam-totals.ts';
import { poolSql } from '../../src/server/db/transaction.ts';
import { refreshStanding } from '../../src/server/submissions/record-result.ts';
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
import { addChallenge, challengeInput, solutions, submitAndWait } from './compiler-fixtures.ts';
import {
  compilerHeaders,
  createExam,
  examInput,
  examSittingAttempt,
  openExam,
  seedJudgedInExam,
  seedStudents,
  type ExamStudent,
} from './exam-fixtures.ts';

const CODE = 'ET-X';
const T0 = Date.parse('2026-06-10T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

describe.each(databaseKinds)('stored exam totals on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let students: ExamStudent[] = [];
  let input: ExamInput;

  /** Every sitting attempt's stored total and time equal the recomputation; returns the count. */
  const expectNoDrift = async (step: string) => {
    const exam = await findExamByCode(server.database.db, CODE);
    if (!exam) throw new Error('no exam');
    expect(await storedTotalsDrift(server.database.db, exam), step).toEqual([]);
  };
  const stored = async (who: ExamStudent) => {
    const [row] = await queryRows(
      server,
      `select sa.exam_total as total, sa.exam_last_submission_at as last_at
         from sitting_attempts sa join exams e on e.sitting_id = sa.sitting_id
        where e.code = $1 and sa.user_id = $2 order by sa.number desc limit 1`,
      [CODE, who.id],
    );
    return row as { total: number | null; last_at: Date | null } | undefined;
  };
  const judged = async (who: ExamStudent, challengeId: string, score: number, minute: number) =>
    seedJudgedInExam(server, CODE, {
      userId: who.id,
      challengeId,
      score,
      at: at(minute),
    });
  const drawnIn = async (who: ExamStudent, ordinal: number) => {
    const [row] = await queryRows(
      server,
      `select d.challenge_id as id from exam_draws d join exam_slots sl on sl.id = d.slot_id
         join exams e on e.sitting_id = sl.exam_sitting_id
         join sitting_attempts sa on sa.id = d.sitting_attempt_id
        where e.code = $1 and sa.user_id = $2 and sl.ordinal = $3
        order by sa.number desc limit 1`,
      [CODE, who.id, ordinal],
    );
    return String(row?.id);
  };
  const editExam = async (next: ExamInput) => {
    const res = await call(server, 'PUT', examPath(CODE), next, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    input = next;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    await addChallenge(server, challengeInput('ET-A'));
    await addChallenge(server, challengeInput('ET-B', { score: 50 }));
    await addChallenge(server, challengeInput('ET-C'));
    await addChallenge(server, challengeInput('ET-D'));
    input = examInput(CODE, [
      { points: 30, challengeIds: ['ET-A'] },
      { points: 45, challengeIds: ['ET-B', 'ET-C'] },
    ]);
    await createExam(server, admin, input);
    students = await seedStudents(server, `et-${kind}`, 3);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps every stored total equal to the recomputation through every writer', async () => {
    const [ann, bo, cy] = students as [ExamStudent, ExamStudent, ExamStudent];

    // A first open: the sitting attempt and its draws; nothing judged yet.
    for (const who of students) await openExam(server, who, CODE);
    await expectNoDrift('opened');
    expect(await stored(ann)).toEqual({ total: null, last_at: null });

    // Judged results (the judge's refreshStanding), best scoring.
    await judged(ann, 'ET-A', 50, 1);
    await expectNoDrift('first result');
    expect((await stored(ann))?.total).toBe(15);
    const annPool = await drawnIn(ann, 2);
    await judged(ann, annPool, annPool === 'ET-B' ? 25 : 50, 2);
    await judged(ann, 'ET-A', 20, 3);
    await expectNoDrift('more results');
    expect((await stored(ann))?.total).toBe(37.5);
    expect((await stored(ann))?.last_at?.toISOString()).toBe(at(3).toISOString());
    await judged(bo, 'ET-A', 33, 4);
    await expectNoDrift('rounding');
    expect((await stored(bo))?.total).toBe(9.9);

    // A re-judge: the submission's result changes, the standing's best is recomputed.
    const boSitting = await examSittingAttempt(server, bo.id, CODE);
    await queryRows(
      server,
      `update submissions set score = 80 where sitting_attempt_id = $1 and challenge_id = 'ET-A'`,
      [boSitting],
    );
    await refreshStanding(poolSql(server.database.pool), boSitting, 'ET-A');
    await expectNoDrift('re-judged');
    expect((await stored(bo))?.total).toBe(24);

    // The exam edited: points, a slot added, then removed; scoring switched to last and back.
    await editExam({
      ...input,
      slots: [
        { points: 40, challengeIds: ['ET-A'] },
        { points: 45, challengeIds: ['ET-B', 'ET-C'] },
      ],
    });
    await expectNoDrift('points');
    expect((await stored(ann))?.total).toBe(42.5);
    await editExam({ ...input, slots: [...input.slots, { points: 10, challengeIds: ['ET-D'] }] });
    for (const who of students) await openExam(server, who, CODE);
    await judged(cy, 'ET-D', 100, 5);
    await expectNoDrift('slot added');
    await editExam({ ...input, slots: input.slots.slice(0, 2) });
    await expectNoDrift('slot removed');
    await editExam({ ...input, scoring: 'last' });
    await expectNoDrift('last scoring');
    expect((await stored(ann))?.total).toBe(30.5);
    await judged(ann, 'ET-A', 100, 6);
    await expectNoDrift('last scoring, a later result');
    expect((await stored(ann))?.total).toBe(62.5);
    await editExam({ ...input, scoring: 'best' });
    await expectNoDrift('best scoring again');

    // A challenge's maximum changes (its edit), then its id (the rename cascades).
    const a = challengeInput('ET-A', { score: 200 });
    const edited = await call(server, 'POST', '/api/admin/updateChallenge', a, admin);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expectNoDrift('challenge maximum');
    expect((await stored(ann))?.total).toBe(42.5);
    await queryRows(
      server,
      `update challenges set challenge_id = 'ET-A2' where challenge_id = $1`,
      ['ET-A'],
    );
    await expectNoDrift('challenge renamed');
    expect((await stored(ann))?.total).toBe(42.5);
    await queryRows(server, `update challenges set challenge_id = 'ET-A' where challenge_id = $1`, [
      'ET-A2',
    ]);

    // A reset: the next open begins a new attempt, null until something is judged.
    const reset = await call(
      server,
      'POST',
      accommodationsPath({ kind: 'exam', examCode: CODE }, ann.id),
      { action: 'reset', reason: 'Power cut' },
      admin,
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await openExam(server, ann, CODE);
    await expectNoDrift('reset');
    expect(await stored(ann)).toEqual({ total: null, last_at: null });

    // A real Submit under the exam, stored then judged.
    const { headers } = await compilerHeaders(server, ann, 'ET-A', CODE);
    const sent = await submitAndWait(
      server,
      { compiler: headers },
      { challengeId: 'ET-A', code: solutions.python.correct, examCode: CODE },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.final).toMatchObject({ status: 'judged', score: 200 });
    await expectNoDrift('a real Submit');
    expect((await stored(ann))?.total).toBe(40);
    expect((await stored(ann))?.last_at).not.toBeNull();
  });
});
