/**
 * The audit entry in the writer's transaction (issue 33, record-audit.ts) and the course it is
 * filed under, on both databases: an entry and its change commit or roll back together (a commit
 * refused after the entry's insert leaves neither; an entry that cannot be inserted undoes the
 * change); a call that wrote nothing and failed leaves no entry, a refused sign-in still does;
 * a roster upload, whose transaction holds savepoints, enters once; every entry whose target is
 * of a course carries it, and the owner's page and export filter by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginPath } from '../../src/contract/admin.ts';
import { accommodationsPath } from '../../src/contract/accommodations.ts';
import { auditExportRoute, auditRoute, type AuditEntry } from '../../src/contract/audit.ts';
import {
  addChallengePath,
  deleteChallengePath,
  updateChallengePath,
} from '../../src/contract/challenges.ts';
import { DEFAULT_COURSE_ID, coursePath } from '../../src/contract/courses.ts';
import { examsPath } from '../../src/contract/exams.ts';
import { rosterUploadPath } from '../../src/contract/roster.ts';
import { activationLinkPath } from '../../src/contract/student-credentials.ts';
import { challengeInput } from './compiler-fixtures.ts';
import { examInput } from './exam-fixtures.ts';
import { csvFile } from './fixtures/roster-files.ts';
import {
  ADMIN,
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { createdCourse, invitedStaff } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

/**
 * Test-only triggers: one refuses the commit of a transaction holding an entry for a target
 * (deferred to the commit, so the entry's insert itself went through), the other refuses the
 * entry's insert itself.
 */
const TRIGGERS = [
  `create function audit_test_refuse_commit() returns trigger language plpgsql as $$
   begin
     if new.target_id = 'TX-COMMIT' then raise exception 'commit refused by the test'; end if;
     return null;
   end $$`,
  `create constraint trigger audit_test_refuse_commit after insert on audit_log
     deferrable initially deferred for each row execute function audit_test_refuse_commit()`,
  `create function audit_test_refuse_insert() returns trigger language plpgsql as $$
   begin
     if new.target_id = 'TX-INSERT' then raise exception 'insert refused by the test'; end if;
     return new;
   end $$`,
  `create trigger audit_test_refuse_insert before insert on audit_log
     for each row execute function audit_test_refuse_insert()`,
];

describe.each(databaseKinds)('audit entries in the writer’s transaction on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    for (const statement of TRIGGERS) await queryRows(server, statement);
  }, bound(60_000));
  afterAll(async () => {
    await server?.close();
  });

  const entriesFor = async (target: string) =>
    queryRows(server, `select action, call, outcome from audit_log where target_id = $1`, [target]);
  const challengeCount = async (id: string) =>
    Number(
      (
        await queryRows(
          server,
          `select count(*)::int as n from challenges where challenge_id = $1`,
          [id],
        )
      )[0]?.n,
    );
  const page = async (query: string) => {
    const answer = await call(server, 'GET', `${auditRoute}${query}`, undefined, owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { entries: AuditEntry[] }).entries;
  };

  it('commits the entry with the change: one entry for the created challenge, inside its transaction', async () => {
    const created = await call(server, 'POST', addChallengePath, challengeInput('TX-OK'), owner);
    expect(created.status).toBe(200);
    expect(await entriesFor('TX-OK')).toEqual([
      { action: 'challenge.write', call: `POST ${addChallengePath}`, outcome: 200 },
    ]);
  });

  it('leaves neither the change nor the entry when the commit fails after the entry’s insert', async () => {
    const refused = await call(
      server,
      'POST',
      addChallengePath,
      challengeInput('TX-COMMIT'),
      owner,
    );
    expect(refused.status).toBe(500);
    expect(await challengeCount('TX-COMMIT')).toBe(0);
    expect(await entriesFor('TX-COMMIT')).toEqual([]);
  });

  it('undoes the change when its entry cannot be inserted', async () => {
    const refused = await call(
      server,
      'POST',
      addChallengePath,
      challengeInput('TX-INSERT'),
      owner,
    );
    expect(refused.status).toBe(500);
    expect(await challengeCount('TX-INSERT')).toBe(0);
    expect(await entriesFor('TX-INSERT')).toEqual([]);
  });

  it('leaves no entry for a call that wrote nothing and failed, and still records a refused sign-in', async () => {
    // Transactions that only read (or found the code taken), then the call answered 4xx.
    const missing = { ...challengeInput('TX-NONE'), challengeName: 'Nobody' };
    expect((await call(server, 'POST', updateChallengePath, missing, owner)).status).toBe(404);
    const gone = `${deleteChallengePath}?challengeId=TX-NONE`;
    expect((await call(server, 'POST', gone, undefined, owner)).status).toBe(404);
    const twice = await call(server, 'POST', addChallengePath, challengeInput('TX-OK'), owner);
    expect(twice.status).toBe(409);
    expect(await entriesFor('TX-NONE')).toEqual([]);
    expect(await entriesFor('TX-OK')).toHaveLength(1);

    const wrong = await call(server, 'POST', adminLoginPath, {
      email: ADMIN.email,
      password: 'not-the-password-either',
    });
    expect(wrong.status).toBe(401);
    const [refusal] = await page('?action=staff.sign-in-refused');
    expect(refusal).toMatchObject({ actorEmail: ADMIN.email, outcome: 401, courseId: null });
  });

  it('enters a roster upload once, savepoints and all, under its course', async () => {
    const courseId = await createdCourse(server, owner, 'TX-ROSTER');
    const upload = async (query: string) => {
      const form = new FormData();
      const rows = [
        ['Name', 'Email', 'Year', 'Branch', 'College Name'],
        ['Ada', `ada${query.length}@college.test`, '1', 'CS', 'College'],
      ];
      form.append('file', new Blob([csvFile(rows)]), 'roster.csv');
      const response = await fetch(`${server.url}${rosterUploadPath}${query}`, {
        method: 'POST',
        headers: owner,
        body: form,
      });
      expect(response.status, await response.text()).toBe(200);
    };
    await upload(`?courseId=${courseId}`);
    // Named by nobody: the course the server chose (an owner's default course) is noted.
    await upload('');
    const rows = await queryRows(
      server,
      `select course_id from audit_log where call = $1 order by id`,
      [`POST ${rosterUploadPath}`],
    );
    expect(rows.map((row) => row.course_id)).toEqual([courseId, DEFAULT_COURSE_ID]);
  });

  it('files every entry whose target is of a course under it, and filters the page and export by it', async () => {
    const teacher = await invitedStaff(server, 'tx.teacher@college.test', 'teacher');
    const courseId = await createdCourse(server, teacher.headers, 'TX-C');
    const otherId = await createdCourse(server, owner, 'TX-OTHER');
    const section = await call(
      server,
      'POST',
      `${coursePath(courseId)}/sections`,
      { name: 'Lab 1' },
      teacher.headers,
    );
    expect(section.status).toBe(201);
    const challenge = { ...challengeInput('TX-C-1'), courseId };
    expect((await call(server, 'POST', addChallengePath, challenge, teacher.headers)).status).toBe(
      200,
    );
    const exam = examInput('TX-C-EXAM', [{ points: 10, challengeIds: ['TX-C-1'] }], { courseId });
    expect((await call(server, 'POST', examsPath, exam, teacher.headers)).status).toBe(200);
    const student = await signUpStudent(server, 'tx.student@college.test');
    await queryRows(server, `insert into enrolments (course_id, user_id) values ($1, $2)`, [
      courseId,
      student.id,
    ]);
    const given = await call(
      server,
      'POST',
      accommodationsPath({ kind: 'challenge', challengeId: 'TX-C-1' }, student.id),
      { action: 'extra_time', minutes: 10, reason: 'Documented need' },
      teacher.headers,
    );
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    // A roster student of the course, who has not chosen a password yet.
    const [unclaimed] = await queryRows(
      server,
      `insert into users (email, name, year, branch, college)
       values ('tx.roster@college.test', 'Roster', '1', 'CS', 'College') returning id`,
    );
    await queryRows(server, `insert into enrolments (course_id, user_id) values ($1, $2)`, [
      courseId,
      unclaimed?.id,
    ]);
    const link = await call(
      server,
      'POST',
      activationLinkPath(String(unclaimed?.id)),
      {},
      teacher.headers,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    // A challenge of the other course, deleted: filed under the course it was in.
    const doomed = { ...challengeInput('TX-O-1'), courseId: otherId };
    expect((await call(server, 'POST', addChallengePath, doomed, owner)).status).toBe(200);
    const deleted = `${deleteChallengePath}?challengeId=TX-O-1`;
    expect((await call(server, 'POST', deleted, undefined, owner)).status).toBe(200);
    // A staff member's role is no course's.
    const role = await call(
      server,
      'PUT',
      `/api/admin/staff/${teacher.id}`,
      { role: 'teacher' },
      owner,
    );
    expect(role.status, JSON.stringify(role.body)).toBe(200);

    const inCourse = await page(`?courseId=${courseId}`);
    expect(inCourse.every((entry) => entry.courseId === courseId)).toBe(true);
    expect(inCourse.every((entry) => entry.courseCode === 'TX-C')).toBe(true);
    expect(inCourse.map((entry) => entry.call).sort()).toEqual(
      [
        'POST /api/admin/courses',
        'POST /api/admin/courses/:courseId/sections',
        `POST ${addChallengePath}`,
        `POST ${examsPath}`,
        'POST /api/admin/challenges/:challengeId/students/:userId/accommodations',
        'POST /api/admin/students/:studentId/activation-link',
      ].sort(),
    );
    // The accommodation's from → to is still read after the write (inside its transaction).
    const accommodation = inCourse.find((entry) => entry.action === 'sitting.act');
    expect(accommodation?.changes).toMatchObject({ extraMinutes: { from: 0, to: 10 } });

    const inOther = await page(`?courseId=${otherId}`);
    expect(inOther.map((entry) => [entry.call, entry.targetId])).toEqual([
      [`POST ${deleteChallengePath}`, 'TX-O-1'],
      [`POST ${addChallengePath}`, `TX-O-1 / ${otherId}`],
      ['POST /api/admin/courses', ''],
    ]);
    const [roleEntry] = await page(`?target=${teacher.id}&action=staff.manage`);
    expect(roleEntry?.courseId).toBeNull();

    const response = await fetch(`${server.url}${auditExportRoute}?courseId=${otherId}`, {
      headers: owner,
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Id,At,Who,Address,Action,Call,Outcome,Target,Course,Changes');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => line.includes(',TX-OTHER,'))).toBe(true);

    const bad = await call(server, 'GET', `${auditRoute}?courseId=not-a-course`, undefined, owner);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.any(String) });
  });
});
