// The exam's results matrix and exports (issue 31) on both databases: one row per student with a
// cell per slot (their drawn problem, scaled score, verdict, submissions), the total, time used
// and status; the Results view's filters, every sort both ways in keyset pages, ETag and 304; the
// .xlsx (matrix, then a sheet per slot) and .csv read back equal to the matrix; the per-problem
// drill-down under the exam; and one real Submit under an exam, judged, in the matrix and not in
// the challenge's own results.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAM_RESULTS_SORT_COLUMNS,
  examExportPath,
  examLifecyclePath,
  examResultsPath,
  examStudentSubmissionsPath,
  studentExamFinishPath,
  type ExamResultsQuery,
  examResultsResponseSchema,
  type ExamResultsResponse,
  type ExamResultsRow,
  type StudentExam,
} from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  resultsPath,
  studentSubmissionsPath,
  toSearchParams,
  type ResultsResponse,
  type StudentSubmissionsResponse,
} from '../../src/contract/results.ts';
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
  openExam,
  seedJudgedInExam,
  seedStudents,
  type ExamStudent,
} from './exam-fixtures.ts';
import { seedAttempt, seedChallenge } from './results-fixtures.ts';
import { bound } from './bounds.ts';

const T0 = Date.parse('2026-06-10T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const INJECTED = '=HYPERLINK("http://x","y")';

describe.each(databaseKinds)('the exam results matrix on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock = T0;
  const people: Record<string, ExamStudent> = {};

  const matrix = async (query: ExamResultsQuery = {}, code = 'ER-M') => {
    const res = await call(
      server,
      'GET',
      `${examResultsPath(code)}?${toSearchParams({ limit: 200, ...query })}`,
      undefined,
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Exactly the contract's shape: the server writes this JSON without the schema (etag.ts's
    // sendPolled), so a field the schema would strip or a wrong type would show here.
    expect(examResultsResponseSchema.parse(res.body)).toEqual(res.body);
    return res.body as ExamResultsResponse;
  };
  const row = (rows: ExamResultsRow[], name: string) => {
    const found = rows.find((r) => r.name === name);
    if (!found) throw new Error(`no row for ${name}`);
    return found;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { now: () => new Date(clock) });
    admin = bearer(await adminToken(server));
    await seedChallenge(server, 'ER-A', 100);
    await seedChallenge(server, 'ER-B', 50);
    await seedChallenge(server, 'ER-C', 100);
    await createExam(
      server,
      admin,
      examInput(
        'ER-M',
        [
          { points: 40, challengeIds: ['ER-A'] },
          { points: 60, challengeIds: ['ER-B', 'ER-C'] },
        ],
        { durationMinutes: 60 },
      ),
    );
    const names = ['Asha Rao', INJECTED, 'Chitra', 'Dev', 'Zoë Ünal'];
    const seeded = await seedStudents(server, `er-${kind}`, names.length);
    for (const [i, s] of seeded.entries()) {
      const name = names[i] ?? '';
      await queryRows(server, `update users set name = $1, branch = $2 where id = $3`, [
        name,
        i % 2 === 0 ? 'CSE' : 'ECE',
        s.id,
      ]);
      people[name] = { ...s, name };
    }
    const p = (name: string) => people[name] as ExamStudent;
    const drawnFor = async (who: ExamStudent) =>
      (await openExam(server, who, 'ER-M')).problems[1]?.challengeId ?? '';
    const seed = async (who: ExamStudent, challengeId: string, score: number, minute: number) =>
      seedJudgedInExam(server, 'ER-M', {
        userId: who.id,
        challengeId,
        score,
        at: at(minute),
      });
    // Zoë started two hours ago: her time is over. Asha finished after 20 minutes.
    clock = T0 - 120 * 60_000;
    await drawnFor(p('Zoë Ünal'));
    await seed(p('Zoë Ünal'), 'ER-A', 20, -110);
    clock = T0;
    const ashaPool = await drawnFor(p('Asha Rao'));
    await seed(p('Asha Rao'), 'ER-A', 100, 5);
    await seed(p('Asha Rao'), ashaPool, ashaPool === 'ER-B' ? 25 : 50, 8);
    clock = T0 + 20 * 60_000;
    await call(server, 'POST', studentExamFinishPath('ER-M'), undefined, p('Asha Rao').session);
    clock = T0 + 60_000;
    await drawnFor(p(INJECTED));
    await seed(p(INJECTED), 'ER-A', 50, 10);
    clock = T0 + 2 * 60_000;
    await drawnFor(p('Chitra'));
    // Asha also took ER-A on its own: not part of the exam.
    await seedAttempt(server, {
      userId: p('Asha Rao').id,
      challengeId: 'ER-A',
      startedAt: at(-300),
      submissions: [{ at: 60, score: 10 }],
    });
    clock = T0 + 30 * 60_000;
  }, bound(120_000));
  afterAll(async () => {
    await server?.close();
  });

  it('has a row per student with a cell per slot, the total, time used and status', async () => {
    const body = await matrix();
    expect(body.exam).toMatchObject({ examCode: 'ER-M', totalPoints: 100, studentsStarted: 4 });
    expect(body.matching).toBe(5);
    expect(body.nextCursor).toBeNull();
    expect(body.generatedAt).toEqual(expect.any(String));
    const asha = row(body.rows, 'Asha Rao');
    expect(asha).toMatchObject({
      status: 'finished',
      startedAt: at(0).toISOString(),
      deadline: at(60).toISOString(),
      finishedAt: at(20).toISOString(),
      timeUsedSeconds: 20 * 60,
      // 100/100 x 40, then half of the pool problem's maximum x 60.
      total: 70,
      signals: null,
    });
    expect(asha.cells).toEqual([
      {
        ordinal: 1,
        challengeId: 'ER-A',
        score: 40,
        verdict: 'Accepted',
        submissions: 1,
        submissionId: expect.any(String),
      },
      {
        ordinal: 2,
        challengeId: expect.stringMatching(/^ER-[BC]$/),
        score: 30,
        verdict: 'Accepted',
        submissions: 1,
        submissionId: expect.any(String),
      },
    ]);
    const injected = row(body.rows, INJECTED);
    expect(injected).toMatchObject({ status: 'working', total: 20, timeUsedSeconds: 9 * 60 });
    expect(injected.cells[1]).toMatchObject({ score: null, verdict: null, submissions: 0 });
    expect(injected.cells[1]?.challengeId).toMatch(/^ER-[BC]$/);
    expect(row(body.rows, 'Chitra')).toMatchObject({
      status: 'working',
      total: null,
      timeUsedSeconds: null,
    });
    expect(row(body.rows, 'Zoë Ünal')).toMatchObject({
      status: 'finished',
      total: 8,
      timeUsedSeconds: 10 * 60,
    });
    expect(row(body.rows, 'Dev')).toMatchObject({
      status: 'not-started',
      startedAt: null,
      deadline: null,
      total: null,
      cells: [
        {
          ordinal: 1,
          challengeId: null,
          score: null,
          verdict: null,
          submissions: 0,
          submissionId: null,
        },
        {
          ordinal: 2,
          challengeId: null,
          score: null,
          verdict: null,
          submissions: 0,
          submissionId: null,
        },
      ],
    });
  });

  it('filters like the Results view: status, text, branch', async () => {
    const names = async (query: ExamResultsQuery) =>
      (await matrix({ ...query, sort: 'name' })).rows.map((r) => r.name);
    expect(await names({ status: 'finished' })).toEqual(['Asha Rao', 'Zoë Ünal']);
    expect(await names({ status: 'working' })).toEqual([INJECTED, 'Chitra']);
    expect(await names({ status: 'not-started' })).toEqual(['Dev']);
    expect(await names({ q: 'CHIT' })).toEqual(['Chitra']);
    expect(await names({ branch: 'ECE' })).toEqual([INJECTED, 'Dev']);
    expect((await matrix({ branch: 'ECE', status: 'working' })).matching).toBe(1);
  });

  it('sorts by every column both ways, nulls last, in keyset pages that agree with one read', async () => {
    for (const sort of EXAM_RESULTS_SORT_COLUMNS)
      for (const dir of ['asc', 'desc'] as const) {
        const whole = (await matrix({ sort, dir })).rows.map((r) => r.userId);
        const paged: string[] = [];
        let cursor: string | null = null;
        do {
          const page: ExamResultsResponse = await matrix({
            sort,
            dir,
            limit: 2,
            ...(cursor ? { cursor } : {}),
          });
          expect(page.rows.length).toBeLessThanOrEqual(2);
          paged.push(...page.rows.map((r) => r.userId));
          cursor = page.nextCursor;
        } while (cursor);
        expect(paged, `${sort} ${dir}`).toEqual(whole);
      }
    const totals = (await matrix({ sort: 'total', dir: 'desc' })).rows.map((r) => r.total);
    expect(totals).toEqual([70, 20, 8, null, null]);
    const up = (await matrix({ sort: 'total', dir: 'asc' })).rows.map((r) => r.total);
    expect(up).toEqual([8, 20, 70, null, null]);
    const statuses = (await matrix({ sort: 'status' })).rows.map((r) => r.status);
    expect(statuses).toEqual(['not-started', 'working', 'working', 'finished', 'finished']);
    const cursor = (await matrix({ sort: 'total', limit: 1 })).nextCursor ?? '';
    expect(
      await call(
        server,
        'GET',
        `${examResultsPath('ER-M')}?${toSearchParams({ sort: 'name', cursor })}`,
        undefined,
        admin,
      ),
    ).toMatchObject({ status: 400, body: { message: messages.invalidPageCursor } });
  });

  it('applies a stop of the exam as the proctor view does: finished, the stop as deadline', async () => {
    // A second exam (a stop of ER-M would change the other tests' rows), begun by Dev at the
    // clock's time, 30 minutes after T0, for 60 minutes.
    await createExam(
      server,
      admin,
      examInput('ER-STOP', [{ points: 10, challengeIds: ['ER-A'] }], { durationMinutes: 60 }),
    );
    const dev = people.Dev as ExamStudent;
    await openExam(server, dev, 'ER-STOP');
    await seedJudgedInExam(server, 'ER-STOP', {
      userId: dev.id,
      challengeId: 'ER-A',
      score: 100,
      at: at(50),
    });
    const devRow = async () => row((await matrix({}, 'ER-STOP')).rows, 'Dev');
    clock = T0 + 40 * 60_000;
    expect(await devRow()).toMatchObject({ status: 'working', deadline: at(90).toISOString() });
    const lifecycle = (action: 'stop' | 'reopen') =>
      call(server, 'POST', examLifecyclePath('ER-STOP'), { action }, admin);
    expect((await lifecycle('stop')).status).toBe(200);
    clock = T0 + 55 * 60_000;
    // Stopped at minute 40: over, with the stop as the deadline; the submission at minute 50
    // (an offline one landing late) does not count past the stop in the time used.
    expect(await devRow()).toMatchObject({
      status: 'finished',
      deadline: at(40).toISOString(),
      timeUsedSeconds: 10 * 60,
    });
    const finished = await matrix({ status: 'finished' }, 'ER-STOP');
    expect(finished.rows.map((r) => r.name)).toEqual(['Dev']);
    expect((await lifecycle('reopen')).status).toBe(200);
    expect(await devRow()).toMatchObject({
      status: 'working',
      deadline: at(90).toISOString(),
      timeUsedSeconds: 20 * 60,
    });
    clock = T0 + 30 * 60_000;
  });

  // PGlite has one connection, so pg_prepared_statements shows every statement the server
  // prepared (db/prepared.ts); on PostgreSQL each pooled connection has its own.
  it.runIf(kind === 'pglite')(
    'reads every exam through the same prepared statements: the values stay parameters',
    async () => {
      const statements = async () =>
        (await queryRows(server, 'select name from pg_prepared_statements order by name')).map(
          (r) => r.name,
        );
      await matrix({ sort: 'total', dir: 'desc' });
      const prepared = await statements();
      // The page's students and its cells, at least.
      expect(prepared.length).toBeGreaterThanOrEqual(2);
      await createExam(
        server,
        admin,
        examInput('ER-PREP', [{ points: 5, challengeIds: ['ER-A'] }]),
      );
      await openExam(server, people.Dev as ExamStudent, 'ER-PREP');
      await matrix({ sort: 'total', dir: 'desc' }, 'ER-PREP');
      clock += 60_000;
      await matrix({ sort: 'total', dir: 'desc' });
      expect(await statements()).toEqual(prepared);
    },
  );

  it('answers 304 while nothing changed, and the new matrix after a submission', async () => {
    const url = `${examResultsPath('ER-M')}?sort=name`;
    const first = await call(server, 'GET', url, undefined, admin);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const again = await fetch(server.url + url, { headers: { ...admin, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const chitra = people.Chitra as ExamStudent;
    await seedJudgedInExam(server, 'ER-M', {
      userId: chitra.id,
      challengeId: 'ER-A',
      score: 10,
      at: at(25),
    });
    const changed = await fetch(server.url + url, { headers: { ...admin, 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(row(((await changed.json()) as ExamResultsResponse).rows, 'Chitra').total).toBe(4);
    expect((await call(server, 'GET', examResultsPath('ER-NONE'), undefined, admin)).status).toBe(
      404,
    );
  });

  it('exports an .xlsx equal to the matrix, with a sheet per slot, formulas neutralised', async () => {
    const rows = (await matrix({ sort: 'name' })).rows;
    const response = await fetch(`${server.url}${examExportPath('ER-M', 'xlsx')}?sort=name`, {
      headers: admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="results-exam-ER-M-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Results', 'Problem 1', 'Problem 2']);
    const sheet = workbook.getWorksheet('Results');
    if (!sheet) throw new Error('no Results sheet');
    const values = (r: ExcelJS.Row, n: number) =>
      Array.from({ length: n }, (_, i) => r.getCell(i + 1).value ?? null);
    expect(values(sheet.getRow(1), 18)).toEqual([
      'Name',
      'Email',
      'Year',
      'Branch',
      'College',
      'Status',
      'Started at',
      'Deadline',
      'Finished at',
      'Time used (s)',
      'Problem 1 challenge',
      'Problem 1 score (of 40)',
      'Problem 2 challenge',
      'Problem 2 score (of 60)',
      'Total (of 100)',
      // Issue 34: the judge's own total beside the final one (no grades here: the same).
      'Automatic total (of 100)',
      // Issue 33: always there, empty for students with no Student ID or Section.
      'Student ID',
      'Section',
    ]);
    expect(sheet.rowCount).toBe(rows.length + 1);
    const label = { 'not-started': 'Not started', working: 'Working', finished: 'Finished' };
    const date = (iso: string | null) => (iso === null ? null : new Date(iso));
    rows.forEach((r, i) => {
      expect(values(sheet.getRow(i + 2), 18), r.name).toEqual([
        r.name === INJECTED ? `'${INJECTED}` : r.name,
        r.email,
        r.year,
        r.branch,
        r.college,
        label[r.status],
        date(r.startedAt),
        date(r.deadline),
        date(r.finishedAt),
        r.timeUsedSeconds,
        r.cells[0]?.challengeId ?? null,
        r.cells[0]?.score ?? null,
        r.cells[1]?.challengeId ?? null,
        r.cells[1]?.score ?? null,
        r.total,
        r.total,
        r.studentNumber,
        r.section,
      ]);
    });
    sheet.eachRow((r) =>
      r.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );
    const second = workbook.getWorksheet('Problem 2');
    const started = rows.filter((r) => r.cells[1]?.challengeId);
    expect(second?.rowCount).toBe(started.length + 1);
    expect(values(second?.getRow(1) ?? sheet.getRow(1), 6)).toEqual([
      'Name',
      'Email',
      'Challenge',
      'Score (of 60)',
      'Verdict',
      'Submissions',
    ]);
    started.forEach((r, i) => {
      expect(values(second?.getRow(i + 2) ?? sheet.getRow(1), 6)).toEqual([
        r.name === INJECTED ? `'${INJECTED}` : r.name,
        r.email,
        r.cells[1]?.challengeId,
        r.cells[1]?.score ?? null,
        r.cells[1]?.verdict ?? null,
        r.cells[1]?.submissions,
      ]);
    });
  });

  it('exports a .csv equal to the matrix, with the matrix’s filters and order', async () => {
    const rows = (await matrix({ sort: 'total', dir: 'desc', status: 'finished' })).rows;
    const response = await fetch(
      `${server.url}${examExportPath('ER-M', 'csv')}?sort=total&dir=desc&status=finished`,
      { headers: admin },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(rows.length + 2);
    const [asha, zoe] = rows;
    expect(lines[1]).toBe(
      [
        'Asha Rao',
        asha?.email,
        '',
        'CSE',
        '',
        'Finished',
        '2026-06-10 10:00:00',
        '2026-06-10 11:00:00',
        '2026-06-10 10:20:00',
        '1200',
        'ER-A',
        '40',
        asha?.cells[1]?.challengeId,
        '30',
        '70',
        '70',
        '',
        '',
      ].join(','),
    );
    expect(lines[2]).toMatch(new RegExp(`^Zoë Ünal,${zoe?.email},,CSE,,Finished,`));
    const injected = await fetch(`${server.url}${examExportPath('ER-M', 'csv')}?q=HYPERLINK`, {
      headers: admin,
    });
    expect((await injected.text()).split('\r\n')[1]).toMatch(/^"'=HYPERLINK\(""http/);
  });

  it('drills into one student’s submissions under the exam, apart from the challenge alone', async () => {
    const asha = people['Asha Rao'] as ExamStudent;
    const underExam = await call(
      server,
      'GET',
      examStudentSubmissionsPath('er-m', 'ER-A', asha.id),
      undefined,
      admin,
    );
    expect(underExam.status, JSON.stringify(underExam.body)).toBe(200);
    const exam = underExam.body as StudentSubmissionsResponse;
    expect(exam.submissions.map((s) => [s.score, s.isBest])).toEqual([[100, true]]);
    expect(exam.attempt).toMatchObject({ bestScore: 100, deadline: at(60).toISOString() });
    const alone = (
      await call(server, 'GET', studentSubmissionsPath('ER-A', asha.id), undefined, admin)
    ).body as StudentSubmissionsResponse;
    expect(alone.submissions.map((s) => s.score)).toEqual([10]);
    expect(alone.attempt?.bestScore).toBe(10);
    // The challenge's own Results count Asha's own attempt only.
    const results = (
      await call(server, 'GET', `${resultsPath('ER-A')}?status=started`, undefined, admin)
    ).body as ResultsResponse;
    expect(results.rows.map((r) => [r.name, r.bestScore])).toEqual([['Asha Rao', 10]]);
    expect(
      (
        await call(
          server,
          'GET',
          examStudentSubmissionsPath('ER-NONE', 'ER-A', asha.id),
          undefined,
          admin,
        )
      ).status,
    ).toBe(404);
  });

  it('judges a real Submit under an exam into the matrix, not into the challenge alone', async () => {
    clock = T0;
    await addChallenge(server, challengeInput('ER-REAL'));
    await createExam(
      server,
      admin,
      examInput('ER-JUDGED', [{ points: 10, challengeIds: ['ER-REAL'] }]),
    );
    const [student] = await seedStudents(server, `er-real-${kind}`, 1);
    if (!student) throw new Error('no student');
    await openExam(server, student, 'ER-JUDGED');
    const { headers } = await compilerHeaders(server, student, 'ER-REAL', 'ER-JUDGED');
    const sent = await submitAndWait(
      server,
      { compiler: headers },
      { challengeId: 'ER-REAL', code: solutions.python.correct, examCode: 'ER-JUDGED' },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.final).toMatchObject({ status: 'judged', verdict: 'Accepted', score: 100 });
    const theirs = row((await matrix({}, 'ER-JUDGED')).rows, student.name);
    expect(theirs).toMatchObject({ total: 10, status: 'working' });
    expect(theirs.cells).toEqual([
      {
        ordinal: 1,
        challengeId: 'ER-REAL',
        score: 10,
        verdict: 'Accepted',
        submissions: 1,
        submissionId: sent.final?.submissionId,
      },
    ]);
    const screen = (await openExam(server, student, 'ER-JUDGED')) satisfies StudentExam;
    expect(screen.problems[0]).toMatchObject({ state: 'submitted', score: 10 });
    const alone = (
      await call(
        server,
        'GET',
        `${resultsPath('ER-REAL')}?${toSearchParams({ q: student.email, status: 'all' })}`,
        undefined,
        admin,
      )
    ).body as ResultsResponse;
    expect(alone.rows.map((r) => [r.started, r.submissions])).toEqual([[false, 0]]);
    clock = T0 + 30 * 60_000;
  });
});
