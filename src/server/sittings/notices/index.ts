/**
 * Announcements and clarifications of a sitting (issue 32 item 5, contract/notices.ts): the
 * staff's calls and the exam screen's. The compiler page's calls (`compilerNoticeRoutes`) are
 * registered with the other compiler calls, behind their guard.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../auth/guards.ts';
import { staffNoticeRoutes } from './staff-notice-routes.ts';
import { studentNoticeRoutes, type StudentNoticeDeps } from './student-notice-routes.ts';

export { compilerNoticeRoutes } from './student-notice-routes.ts';
export { noticeCursor } from './notice-queries.ts';

export const noticeRoutes: FastifyPluginAsyncZod<StudentNoticeDeps & { guards: Guards }> = async (
  app,
  deps,
) => {
  await app.register(staffNoticeRoutes, deps);
  await app.register(studentNoticeRoutes, deps);
};
