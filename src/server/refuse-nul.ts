/**
 * PostgreSQL's text cannot hold the NUL character (U+0000): a name, a challenge field, code or a
 * typed test with one made the database fail and the call answer 500 (issue 15 item 7). Every
 * request's JSON body, query and route parameters are looked through once, nested fields
 * included, before validation, and a NUL anywhere is answered `400 {message}`.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../contract/messages.ts';

/** Whether `value` holds a string with NUL in it, however deep (without recursion). */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

export function refuseNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params))
      return reply.code(400).send({ message: messages.nulCharacter });
  });
}
