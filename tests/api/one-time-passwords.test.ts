/**
 * One-time passwords (issue 33, accounts without mail), on the real server and both databases:
 * staff give one to a student (or a whole section's sheet of them); the login answers it with a
 * token that only chooses the new password; the new password then works and the one-time one no
 * more; an expired one is refused with its own message; another course's staff find nothing; the
 * stored value is an argon2 hash; no one-time password reaches a log line (noteSecret: the
 * harness searches the log as the server closes) or an audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import {
  ONE_TIME_PASSWORD_DAYS,
  ONE_TIME_PASSWORD_PATTERN,
  choosePasswordPath,
  oneTimePasswordMessages,
  oneTimePasswordPath,
  sheetPath,
  type OneTimePasswordResponse,
  type SheetResponse,
} from '../../src/contract/one-time-passwords.ts';
import {
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
import { noteSecret } from './log-secrets.ts';
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';
import { STUDENT_PASSWORD } from './test-passwords.ts';

const NEW_PASSWORD = 'Chosen-pass-2026';
const login = (server: TestServer, email: string, password: string) =>
  call(server, 'POST', '/api/user/loginSignUp', { email, password });

describe.each(databaseKinds)('one-time passwords (%s)', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  let assistantA: StaffSession;
  let teacherB: StaffSession;
  let courseA: string;
  let courseB: string;
  const sections: Record<string, string> = {};
  let forgotId = '';

  /** A roster student (no password yet) enrolled in `course`, in `section` when given. */
  async function rosterStudent(email: string, course: string, section?: string, number?: string) {
    const [user] = await queryRows(
      server,
      `insert into users (email, name) values ($1, $2) returning id`,
      [email, email.split('@')[0]],
    );
    await queryRows(
      server,
      `insert into enrolments (course_id, user_id, section_id, student_number) values ($1, $2, $3, $4)`,
      [course, user?.id, section ?? null, number ?? null],
    );
    return String(user?.id);
  }

  async function enrol(userId: string, course: string, section?: string) {
    await queryRows(
      server,
      `insert into enrolments (course_id, user_id, section_id) values ($1, $2, $3)`,
      [course, userId, section ?? null],
    );
  }

  async function giveOne(studentId: string, by: Record<string, string>) {
    const res = await call(server, 'POST', oneTimePasswordPath(studentId), undefined, by);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as OneTimePasswordResponse;
    noteSecret(answer.password);
    return answer;
  }

  async function sheet(body: object, by: Record<string, string> = assistantA.headers) {
    const res = await call(server, 'POST', sheetPath(courseA), body, by);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as SheetResponse;
    for (const slip of answer.slips) noteSecret(slip.password);
    return answer;
  }

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    const teacherA = await invitedStaff(server, 'teacher.a@college.test', 'teacher');
    teacherB = await invitedStaff(server, 'teacher.b@college.test', 'teacher');
    courseA = await createdCourse(server, teacherA.headers, 'OTP-A');
    courseB = await createdCourse(server, teacherB.headers, 'OTP-B');
    assistantA = await invitedStaff(server, 'asst.a@college.test', 'assistant', courseA);
    for (const name of ['Lab 1', 'Lab 2']) {
      const [row] = await queryRows(
        server,
        `insert into course_sections (course_id, name) values ($1, $2) returning id`,
        [courseA, name],
      );
      sections[name] = String(row?.id);
    }
  });
  afterAll(async () => {
    // Closing searches the log for every password noted above.
    await server.close();
  });

  it('gives a student who forgot their password one that must be changed at once', async () => {
    const student = await signUpStudent(server, 'forgot@college.test');
    forgotId = student.id;
    await enrol(student.id, courseA, sections['Lab 1']);
    const given = await giveOne(student.id, assistantA.headers);
    expect(given.password).toMatch(ONE_TIME_PASSWORD_PATTERN);
    expect(given.email).toBe('forgot@college.test');
    const days = (Date.parse(given.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(ONE_TIME_PASSWORD_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(ONE_TIME_PASSWORD_DAYS);

    // Stored as an argon2 hash of it, never as it is; their sessions and old password are over.
    const [stored] = await queryRows(
      server,
      `select password_hash, one_time_password_expires_at from users where id = $1`,
      [student.id],
    );
    expect(String(stored?.password_hash)).toMatch(/^\$argon2id\$/);
    expect(String(stored?.password_hash)).not.toContain(given.password);
    expect(stored?.one_time_password_expires_at).not.toBeNull();
    const oldSession = await call(server, 'GET', '/api/user/getChallenges', undefined, {
      ...bearer(student.token),
    });
    expect(oldSession.status).toBe(401);
    const oldPassword = await login(server, student.email, STUDENT_PASSWORD);
    expect(oldPassword).toMatchObject({
      status: 401,
      body: { message: messages.wrongEmailOrPassword },
    });

    // The login answers the spec's fields, and a token that opens nothing but the change.
    const first = await login(server, student.email, given.password);
    expect(first.status).toBe(200);
    const answer = first.body as { token: string; mustChangePassword?: boolean; id: string };
    expect(answer).toMatchObject({ mustChangePassword: true, id: student.id });
    const limited = bearer(answer.token);
    for (const [method, path, body] of [
      ['GET', '/api/user/getChallenges', undefined],
      ['POST', '/api/user/getToken', { email: student.email, name: student.name }],
      ['POST', '/api/user/logout', undefined],
    ] as const) {
      const refused = await call(server, method, path, body, limited);
      expect(refused.status, `${method} ${path}`).toBe(401);
    }

    // The change: the reset page's strength rule, the login's token, once.
    const weak = await call(server, 'PUT', choosePasswordPath, {
      password: 'weakpass',
      token: answer.token,
    });
    expect(weak).toMatchObject({ status: 400, body: { message: messages.setStrongPassword } });
    const forged = await call(server, 'PUT', choosePasswordPath, {
      password: NEW_PASSWORD,
      token: student.token,
    });
    expect(forged).toMatchObject({
      status: 400,
      body: { message: oneTimePasswordMessages.changeExpired },
    });
    const changed = await call(server, 'PUT', choosePasswordPath, {
      password: NEW_PASSWORD,
      token: answer.token,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const session = changed.body as { token: string; email: string; mustChangePassword?: true };
    expect(session.email).toBe(student.email);
    expect(session.mustChangePassword).toBeUndefined();
    const works = await call(server, 'GET', '/api/user/getChallenges', undefined, {
      ...bearer(session.token),
    });
    expect(works.status).toBe(200);
    const again = await call(server, 'PUT', choosePasswordPath, {
      password: 'Another-pass-2026',
      token: answer.token,
    });
    expect(again).toMatchObject({
      status: 400,
      body: { message: oneTimePasswordMessages.changeUsed },
    });

    // From now on: the chosen password, a normal session; the one-time one no more.
    const spent = await login(server, student.email, given.password);
    expect(spent).toMatchObject({ status: 401, body: { message: messages.wrongEmailOrPassword } });
    const normal = await login(server, student.email, NEW_PASSWORD);
    expect(normal.status).toBe(200);
    expect(normal.body).not.toHaveProperty('mustChangePassword');
    const [after] = await queryRows(
      server,
      `select one_time_password_expires_at from users where id = $1`,
      [student.id],
    );
    expect(after?.one_time_password_expires_at).toBeNull();
  });

  it('refuses an expired one-time password with its own message, a wrong one as any', async () => {
    const id = await rosterStudent('late@college.test', courseA, sections['Lab 2']);
    const given = await giveOne(id, owner);
    // Holding only a one-time password is not having chosen one: the Students list agrees.
    const listed = await call(
      server,
      'GET',
      `/api/admin/students?courseId=${courseA}&claimed=unclaimed&q=late`,
      undefined,
      owner,
    );
    expect((listed.body as { rows: { email: string; claimed: boolean }[] }).rows).toEqual([
      expect.objectContaining({ email: 'late@college.test', claimed: false }),
    ]);
    await queryRows(
      server,
      `update users set one_time_password_expires_at = now() - interval '1 minute' where id = $1`,
      [id],
    );
    const expired = await login(server, 'late@college.test', given.password);
    expect(expired).toMatchObject({
      status: 401,
      body: { message: oneTimePasswordMessages.expired },
    });
    const wrong = await login(server, 'late@college.test', 'abcde-fghjk');
    expect(wrong).toMatchObject({ status: 401, body: { message: messages.wrongEmailOrPassword } });
  });

  it('finds nothing of another course for its staff, and refuses students', async () => {
    const id = await rosterStudent('scoped@college.test', courseA);
    const other = await call(server, 'POST', oneTimePasswordPath(id), undefined, teacherB.headers);
    expect(other.status).toBe(404);
    const otherSheet = await call(
      server,
      'POST',
      sheetPath(courseA),
      { students: 'all' },
      teacherB.headers,
    );
    expect(otherSheet.status).toBe(404);
    const student = await signUpStudent(server, 'nosy@college.test');
    const byStudent = await call(server, 'POST', oneTimePasswordPath(id), undefined, {
      ...bearer(student.token),
    });
    expect(byStudent.status).toBe(403);
    // A section of another course is not this course's.
    const [foreign] = await queryRows(
      server,
      `insert into course_sections (course_id, name) values ($1, 'Elsewhere') returning id`,
      [courseB],
    );
    const wrongSection = await call(
      server,
      'POST',
      sheetPath(courseA),
      { students: 'all', sectionId: foreign?.id },
      assistantA.headers,
    );
    expect(wrongSection).toMatchObject({
      status: 404,
      body: { message: oneTimePasswordMessages.invalidSection },
    });
    const [untouched] = await queryRows(server, `select password_hash from users where id = $1`, [
      id,
    ]);
    expect(untouched?.password_hash).toBeNull();
  });

  it("makes a section's sheet for exactly its students, all or none, replacing earlier ones", async () => {
    const lab = sections['Lab 1'] ?? '';
    const ann = await rosterStudent('ann.sheet@college.test', courseA, lab, 'S-001');
    const ben = await rosterStudent('ben.sheet@college.test', courseA, lab);
    const own = await signUpStudent(server, 'cat.sheet@college.test');
    await enrol(own.id, courseA, lab);
    await rosterStudent('dan.sheet@college.test', courseA, sections['Lab 2']);
    await rosterStudent('eve.sheet@college.test', courseB);
    const labEmails = (answer: SheetResponse) =>
      answer.slips
        .map((slip) => slip.email)
        .filter((email) => email.endsWith('.sheet@college.test'));

    // Atomic: one student's row refuses the write, and nobody's password changed.
    await queryRows(
      server,
      `create function refuse_ben() returns trigger language plpgsql as
         $$ begin raise exception 'refused for the test'; end $$`,
    );
    await queryRows(
      server,
      `create trigger refuse_ben before update on users for each row
         when (old.email = 'ben.sheet@college.test') execute function refuse_ben()`,
    );
    const failed = await call(
      server,
      'POST',
      sheetPath(courseA),
      { students: 'unclaimed', sectionId: lab },
      assistantA.headers,
    );
    expect(failed.status).toBe(500);
    const hashes = await queryRows(
      server,
      `select count(*)::int as n from users where id = any($1::uuid[]) and password_hash is not null`,
      [[ann, ben]],
    );
    expect(hashes[0]?.n).toBe(0);
    await queryRows(server, `drop trigger refuse_ben on users`);

    // The default: the section's students who never chose a password.
    const first = await sheet({ students: 'unclaimed', sectionId: lab });
    expect(first.message).toBe(oneTimePasswordMessages.sheetReady);
    expect(labEmails(first)).toEqual(['ann.sheet@college.test', 'ben.sheet@college.test']);
    expect(first.slips.every((slip) => slip.section === 'Lab 1')).toBe(true);
    expect(first.slips.find((slip) => slip.userId === ann)?.studentNumber).toBe('S-001');
    expect(first.course).toEqual({ code: 'OTP-A', title: 'OTP-A title' });
    expect(first.section).toBe('Lab 1');
    expect(first.portalUrl).toBe(server.config.publicUrl);
    expect(new Set(first.slips.map((slip) => slip.password)).size).toBe(first.slips.length);
    const annFirst = first.slips.find((slip) => slip.userId === ann)?.password ?? '';
    const annLogin = await login(server, 'ann.sheet@college.test', annFirst);
    expect(annLogin.body).toMatchObject({ mustChangePassword: true });

    // A student with only a one-time password still counts as not having chosen one.
    const again = await sheet({ students: 'unclaimed', sectionId: lab });
    expect(labEmails(again)).toEqual(['ann.sheet@college.test', 'ben.sheet@college.test']);
    const replaced = await login(server, 'ann.sheet@college.test', annFirst);
    expect(replaced.status).toBe(401);

    // Everyone of the section, the student with their own password too, whose password it replaces.
    const all = await sheet({ students: 'all', sectionId: lab });
    expect(labEmails(all)).toEqual([
      'ann.sheet@college.test',
      'ben.sheet@college.test',
      'cat.sheet@college.test',
    ]);
    expect((await login(server, own.email, STUDENT_PASSWORD)).status).toBe(401);

    // The whole course: both sections, never another course's students (by name: cat signed
    // up as 'student').
    const course = await sheet({ students: 'unclaimed' });
    expect(course.section).toBeNull();
    expect(labEmails(course).sort()).toEqual([
      'ann.sheet@college.test',
      'ben.sheet@college.test',
      'cat.sheet@college.test',
      'dan.sheet@college.test',
    ]);
  });

  it('keeps every one-time password out of the audit log, which records who made them', async () => {
    const entries = await queryRows(
      server,
      `select action, call, actor_email, target_kind, target_id, row_to_json(a)::text as row
         from audit_log a where action = 'students.credentials'`,
    );
    expect(entries.length).toBeGreaterThanOrEqual(6);
    expect(entries.map((entry) => entry.actor_email)).toContain('asst.a@college.test');
    // Which student got a password, and which course's sheet was made.
    const targets = entries.map((entry) => `${entry.target_kind}:${entry.target_id}`);
    expect(targets).toContain(`student:${forgotId}`);
    expect(targets).toContain(`course:${courseA}`);
    for (const entry of entries) {
      expect(String(entry.row)).not.toMatch(/[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}/);
      expect(String(entry.row)).not.toMatch(/\$argon2/);
    }
  });
});
