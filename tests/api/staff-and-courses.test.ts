/**
 * Teaching staff and courses (issue 33) through the real server on both databases: invitations
 * (the link shown without SMTP, used once), accepted staff signed in with their role, courses
 * made by teachers, what each member sees, deactivation ending sessions, and the last owner kept.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateAccountPath } from '../../src/contract/activate-account.ts';
import { adminLoginPath } from '../../src/contract/admin.ts';
import { activationLinkPath, credentialMessages } from '../../src/contract/student-credentials.ts';
import { getChallengesPath } from '../../src/contract/challenges.ts';
import { coursePath, courseMessages, coursesRoute } from '../../src/contract/courses.ts';
import { proctorChallengePath } from '../../src/contract/proctor.ts';
import { studentsPath } from '../../src/contract/results.ts';
import { rosterUploadPath } from '../../src/contract/roster.ts';
import {
  acceptInvitationPath,
  staffInvitationsRoute,
  staffMessages,
  staffRoute,
} from '../../src/contract/staff.ts';
import { addChallenge, challengeInput } from './compiler-fixtures.ts';
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
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';
import { ADMIN_PASSWORD } from './test-passwords.ts';
import { bound } from './bounds.ts';

describe.each(databaseKinds)('staff and courses on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  let teacher: StaffSession;
  let courseId: string;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    teacher = await invitedStaff(server, 'ada@college.test', 'teacher');
    courseId = await createdCourse(server, teacher.headers, 'CS-101');
  }, bound(60_000));
  afterAll(async () => {
    await server?.close();
  });

  /** Uploads a .csv roster as `headers` (into `course` when given); the answer's status. */
  const uploadRoster = async (csv: string, headers: Record<string, string>, course?: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'roster.csv');
    const query = course ? `?courseId=${course}` : '';
    const response = await fetch(`${server.url}${rosterUploadPath}${query}`, {
      method: 'POST',
      headers,
      body: form,
    });
    return response.status;
  };

  it('shows the invitation link without SMTP, mails it to the outbox, and lets it work once', async () => {
    const invited = await call(
      server,
      'POST',
      staffInvitationsRoute,
      { email: 'Grace@College.test', role: 'assistant', courseId },
      owner,
    );
    expect(invited.status).toBe(201);
    const { link, message } = invited.body as { link: string; message: string };
    expect(message).toBe(staffMessages.invitationReady);
    expect(link).toMatch(/\/admin\/invitation#[\w-]{40,}$/);
    const outbox = await fs.readdir(path.join(server.config.dataDir, 'outbox'));
    expect(outbox.some((file) => file.endsWith('.eml'))).toBe(true);
    const token = new URL(link).hash.slice(1);
    const body = { token, name: 'Grace', password: ADMIN_PASSWORD };
    const accepted = await call(server, 'POST', acceptInvitationPath, body);
    expect(accepted.status).toBe(200);
    expect((accepted.body as { email: string }).email).toBe('grace@college.test');
    const again = await call(server, 'POST', acceptInvitationPath, body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: staffMessages.invitationUsed });
    const wrong = await call(server, 'POST', acceptInvitationPath, { ...body, token: 'nope' });
    expect(wrong.body).toEqual({ message: staffMessages.invalidInvitation });
    // The assistant is on the course's staff, and the owner's staff list says so.
    const list = await call(server, 'GET', staffRoute, undefined, owner);
    const grace = (
      list.body as { staff: { email: string; role: string; courses: unknown[] }[] }
    ).staff.find((m) => m.email === 'grace@college.test');
    expect(grace).toMatchObject({ role: 'assistant', courses: [{ courseId, role: 'assistant' }] });
  });

  it('refuses to invite an address that is already staff, and an owner into a course', async () => {
    const taken = await call(
      server,
      'POST',
      staffInvitationsRoute,
      { email: 'ada@college.test', role: 'teacher' },
      owner,
    );
    expect(taken).toMatchObject({ status: 409, body: { message: staffMessages.alreadyStaff } });
    const ownerInCourse = await call(
      server,
      'POST',
      staffInvitationsRoute,
      { email: 'new@college.test', role: 'owner', courseId },
      owner,
    );
    expect(ownerInCourse).toMatchObject({
      status: 400,
      body: { message: staffMessages.ownerInCourse },
    });
  });

  it('shows a teacher only their course and its challenges; new ones go into it', async () => {
    await addChallenge(server, challengeInput('OWNERS-1'));
    const made = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('ADA-1'),
      teacher.headers,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const mine = await call(server, 'GET', getChallengesPath, undefined, teacher.headers);
    const ids = (mine.body as { challenges: { challengeId: string }[] }).challenges.map(
      (c) => c.challengeId,
    );
    expect(ids).toEqual(['ADA-1']);
    const all = await call(server, 'GET', getChallengesPath, undefined, owner);
    const allIds = (all.body as { challenges: { challengeId: string }[] }).challenges.map(
      (c) => c.challengeId,
    );
    expect(allIds).toEqual(expect.arrayContaining(['ADA-1', 'OWNERS-1']));
    const courses = await call(server, 'GET', coursesRoute, undefined, teacher.headers);
    expect(
      (courses.body as { courses: { code: string; myRole: string; challenges: number }[] }).courses,
    ).toEqual([expect.objectContaining({ code: 'CS-101', myRole: 'teacher', challenges: 1 })]);
    // The owner's list has the default course as well, with what came before.
    const ownerCourses = await call(server, 'GET', coursesRoute, undefined, owner);
    const codes = (ownerCourses.body as { courses: { code: string }[] }).courses.map((c) => c.code);
    expect(codes).toEqual(['CS-101', 'DEFAULT']);
  });

  it('enrols a roster uploaded into the course, and shows the teacher those students only', async () => {
    const csv = 'Name,Email,Year,Branch,College Name\nLin,lin@college.test,2,CS,Main\n';
    expect(await uploadRoster(csv, teacher.headers, courseId)).toBe(200);
    const other = 'Name,Email,Year,Branch,College Name\nMo,mo@college.test,1,EE,Main\n';
    expect(await uploadRoster(other, owner)).toBe(200);
    const seen = await call(server, 'GET', studentsPath, undefined, teacher.headers);
    const emails = (seen.body as { rows: { email: string }[] }).rows.map((r) => r.email);
    expect(emails).toEqual(['lin@college.test']);
    const everyone = await call(server, 'GET', studentsPath, undefined, owner);
    expect((everyone.body as { total: number }).total).toBe(2);
  });

  it('reads Student ID and Section when the roster has them, adding the section to the course', async () => {
    const csv =
      'Name,Email,Year,Branch,College Name,Student ID,Section\n' +
      'Lin,lin@college.test,2,CS,Main,2026-0042,Lab B\nRu,ru@college.test,2,CS,Main,,\n';
    expect(await uploadRoster(csv, teacher.headers, courseId)).toBe(200);
    const rows = await queryRows(
      server,
      `select u.email, e.student_number, s.name as section from enrolments e
         join users u on u.id = e.user_id left join course_sections s on s.id = e.section_id
        where e.course_id = $1 order by u.email`,
      [courseId],
    );
    expect(rows).toEqual([
      { email: 'lin@college.test', student_number: '2026-0042', section: 'Lab B' },
      { email: 'ru@college.test', student_number: null, section: null },
    ]);
    // The Students view filtered by the course, then by the section, shows them with both.
    const inCourse = await call(
      server,
      'GET',
      `${studentsPath}?courseId=${courseId}`,
      undefined,
      teacher.headers,
    );
    expect((inCourse.body as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({
        email: 'lin@college.test',
        studentNumber: '2026-0042',
        section: 'Lab B',
      }),
      expect.objectContaining({ email: 'ru@college.test', studentNumber: null, section: null }),
    ]);
    const sectionId = (
      await queryRows(server, `select id from course_sections where name = 'Lab B'`)
    )[0]?.id;
    const inSection = await call(
      server,
      'GET',
      `${studentsPath}?courseId=${courseId}&sectionId=${String(sectionId)}`,
      undefined,
      teacher.headers,
    );
    expect((inSection.body as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual([
      'lin@college.test',
    ]);
  });

  it('keeps what a re-uploaded row leaves empty, and rewrites no enrolment that would not change', async () => {
    const enrolled = () =>
      queryRows(
        server,
        `select u.email, e.student_number, s.name as section, e.xmin::text as version
           from enrolments e join users u on u.id = e.user_id
           left join course_sections s on s.id = e.section_id
          where e.course_id = $1 order by u.email`,
        [courseId],
      );
    const before = await enrolled();
    // Lin's row leaves Student ID and Section empty; Ru's gives a number for the first time.
    const csv =
      'Name,Email,Year,Branch,College Name,Student ID,Section\n' +
      'Lin,lin@college.test,2,CS,Main,,\nRu,ru@college.test,2,CS,Main,2026-0077,\n';
    expect(await uploadRoster(csv, teacher.headers, courseId)).toBe(200);
    const after = await enrolled();
    expect(after.map(({ version: _v, ...row }) => row)).toEqual([
      { email: 'lin@college.test', student_number: '2026-0042', section: 'Lab B' },
      { email: 'ru@college.test', student_number: '2026-0077', section: null },
    ]);
    // Lin's enrolment is the same row version (not rewritten); Ru's is a new one.
    expect(after[0]?.version).toBe(before[0]?.version);
    expect(after[1]?.version).not.toBe(before[1]?.version);
  });

  it('lists a course’s students in the proctor view of its challenge, every student in the default course’s', async () => {
    const listed = async (challengeId: string, who: Record<string, string>) => {
      const view = await call(server, 'GET', proctorChallengePath(challengeId), undefined, who);
      expect(view.status, JSON.stringify(view.body)).toBe(200);
      return (view.body as { students: { email: string }[] }).students.map((s) => s.email);
    };
    // ADA-1 is CS-101's (the teacher made it); Mo was uploaded by the owner, into no course.
    expect(await listed('ADA-1', teacher.headers)).toEqual(['lin@college.test', 'ru@college.test']);
    expect(await listed('OWNERS-1', owner)).toEqual(
      expect.arrayContaining(['lin@college.test', 'mo@college.test', 'ru@college.test']),
    );
  });

  it('gives staff of the course a roster student’s activation link, which sets their password', async () => {
    const [ru] = await queryRows(server, `select id from users where email = 'ru@college.test'`);
    const path = activationLinkPath(String(ru?.id));
    const other = await invitedStaff(server, 'other.teacher@college.test', 'teacher');
    await createdCourse(server, other.headers, 'OTHER-1');
    expect((await call(server, 'POST', path, {}, other.headers)).status).toBe(404);
    const given = await call(server, 'POST', path, {}, teacher.headers);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const { link, mailed } = given.body as { link: string; mailed: boolean };
    expect(mailed).toBe(false);
    const token = new URL(link).searchParams.get('token');
    const activated = await call(server, 'PUT', activateAccountPath, {
      token,
      password: 'Lab-Pass-2026!',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const again = await call(server, 'POST', path, { send: true }, teacher.headers);
    expect(again).toMatchObject({
      status: 409,
      body: { message: credentialMessages.alreadyClaimed },
    });
  });

  it('lets a teacher add an assistant to their course by email address, not a stranger', async () => {
    const helper = await invitedStaff(server, 'Lin@College.test', 'assistant');
    const staffOf = coursePath(courseId) + '/staff';
    const added = await call(
      server,
      'PUT',
      staffOf,
      { staffEmail: ' LIN@college.test ', role: 'assistant' },
      teacher.headers,
    );
    expect(added.status).toBe(200);
    const { course } = added.body as { course: { staff: { staffId: string; role: string }[] } };
    expect(course.staff).toContainEqual(
      expect.objectContaining({ staffId: helper.id, role: 'assistant' }),
    );
    const stranger = await call(
      server,
      'PUT',
      staffOf,
      { staffEmail: 'student@college.test', role: 'assistant' },
      teacher.headers,
    );
    expect(stranger).toMatchObject({
      status: 404,
      body: { message: courseMessages.staffByEmailNotFound },
    });
    const both = await call(
      server,
      'PUT',
      staffOf,
      { staffId: helper.id, staffEmail: 'lin@college.test', role: 'assistant' },
      teacher.headers,
    );
    expect(both).toMatchObject({ status: 400, body: { message: courseMessages.staffIdOrEmail } });
  });

  it('refuses a course code taken in another case', async () => {
    const taken = await call(server, 'POST', coursesRoute, { code: 'cs-101', title: 'x' }, owner);
    expect(taken).toMatchObject({ status: 409, body: { message: courseMessages.codeTaken } });
    const renamed = await call(
      server,
      'PUT',
      coursePath(courseId),
      { code: 'CS-101', title: 'Programming 1', term: 'Fall 2026' },
      teacher.headers,
    );
    expect(renamed.status).toBe(200);
    expect((renamed.body as { course: { term: string } }).course.term).toBe('Fall 2026');
  });

  it('ends a deactivated member’s sessions at once and refuses their sign-in', async () => {
    const member = await invitedStaff(server, 'leaving@college.test', 'teacher');
    expect((await call(server, 'GET', coursesRoute, undefined, member.headers)).status).toBe(200);
    const off = await call(server, 'PUT', `${staffRoute}/${member.id}`, { active: false }, owner);
    expect(off.status).toBe(200);
    expect((off.body as { member: { active: boolean } }).member.active).toBe(false);
    expect((await call(server, 'GET', coursesRoute, undefined, member.headers)).status).toBe(401);
    const signIn = await call(server, 'POST', adminLoginPath, {
      email: 'leaving@college.test',
      password: ADMIN_PASSWORD,
    });
    expect(signIn.status).toBe(401);
  });

  it('keeps at least one active owner', async () => {
    const list = await call(server, 'GET', staffRoute, undefined, owner);
    const me = (list.body as { staff: { id: string; email: string }[] }).staff.find(
      (m) => m.email === adminEnv.ADMIN_EMAIL,
    );
    const demoted = await call(
      server,
      'PUT',
      `${staffRoute}/${me?.id}`,
      { role: 'teacher' },
      owner,
    );
    expect(demoted).toMatchObject({ status: 409, body: { message: staffMessages.lastOwner } });
    const off = await call(server, 'PUT', `${staffRoute}/${me?.id}`, { active: false }, owner);
    expect(off.status).toBe(409);
  });
});
