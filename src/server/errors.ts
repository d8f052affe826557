/**
 * The one error handler (DESIGN.md §3): every failure answers `{message}`. 4xx carry a message a
 * person can act on; 5xx are logged with the request id and answered with a generic message,
 * never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../contract/messages.ts';
import { HttpError } from './http-error.ts';

// Fastify's own client errors, reworded where its text would puzzle a student.
const fastifyCodeMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.malformedBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.enterAllDetails,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
};

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ message: first?.message ?? messages.enterAllDetails });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && fastifyCodeMessages[error.code]) || error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.internalError });
  });
}
