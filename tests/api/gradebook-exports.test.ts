// Gradebook exports (issue 34 item 6) through the API: the final grades (automatic, override and
// manual points) of a challenge and of an exam, for the whole roster of the course or of one
// section, in Moodle's "Import grades from CSV" layout and Canvas's gradebook import layout, read
// back by their documented columns; text neutralised like every export; staff of the course only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSectionsRoute } from '../../src/contract/courses.ts';
import {
  CANVAS_HEADERS,
  CANVAS_POINTS_POSSIBLE,
  examGradebookPath,
  MOODLE_HEADERS,
  resultsGradebookPath,
} from '../../src/contract/gradebook.ts';
import { gradePath, manualMaxPath } from '../../src/contract/grading.ts';
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
import { createExam, examInput, openExam, seedJudgedInExam } from './exam-fixtures.ts';
import { seedAttempt, seedChallenge, seedStudent } from './results-fixtures.ts';
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

/** RFC 4180 as both importers read it: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

/** Rows as records keyed by the header row's names. */
const records = (rows: string[][]) =>
  rows.slice(1).map((r) => Object.fromEntries((rows[0] ?? []).map((h, i) => [h, r[i] ?? ''])));

describe.each(databaseKinds)('gradebook exports on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  let assistant: StaffSession;
  let outsider: StaffSession;
  const ids: Record<string, string> = {};
  let sectionA = '';

  const download = async (path: string, headers: Record<string, string> = owner) => {
    const response = await fetch(server.url + path, { headers });
    return { response, text: await response.text() };
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    const courseId = await createdCourse(server, owner, 'GB-C');
    const otherId = await createdCourse(server, owner, 'GB-O');
    for (const name of ['A', 'B']) {
      const made = await call(
        server,
        'POST',
        courseSectionsRoute.replace(':courseId', courseId),
        { name },
        owner,
      );
      expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    }
    const sections = await queryRows(server, `select id::text as id, name from course_sections`);
    const sectionOf = (name: string) => String(sections.find((s) => s.name === name)?.id);
    sectionA = sectionOf('A');
    await seedChallenge(server, 'GB-1');
    await queryRows(server, `update challenges set course_id = $1 where challenge_id = 'GB-1'`, [
      courseId,
    ]);
    // Asha (A, judged 60, overridden and graded), Bilal (B, a name that reads as a formula,
    // judged 30), Chen (A, never started).
    const people = [
      { name: 'Asha Rao', number: 'S-001', section: 'A', score: 60 },
      { name: '=cmd|x', number: '00042', section: 'B', score: 30 },
      { name: 'Chen', number: 'S-003', section: 'A', score: null },
    ];
    for (const [i, p] of people.entries()) {
      const userId = await seedStudent(server, { name: p.name, email: `s${i}@gb.test` });
      ids[p.name] = userId;
      await queryRows(
        server,
        `insert into enrolments (course_id, user_id, section_id, student_number)
         values ($1, $2, $3, $4)`,
        [courseId, userId, sectionOf(p.section), p.number],
      );
      if (p.score !== null)
        await seedAttempt(server, {
          userId,
          challengeId: 'GB-1',
          startedAt: new Date(Date.now() - 3_600_000),
          submissions: [{ at: 60, score: p.score }],
        });
    }
    await call(server, 'PUT', manualMaxPath('GB-1'), { max: 20 }, owner);
    const asha = gradePath('GB-1', ids['Asha Rao'] ?? '');
    for (const body of [
      { part: 'score', kind: 'adjust', value: 15, reason: 'Regrade of test 2' },
      { part: 'manual', kind: 'absolute', value: 12, reason: 'Code quality' },
    ]) {
      const res = await call(server, 'PUT', asha, body, owner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // An exam over the challenge, 50 points: Bilal judged 80 of 100 there (40 points), and
    // given 5 manual points.
    await createExam(
      server,
      owner,
      examInput('GB-X', [{ points: 50, challengeIds: ['GB-1'] }], { courseId }),
    );
    const bilalId = ids['=cmd|x'] ?? '';
    const [bilal] = await queryRows(server, `select email, name from users where id = $1`, [
      bilalId,
    ]);
    const session = bearer(
      await server.tokens.issue({
        sub: bilalId,
        email: String(bilal?.email),
        name: String(bilal?.name),
        role: 'student',
        ver: 0,
      }),
    );
    await openExam(server, { id: bilalId, email: '', name: '', session }, 'GB-X');
    await seedJudgedInExam(server, 'GB-X', {
      userId: bilalId,
      challengeId: 'GB-1',
      score: 80,
      at: new Date(),
    });
    const exam = await call(
      server,
      'PUT',
      gradePath('GB-1', bilalId, 'GB-X'),
      { part: 'manual', kind: 'absolute', value: 5, reason: 'Tidy' },
      owner,
    );
    expect(exam.status, JSON.stringify(exam.body)).toBe(200);
    assistant = await invitedStaff(server, 'assistant@gb.test', 'assistant', courseId);
    outsider = await invitedStaff(server, 'outsider@gb.test', 'teacher', otherId);
  }, bound(120_000));

  afterAll(async () => {
    await server?.close();
  });

  it("writes a challenge's final grades in Moodle's import layout", async () => {
    const { response, text } = await download(resultsGradebookPath('GB-1', 'moodle'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="gradebook-moodle-GB-1-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...MOODLE_HEADERS, 'Results GB-1 (GB-1)']);
    // By name: "'=cmd|x" (neutralised) sorts first; 60 + 15 + 12 manual; Chen has no grade.
    expect(records(rows)).toEqual([
      {
        'ID number': '00042',
        'Email address': 's1@gb.test',
        'Full name': "'=cmd|x",
        Section: 'B',
        'Results GB-1 (GB-1)': '30',
      },
      {
        'ID number': 'S-001',
        'Email address': 's0@gb.test',
        'Full name': 'Asha Rao',
        Section: 'A',
        'Results GB-1 (GB-1)': '87',
      },
      {
        'ID number': 'S-003',
        'Email address': 's2@gb.test',
        'Full name': 'Chen',
        Section: 'A',
        'Results GB-1 (GB-1)': '',
      },
    ]);
  });

  it("writes Canvas's import layout with the Points Possible row, of one section", async () => {
    const { response, text } = await download(
      resultsGradebookPath('GB-1', 'canvas', sectionA),
      assistant.headers,
    );
    expect(response.status).toBe(200);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CANVAS_HEADERS, 'Results GB-1 (GB-1)']);
    // The judged maximum and the manual points' maximum: 100 + 20.
    expect(rows[1]).toEqual([CANVAS_POINTS_POSSIBLE, '', '', '', '', '120']);
    expect(rows.slice(2)).toEqual([
      ['Asha Rao', '', 'S-001', 's0@gb.test', 'A', '87'],
      ['Chen', '', 'S-003', 's2@gb.test', 'A', ''],
    ]);
  });

  it("writes an exam's final totals in both layouts", async () => {
    const moodle = parseCsv((await download(examGradebookPath('GB-X', 'moodle'))).text);
    expect(moodle[0]).toEqual([...MOODLE_HEADERS, 'Exam GB-X (GB-X)']);
    // Bilal: 80 of 100 on 50 points is 40, plus 5 manual points.
    expect(records(moodle).map((r) => [r['ID number'], r['Exam GB-X (GB-X)']])).toEqual([
      ['00042', '45'],
      ['S-001', ''],
      ['S-003', ''],
    ]);
    const canvas = parseCsv((await download(examGradebookPath('GB-X', 'canvas'))).text);
    expect(canvas[1]).toEqual([CANVAS_POINTS_POSSIBLE, '', '', '', '', '50']);
    expect(canvas[2]).toEqual(["'=cmd|x", '', '00042', 's1@gb.test', 'B', '45']);
  });

  it('refuses other courses, students, unknown formats and sections with a message', async () => {
    expect(
      (await download(resultsGradebookPath('GB-1', 'moodle'), outsider.headers)).response.status,
    ).toBe(404);
    expect(
      (await download(examGradebookPath('GB-X', 'canvas'), outsider.headers)).response.status,
    ).toBe(404);
    expect((await download(resultsGradebookPath('GB-1', 'moodle'), {})).response.status).toBe(401);
    const wrong = await call(
      server,
      'GET',
      '/api/admin/results/GB-1/gradebook/blackboard',
      undefined,
      owner,
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: 'The gradebook format must be moodle or canvas.' },
    });
    const section = await call(
      server,
      'GET',
      `/api/admin/results/GB-1/gradebook/moodle?sectionId=${crypto.randomUUID()}`,
      undefined,
      owner,
    );
    expect(section.status).toBe(404);
    expect(section.body).toHaveProperty('message');
  });
});
