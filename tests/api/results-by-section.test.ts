/**
 * Results by section (issue 33): a challenge's and an exam's results narrowed to a section of
 * their course, each row with the student's Student ID and Section there, the exports' two
 * columns (always, empty when unknown), a section of another course refused, and an assistant of
 * another course kept out as before. One server per database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { courseSectionsRoute } from '../../src/contract/courses.ts';
import {
  examExportPath,
  examResultsPath,
  type ExamResultsResponse,
} from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  resultsExportPath,
  resultsPath,
  toSearchParams,
  type ResultsResponse,
} from '../../src/contract/results.ts';
import { sectionMessages } from '../../src/contract/results-sections.ts';
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
import { createExam, examInput } from './exam-fixtures.ts';
import { seedAttempt, seedChallenge, seedStudent } from './results-fixtures.ts';
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const UNKNOWN_SECTION = '00000000-0000-4000-8000-0000000000ff';

describe.each(databaseKinds)('results by section on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  let outsider: StaffSession;
  let assistant: StaffSession;
  const section: Record<string, string> = {};

  const get = (path: string, query: Record<string, unknown>, as = owner) =>
    call(server, 'GET', `${path}?${toSearchParams(query)}`, undefined, as);
  const results = async (query: Record<string, unknown>, as = owner, challengeId = 'SEC-1') => {
    const res = await get(resultsPath(challengeId), { limit: 200, ...query }, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ResultsResponse;
  };
  const csv = async (path: string, query: Record<string, unknown>) => {
    const response = await fetch(`${server.url}${path}?${toSearchParams(query)}`, {
      headers: owner,
    });
    expect(response.status).toBe(200);
    return (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    const courseId = await createdCourse(server, owner, 'SEC-C');
    const otherId = await createdCourse(server, owner, 'SEC-O');
    for (const [id, name] of [
      [courseId, 'B2'],
      [courseId, 'A1'],
      [otherId, 'Z9'],
    ] as const) {
      const made = await call(
        server,
        'POST',
        courseSectionsRoute.replace(':courseId', id),
        { name },
        owner,
      );
      expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    }
    for (const row of await queryRows(server, `select id::text as id, name from course_sections`))
      section[String(row.name)] = String(row.id);

    await seedChallenge(server, 'SEC-1');
    await seedChallenge(server, 'SEC-PLAIN');
    await queryRows(server, `update challenges set course_id = $1 where challenge_id = 'SEC-1'`, [
      courseId,
    ]);
    // Asha and Ezra in A1 (Ezra never starts), Bilal in B2 with a Student ID that reads as a
    // formula, Chen enrolled without either, Dina in no course (she typed the test code anyway),
    // Farid in no course who never started: not one of this course's students.
    const people = [
      { name: 'Asha', number: 'S-001', section: 'A1', started: true },
      { name: 'Bilal', number: '=1+2', section: 'B2', started: true },
      { name: 'Chen', number: null, section: null, started: true },
      { name: 'Dina', number: undefined, section: null, started: true },
      { name: 'Ezra', number: 'S-005', section: 'A1', started: false },
      { name: 'Farid', number: undefined, section: null, started: false },
    ];
    for (const [i, p] of people.entries()) {
      const userId = await seedStudent(server, { name: p.name, email: `${p.name}@sec.test` });
      if (p.number !== undefined)
        await queryRows(
          server,
          `insert into enrolments (course_id, user_id, section_id, student_number)
           values ($1, $2, $3, $4)`,
          [courseId, userId, p.section ? section[p.section] : null, p.number],
        );
      if (p.started)
        await seedAttempt(server, {
          userId,
          challengeId: 'SEC-1',
          startedAt: new Date(T0 + i * 60_000),
          submissions: [{ at: 60, score: 10 * (i + 1) }],
        });
    }
    await createExam(
      server,
      owner,
      examInput('SEC-X', [{ points: 100, challengeIds: ['SEC-1'] }], { courseId }),
    );
    outsider = await invitedStaff(server, 'outsider@sec.test', 'assistant', otherId);
    assistant = await invitedStaff(server, 'assistant@sec.test', 'assistant', courseId);
  }, bound(120_000));

  afterAll(async () => {
    await server?.close();
  });

  it('narrows the results to a section, each row with its Student ID and Section', async () => {
    const all = await results({ status: 'all', sort: 'name' });
    expect(all.course).toEqual({
      courseId: expect.any(String),
      code: 'SEC-C',
      sections: [
        { sectionId: section.A1, name: 'A1' },
        { sectionId: section.B2, name: 'B2' },
      ],
      hasStudentIds: true,
    });
    const fields = (body: ResultsResponse) =>
      body.rows.map((r) => [r.name, r.studentNumber, r.section]);
    expect(fields(all)).toEqual([
      ['Asha', 'S-001', 'A1'],
      ['Bilal', '=1+2', 'B2'],
      ['Chen', null, null],
      ['Dina', null, null],
      ['Ezra', 'S-005', 'A1'],
    ]);
    // The assistant of the course, paging one row at a time through the started students of A1.
    const first = await results({ sectionId: section.A1, limit: 1 }, assistant.headers);
    expect(fields(first)).toEqual([['Asha', 'S-001', 'A1']]);
    expect(first.total).toBe(1);
    expect(first.nextCursor).toBeNull();
    const a1 = await results({ sectionId: section.A1, status: 'all', sort: 'bestScore' });
    expect(fields(a1)).toEqual([
      ['Asha', 'S-001', 'A1'],
      ['Ezra', 'S-005', 'A1'],
    ]);
    expect(a1.total).toBe(2);
    // The summary stays the whole challenge's, whatever the filters; of the course's students
    // only Ezra has not started (Farid is not one of them).
    expect(a1.summary.started).toBe(4);
    expect(a1.summary.notStarted).toBe(1);
    // A course without sections or Student IDs: nothing for the screen to add.
    const plain = await results({ status: 'all' }, owner, 'SEC-PLAIN');
    expect(plain.course).toMatchObject({ code: 'DEFAULT', sections: [], hasStudentIds: false });
    // The default course lists every student, as the spec's one administrator always saw.
    expect(plain.rows.map((r) => r.name)).toContain('Farid');
    expect(plain.summary.notStarted).toBe(6);
  });

  it('refuses a section of another course, an unknown one and a malformed one', async () => {
    for (const path of [
      resultsPath('SEC-1'),
      resultsExportPath('SEC-1', 'csv'),
      resultsExportPath('SEC-1', 'xlsx'),
      examResultsPath('SEC-X'),
      examExportPath('SEC-X', 'csv'),
    ]) {
      for (const sectionId of [section.Z9, UNKNOWN_SECTION]) {
        const refused = await get(path, { sectionId });
        expect(refused.status, path).toBe(404);
        expect(refused.body).toEqual({ message: sectionMessages.sectionNotInCourse });
      }
    }
    const malformed = await get(resultsPath('SEC-1'), { sectionId: 'A1' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: sectionMessages.invalidSectionId });
    // Another course's assistant learns nothing, with their own course's section or not.
    for (const sectionId of [section.A1, section.Z9]) {
      const hidden = await get(resultsPath('SEC-1'), { sectionId }, outsider.headers);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ message: messages.challengeNotFound });
    }
  });

  it('exports Student ID and Section after the table’s columns, of the section chosen', async () => {
    const b2 = await csv(resultsExportPath('SEC-1', 'csv'), { sectionId: section.B2 });
    expect(b2[0]?.split(',').slice(-3)).toEqual(['Final score (of 100)', 'Student ID', 'Section']);
    expect(b2).toHaveLength(3);
    // The Student ID is neutralised like every text cell.
    expect(b2[1]).toMatch(/^Bilal,Bilal@sec\.test,.*,'=1\+2,B2$/);

    // The roster of A1: Ezra, who never started, too; nobody of another section.
    const roster = await csv(resultsExportPath('SEC-1', 'csv'), {
      scope: 'roster',
      sectionId: section.A1,
      sort: 'name',
    });
    expect(roster.slice(1, -1).map((l) => l.split(',').slice(-2).join(','))).toEqual([
      'S-001,A1',
      'S-005,A1',
    ]);

    const response = await fetch(`${server.url}${resultsExportPath('SEC-1', 'xlsx')}?sort=name`, {
      headers: owner,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Results');
    const cells = (row: number) => [18, 19].map((c) => sheet?.getRow(row).getCell(c).value ?? null);
    expect(cells(1)).toEqual(['Student ID', 'Section']);
    expect(cells(2)).toEqual(['S-001', 'A1']);
    expect(cells(3)).toEqual(["'=1+2", 'B2']);
    expect(cells(4)).toEqual([null, null]);
  });

  it('narrows the exam matrix and its export to a section in the same way', async () => {
    const res = await get(examResultsPath('SEC-X'), { sectionId: section.A1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const matrix = res.body as ExamResultsResponse;
    const everyone = await get(examResultsPath('SEC-X'), { status: 'all' });
    const names = (everyone.body as ExamResultsResponse).rows.map((r) => r.name);
    expect(names).not.toContain('Farid');
    expect(names).toContain('Ezra');
    expect(matrix.course?.sections.map((s) => s.name)).toEqual(['A1', 'B2']);
    expect(matrix.matching).toBe(2);
    expect(matrix.rows.map((r) => [r.name, r.studentNumber, r.section])).toEqual([
      ['Asha', 'S-001', 'A1'],
      ['Ezra', 'S-005', 'A1'],
    ]);
    const lines = await csv(examExportPath('SEC-X', 'csv'), { sectionId: section.B2 });
    expect(lines[0]?.split(',').slice(-3)).toEqual([
      'Automatic total (of 100)',
      'Student ID',
      'Section',
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Bilal,.*,'=1\+2,B2$/);
  });
});
