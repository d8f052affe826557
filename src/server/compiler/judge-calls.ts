/**
 * Calls into the judge with its failures turned into answers: a full queue is a 503 with
 * Retry-After, a judge that cannot run code safely a 503 with a message for the student, and the
 * details of either go to the log only.
 */
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import { JudgeUnavailableError, QueueFullError } from '../judge/index.ts';

export async function callJudge<T>(log: FastifyBaseLogger, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof QueueFullError) {
      const seconds = String(error.retryAfterSeconds);
      log.warn({ waiting: error.waiting }, 'judge queue full');
      throw new HttpError(503, messages.judgeBusy.replace('{seconds}', seconds), {
        'retry-after': seconds,
      });
    }
    if (error instanceof JudgeUnavailableError) {
      log.error({ problems: error.problems }, 'judge unavailable');
      throw new HttpError(503, messages.judgeUnavailable);
    }
    throw error;
  }
}

/** The judge's own fault on one submission: logged, and answered as "try again". */
export function judgeFailed(
  log: FastifyBaseLogger,
  internalMessage: string | undefined,
): HttpError {
  log.error({ internalMessage }, 'judge internal error');
  return new HttpError(503, messages.judgeFailed, { 'retry-after': '5' });
}
