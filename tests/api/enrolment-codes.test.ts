/**
 * Enrolment codes (issue 33 item 2), on the real server and both databases: the course's teacher
 * turns a code on (into a section); a signed-in student types it, in any case with spaces around
 * it, joins the course and shows in its Students list; typing it again changes nothing; a code
 * turned off or replaced names nothing (the spec's message); another course's teacher cannot
 * touch the course (404) and a student cannot call the staff route (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '../../src/contract/courses.ts';
import {
  courseEnrolmentCodePath,
  enrolmentCodeOf,
  joinCourseRoute,
} from '../../src/contract/enrolment-codes.ts';
import { messages } from '../../src/contract/messages.ts';
import { studentsPath } from '../../src/contract/results.ts';
import {
  adminEnv,
  bearer,
  call,
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';

describe.each(databaseKinds)('enrolment codes (%s)', (kind) => {
  let server: TestServer;
  let teacher: StaffSession;
  let otherTeacher: StaffSession;
  let courseId: string;
  let student: { id: string; token: string };

  const join = (code: string, token = student.token) =>
    call(server, 'POST', joinCourseRoute, { code }, bearer(token));
  const generate = (body: object, by: Record<string, string> = teacher.headers) =>
    call(server, 'PUT', courseEnrolmentCodePath(courseId), body, by);
  const studentsOfCourse = async () => {
    const res = await call(
      server,
      'GET',
      `${studentsPath}?courseId=${courseId}`,
      undefined,
      teacher.headers,
    );
    expect(res.status).toBe(200);
    return (res.body as { rows: { email: string; section: string | null }[] }).rows;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    teacher = await invitedStaff(server, 'join.teacher@college.test', 'teacher');
    otherTeacher = await invitedStaff(server, 'other.teacher@college.test', 'teacher');
    courseId = await createdCourse(server, teacher.headers, 'CS-101');
    await createdCourse(server, otherTeacher.headers, 'CS-202');
    student = await signUpStudent(server, 'joiner@college.test');
  });

  afterAll(async () => {
    await server.close();
  });

  it('lets a student join by the code the teacher generated, into its section, once', async () => {
    const added = await call(
      server,
      'POST',
      `/api/admin/courses/${courseId}/sections`,
      { name: 'Lab A' },
      teacher.headers,
    );
    expect(added.status).toBe(201);
    const sectionId = (added.body as { course: Course }).course.sections[0]?.id;
    const made = await generate({ sectionId });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const code = (made.body as { course: Course }).course.enrolmentCode;
    expect(code).toEqual({ code: expect.any(String), sectionId });
    expect(enrolmentCodeOf(code?.code ?? '')).toBe(code?.code);

    expect(await studentsOfCourse()).toEqual([]);
    const typed = `  ${String(code?.code).toLowerCase()} `;
    const joined = await join(typed);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toEqual({
      message: 'You joined CS-101 — CS-101 title',
      course: { code: 'CS-101', title: 'CS-101 title' },
    });
    expect(await studentsOfCourse()).toEqual([
      expect.objectContaining({ email: 'joiner@college.test', section: 'Lab A' }),
    ]);
    // Twice is fine: still one enrolment.
    expect((await join(String(code?.code))).status).toBe(200);
    const rows = await queryRows(
      server,
      `select count(*)::int as n from enrolments where course_id = $1 and user_id = $2`,
      [courseId, student.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('forgets a replaced or turned-off code, with the spec’s message', async () => {
    const before = (
      await queryRows(server, `select enrolment_code from courses where id = $1`, [courseId])
    )[0]?.enrolment_code;
    const again = await generate({});
    expect(again.status).toBe(200);
    const now = (again.body as { course: Course }).course.enrolmentCode?.code;
    expect(now).not.toBe(before);
    const late = await signUpStudent(server, 'late@college.test');
    expect(await join(String(before), late.token)).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
    const off = await call(
      server,
      'DELETE',
      courseEnrolmentCodePath(courseId),
      undefined,
      teacher.headers,
    );
    expect(off.status).toBe(200);
    expect((off.body as { course: Course }).course.enrolmentCode).toBeNull();
    expect(await join(String(now), late.token)).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
    // Nobody who joined left: only the first student is enrolled.
    expect((await studentsOfCourse()).map((row) => row.email)).toEqual(['joiner@college.test']);
  });

  it('refuses another course’s teacher (404) and a student (403) at the staff call', async () => {
    expect((await generate({}, otherTeacher.headers)).status).toBe(404);
    expect((await generate({}, bearer(student.token))).status).toBe(403);
    // A section of another course is refused, not stored.
    const [other] = await queryRows(
      server,
      `insert into course_sections (course_id, name)
         select id, 'Elsewhere' from courses where code = 'CS-202' returning id`,
    );
    expect(await generate({ sectionId: other?.id })).toMatchObject({ status: 400 });
  });
});
