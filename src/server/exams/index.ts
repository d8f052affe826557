/**
 * The exams domain (issue 31, contract/exams.ts): an exam is a sitting of several existing
 * challenges in slots (docs/design/exams-and-sittings.md); it never copies a challenge or its
 * tests, and its results are a query over the same standings and submissions. Registers the
 * teacher's calls, the matrix and its exports, and the student's calls. The compiler's side of an
 * exam (a problem opened under it) is compiler/exam-access.ts.
 *
 * Every staff call goes through `guards.staff` (auth/guards.ts), the one place the staff issue's
 * roles will change.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../auth/guards.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { Db } from '../db/connection.ts';
import { examAdminRoutes } from './exam-admin-routes.ts';
import { examResultsRoutes } from './exam-results-routes.ts';
import { studentExamRoutes } from './student-exam-routes.ts';
import type { CheckAccess } from '../sittings/access/check-access.ts';

type Deps = {
  db: Db;
  guards: Guards;
  /** Lifecycle changes are told to the timer long polls; the student's exam timer waits on it. */
  feed: ChangeFeed;
  /** Settles when the server starts closing: long polls answer at once. */
  closing: Promise<void>;
  timeZone: string;
  graceSeconds: number;
  now: () => Date;
  /** The sittings' access rules (sittings/access/), checked by every student exam call. */
  checkAccess: CheckAccess;
};

export const examRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const staff = deps.guards.staff;
  await app.register(examAdminRoutes, { ...deps, staff });
  await app.register(examResultsRoutes, { ...deps, staff });
  await app.register(studentExamRoutes, deps);
};
