/**
 * A checker program's extra command-line arguments, after `input judge_answer feedback_dir/`
 * (issue 35): a package's validator_flags (Kattis) or special_compare_args (DOMjudge), for the
 * whole challenge or, where a test group's testdata.yaml gives its own, for that group.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

/** At most this many arguments, each at most this long. */
export const CHECKER_ARGS_MAX = 32;
export const CHECKER_ARG_MAX_CHARS = 200;

export const checkerArgsSchema = z
  .array(
    // No spaces: a package's flags are one string split at them, and an export writes it so.
    z
      .string({ error: messages.invalidCheckerArgs })
      .max(CHECKER_ARG_MAX_CHARS, { error: messages.invalidCheckerArgs })
      .regex(/^\S+$/u, { error: messages.invalidCheckerArgs }),
    { error: messages.invalidCheckerArgs },
  )
  .max(CHECKER_ARGS_MAX, { error: messages.invalidCheckerArgs });
