/**
 * POST /api/user/logout and POST /api/admin/signOutStudent {email} (src/contract/sessions.ts):
 * end every session and compiler token of an account by moving its token version on
 * (session-versions.ts). A logout ends the caller's sessions everywhere, not only this browser's:
 * a student who logs out of a lab computer is logged out of any other they forgot, and an
 * administrator's Logout is their own "sign out everywhere".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../contract/messages.ts';
import {
  logoutPath,
  sessionEndedResponseSchema,
  signOutStudentPath,
  signOutStudentRequestSchema,
} from '../../contract/sessions.ts';
import { HttpError } from '../http-error.ts';
import type { Guards } from './guards.ts';
import type { SessionVersions } from './session-versions.ts';

type Deps = { guards: Guards; versions: SessionVersions };

export const sessionRoutes: FastifyPluginAsyncZod<Deps> = async (app, { guards, versions }) => {
  app.post(
    logoutPath,
    { onRequest: guards.signedIn, schema: { response: { 200: sessionEndedResponseSchema } } },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new HttpError(401, messages.unauthorized);
      // The account may have been deleted since the guard ran: then it has no session left anyway.
      await versions.revokeAll(auth.role, { id: auth.sub });
      return { message: messages.loggedOut };
    },
  );

  app.post(
    signOutStudentPath,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.act' },
      schema: { body: signOutStudentRequestSchema, response: { 200: sessionEndedResponseSchema } },
    },
    async (request) => {
      const revoked = await versions.revokeAll('student', { email: request.body.email });
      if (!revoked) throw new HttpError(404, messages.userNotFound);
      return { message: messages.signedOutEverywhere };
    },
  );
};
