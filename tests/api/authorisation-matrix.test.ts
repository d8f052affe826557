/**
 * The authorisation matrix (issue 33): every staff route the real app registers, called by every
 * kind of caller, answers as the policy table says (src/server/auth/policy.ts). The routes are
 * collected as the server starts and each carries its action (a staff route without one stops
 * the server: staff-route-check.ts), so a new route is in this matrix without anyone listing it.
 *
 * Every route's path names course A's things (its challenge, exam, the course itself, an
 * enrolled student). Callers: the owner, course A's teacher and assistant, course B's teacher
 * and assistant, a student, nobody. A refused caller gets exactly 401 (no session), 403 (a
 * session the policy does not allow, or a member of course A whose role there does not allow
 * it) or 404 (a member of another course only: course A's things do not exist for them). An
 * allowed caller gets through the guard to the route's own work: for a read exactly what the
 * owner got, for a write anything but 401, 403 or a server error (no body is sent, so most
 * writes stop at validation).
 */
import crypto from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { can, isStaffAction, type Actor, type StaffAction } from '../../src/server/auth/policy.ts';
import { addChallenge, challengeInput } from './compiler-fixtures.ts';
import { createExam, examInput } from './exam-fixtures.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
} from './harness.ts';
import { createdCourse, invitedStaff } from './staff-fixtures.ts';

type StaffRoute = { method: string; url: string; action: StaffAction };
type Caller = { name: string; headers: Record<string, string>; actor: Actor | 'student' | 'none' };
type Expected = 401 | 403 | 404 | 'through';

/**
 * Path parameters that name something of a course (all of course A here); a `studentId` is a
 * student enrolled in course A only (accounts without mail: activation links, one-time passwords).
 */
const COURSE_PARAMS = /:(challengeId|examCode|courseId|studentId)\b/;

function expectedFor(caller: Caller, route: StaffRoute, courseA: string): Expected {
  if (caller.actor === 'none') return 401;
  if (caller.actor === 'student') return 403;
  const actor = caller.actor;
  if (!can(actor, route.action)) return 403;
  if (actor.role === 'owner' || !COURSE_PARAMS.test(route.url)) return 'through';
  if (can(actor, route.action, courseA)) return 'through';
  return actor.courses.has(courseA) ? 403 : 404;
}

function collect(into: StaffRoute[]) {
  return (route: RouteOptions) => {
    const action: unknown = route.config?.action;
    if (!isStaffAction(action)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') into.push({ method, url: route.url, action });
    }
  };
}

const member = (
  id: string,
  role: 'teacher' | 'assistant',
  course: string,
  email = `${id}@college.test`,
): Actor => ({ id, email, role, courses: new Map([[course, role]]) });

describe.each(databaseKinds)('the authorisation matrix (%s)', (kind) => {
  it('gives every staff route x every caller the status the policy table gives', async () => {
    const routes: StaffRoute[] = [];
    const server = await startServer(kind, adminEnv, { onRoute: collect(routes) });
    try {
      const ownerHeaders = bearer(await adminToken(server));
      const teacherA = await invitedStaff(server, 'teacher.a@college.test', 'teacher');
      const teacherB = await invitedStaff(server, 'teacher.b@college.test', 'teacher');
      const courseA = await createdCourse(server, teacherA.headers, 'CS-A');
      const courseB = await createdCourse(server, teacherB.headers, 'CS-B');
      const assistantA = await invitedStaff(server, 'asst.a@college.test', 'assistant', courseA);
      const assistantB = await invitedStaff(server, 'asst.b@college.test', 'assistant', courseB);
      await addChallenge(server, { ...challengeInput('MATRIX-1'), courseId: courseA });
      await createExam(
        server,
        ownerHeaders,
        examInput('MATRIX-EXAM', [{ points: 10, challengeIds: ['MATRIX-1'] }], {
          courseId: courseA,
        }),
      );
      const student = await signUpStudent(server, 'matrix@college.test');
      await queryRows(server, `insert into enrolments (course_id, user_id) values ($1, $2)`, [
        courseA,
        student.id,
      ]);
      // The student staff act on (a one-time password ends their sessions): not the caller above.
      const target = await signUpStudent(server, 'matrix.target@college.test');
      await queryRows(server, `insert into enrolments (course_id, user_id) values ($1, $2)`, [
        courseA,
        target.id,
      ]);
      const values: Record<string, string> = {
        studentId: target.id,
        challengeId: 'MATRIX-1',
        examCode: 'MATRIX-EXAM',
        courseId: courseA,
        userId: student.id,
        staffId: crypto.randomUUID(),
        email: 'nobody@college.test',
      };
      const owner: Actor = { id: 'owner', email: 'o', role: 'owner', courses: new Map() };
      const callers: Caller[] = [
        { name: 'owner', headers: ownerHeaders, actor: owner },
        { name: 'teacher of the course', ...teacherA, actor: member('ta', 'teacher', courseA) },
        {
          name: 'assistant of the course',
          ...assistantA,
          actor: member('aa', 'assistant', courseA),
        },
        { name: 'teacher of another course', ...teacherB, actor: member('tb', 'teacher', courseB) },
        {
          name: 'assistant of another course',
          ...assistantB,
          actor: member('ab', 'assistant', courseB),
        },
        { name: 'student', headers: bearer(student.token), actor: 'student' },
        { name: 'no session', headers: {}, actor: 'none' },
      ];
      expect(routes.length).toBeGreaterThanOrEqual(70);
      // Writes that remove things last, so the reads and the other writes find them there.
      const ordered = [
        ...routes.filter((route) => route.method !== 'DELETE'),
        ...routes.filter((route) => route.method === 'DELETE'),
      ];
      const mismatches: string[] = [];
      for (const route of ordered) {
        const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
          encodeURIComponent(values[name] ?? 'placeholder'),
        );
        // Reads: the owner first, whose answer every other allowed caller must get too.
        // Writes: the refused callers first, the owner last.
        const [first, ...rest] = callers;
        const order = route.method === 'GET' || !first ? callers : [...rest, first];
        let ownerStatus: number | undefined;
        for (const caller of order) {
          const expected = expectedFor(caller, route, courseA);
          const response = await fetch(server.url + url, {
            method: route.method,
            headers: caller.headers,
          });
          await response.arrayBuffer();
          const got = response.status;
          if (caller.actor === owner) ownerStatus = got;
          let fine: boolean;
          if (expected !== 'through') fine = got === expected;
          else if (route.method === 'GET' && ownerStatus !== undefined) fine = got === ownerStatus;
          else fine = got !== 401 && got !== 403 && got < 500;
          if (!fine) {
            const want =
              expected === 'through' && ownerStatus ? `${ownerStatus} (as the owner)` : expected;
            mismatches.push(
              `${route.method} ${route.url} (${route.action}) as ${caller.name}: ${got}, expected ${want}`,
            );
          }
        }
      }
      expect(mismatches).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
