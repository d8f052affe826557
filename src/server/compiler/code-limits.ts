/** Size checks on what the compiler page sends, answered 413/400 {message} before any judging. */
import { MAX_CODE_BYTES, MAX_STDIN_BYTES } from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';

export function checkCode(code: string, stdin?: string): void {
  if (code.trim() === '') throw new HttpError(400, messages.codeEmpty);
  if (Buffer.byteLength(code) > MAX_CODE_BYTES)
    throw new HttpError(
      413,
      messages.codeTooLarge.replace('{size}', String(MAX_CODE_BYTES / 1024)),
    );
  if (stdin !== undefined && Buffer.byteLength(stdin) > MAX_STDIN_BYTES)
    throw new HttpError(
      413,
      messages.stdinTooLarge.replace('{size}', String(MAX_STDIN_BYTES / 1024)),
    );
}
