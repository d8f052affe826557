/**
 * One-time passwords given by staff (issue 33, contract/one-time-passwords.ts): for one roster
 * student, or for every student of a course or section at once, as the slips of a printed sheet.
 * Each password is made here, hashed with the product's password hashing (through the hash
 * queue), and answered once: only its hash is kept, and the audit entry of the call keeps its
 * input only, which holds no password (audit/record-audit.ts). Giving one ends the student's
 * sessions and lifts a login lock-out, as a password reset does: it is the lab's reset for
 * students without mail, whether or not they had chosen a password before.
 */
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseMessages, courseParamsSchema } from '../../contract/courses.ts';
import {
  MAX_SHEET_STUDENTS,
  ONE_TIME_PASSWORD_DAYS,
  oneTimePasswordMessages,
  oneTimePasswordResponseSchema,
  oneTimePasswordRoute,
  sheetRequestSchema,
  sheetResponseSchema,
  sheetRoute,
} from '../../contract/one-time-passwords.ts';
import {
  credentialMessages,
  studentCredentialParamsSchema,
} from '../../contract/student-credentials.ts';
import type { Guards } from '../auth/guards.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { courseSections, courses } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { newOneTimePassword } from './one-time-password.ts';
import {
  setOneTimePassword,
  setSheetPasswords,
  sheetStudents,
} from './one-time-password-queries.ts';
import { findUserById } from './user-queries.ts';

type Deps = { db: Db; guards: Guards; config: Config; versions: SessionVersions; now: () => Date };

const expiryFrom = (at: Date) => new Date(at.getTime() + ONE_TIME_PASSWORD_DAYS * 86_400_000);

/**
 * Half the hash queue's slots at most, one hash each at a time: the hash queue serves in arrival
 * order, and a sheet of 400 handed over at once would make every student signing in meanwhile
 * wait behind it (or be answered 503). Each of the sheet's hashes may wait its turn for as long
 * as SHEET_HASH_WAIT_MS instead of the sign-in budget: staff can wait, a lab at 9:00 cannot.
 */
const SHEET_HASHERS = Math.max(1, Math.floor(os.availableParallelism() / 2));
const SHEET_HASH_WAIT_MS = 60_000;

async function hashAll<S>(
  students: S[],
): Promise<{ student: S; password: string; passwordHash: string }[]> {
  const made: { student: S; password: string; passwordHash: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < students.length) {
      const index = next;
      next += 1;
      const student = students[index] as S;
      const password = newOneTimePassword();
      const passwordHash = await hashPassword(password, performance.now() + SHEET_HASH_WAIT_MS);
      made[index] = { student, password, passwordHash };
    }
  };
  await Promise.all(Array.from({ length: SHEET_HASHERS }, worker));
  return made;
}

export const oneTimePasswordRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, config, versions, now } = deps;
  // The student's login throttle: a student locked out by wrong guesses can use the new one.
  const loginLimiter = createLoginThrottle(db, 'login', config.loginLimits);

  app.post(
    oneTimePasswordRoute,
    {
      onRequest: guards.staff,
      config: { action: 'students.credentials' },
      schema: {
        params: studentCredentialParamsSchema,
        response: { 200: oneTimePasswordResponseSchema },
      },
    },
    async (request) => {
      const student = await findUserById(db, request.params.studentId);
      if (!student) throw new HttpError(404, credentialMessages.studentNotFound);
      const password = newOneTimePassword();
      const expiresAt = expiryFrom(now());
      const passwordHash = await hashPassword(password);
      const changed = await setOneTimePassword(db, { userId: student.id, passwordHash, expiresAt });
      if (!changed) throw new HttpError(404, credentialMessages.studentNotFound);
      await versions.announce('student', changed.id, changed.tokenVersion);
      await loginLimiter.clear(changed.email);
      return {
        message: oneTimePasswordMessages.passwordSet,
        name: changed.name,
        email: changed.email,
        password,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  app.post(
    sheetRoute,
    {
      onRequest: guards.staff,
      config: { action: 'students.credentials' },
      schema: {
        params: courseParamsSchema,
        body: sheetRequestSchema,
        response: { 200: sheetResponseSchema },
      },
    },
    async (request) => {
      const { courseId } = request.params;
      const sectionId = request.body.sectionId ?? null;
      const scope = request.body.students;
      const [course] = await db
        .select({ code: courses.code, title: courses.title })
        .from(courses)
        .where(eq(courses.id, courseId));
      if (!course) throw new HttpError(404, courseMessages.courseNotFound);
      let section: string | null = null;
      if (sectionId !== null) {
        const [found] = await db
          .select({ name: courseSections.name })
          .from(courseSections)
          .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)));
        if (!found) throw new HttpError(404, oneTimePasswordMessages.invalidSection);
        section = found.name;
      }
      const students = await sheetStudents(db, courseId, sectionId, scope);
      if (students.length > MAX_SHEET_STUDENTS) {
        throw new HttpError(400, oneTimePasswordMessages.tooManyStudents);
      }
      const expiresAt = expiryFrom(now());
      const sheet = {
        course,
        section,
        portalUrl: config.publicUrl,
        expiresAt: expiresAt.toISOString(),
      };
      if (students.length === 0) {
        return { ...sheet, message: oneTimePasswordMessages.noStudents, slips: [] };
      }
      // Hashed before the write, so the transaction holds the database for one statement only
      // (PGlite has one connection).
      const made = await hashAll(students);
      const changed = await setSheetPasswords(
        db,
        made.map(({ student, passwordHash }) => ({ userId: student.userId, passwordHash })),
        expiresAt,
        scope,
      );
      for (const { id, tokenVersion } of changed) {
        await versions.announce('student', id, tokenVersion);
      }
      const done = new Set(changed.map((row) => row.id));
      const slips = made
        .filter(({ student }) => done.has(student.userId))
        .map(({ student, password }) => ({ ...student, password }));
      for (const slip of slips) await loginLimiter.clear(slip.email);
      return { ...sheet, message: oneTimePasswordMessages.sheetReady, slips };
    },
  );
};
