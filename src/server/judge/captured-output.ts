/**
 * The bounded copy of a test's output that the judge keeps for staff (issue 34 item 1): the first
 * CAPTURE_BYTES of standard output and of standard error, cut at a character boundary and marked
 * when the program wrote more. Whatever the program wrote, the copy is text PostgreSQL can store:
 * invalid UTF-8 becomes U+FFFD (as Node decodes it), and so does NUL, which `text` cannot hold.
 */
import type { CapturedText } from './types.ts';

/** 64 KiB: enough to read what went wrong, small enough for every test of every submission. */
export const CAPTURE_BYTES = 64 * 1024;

/** Whether the judge keeps outputs: of every test, of failed tests only, or of none. */
export const KEEP_OUTPUT_MODES = ['all', 'failed', 'none'] as const;
export type KeepOutput = (typeof KEEP_OUTPUT_MODES)[number];

/** A UTF-8 byte that continues a character (10xxxxxx). */
const isContinuation = (byte: number | undefined) => ((byte ?? 0) & 0xc0) === 0x80;

/**
 * The first `max` bytes of `bytes` as text. `total` is how many bytes the program wrote when
 * `bytes` holds only part of them (the sandbox stops collecting standard error at its limit).
 */
export function captureHead(
  bytes: Buffer,
  total: number = bytes.length,
  max: number = CAPTURE_BYTES,
): CapturedText {
  let end = Math.min(bytes.length, max);
  // A cut inside a multi-byte character drops that character: back to its first byte (at most 3).
  if (end < bytes.length) {
    let start = end;
    while (start > end - 3 && start > 0 && isContinuation(bytes[start])) start -= 1;
    if (!isContinuation(bytes[start])) end = start;
  }
  return {
    text: bytes.toString('utf8', 0, end).replaceAll('\u0000', '\uFFFD'),
    cut: total > end,
  };
}
