/**
 * The self-check of an imported package (issue 14 item 7), as problemtools' verifyproblem: each
 * labelled submission under `submissions/<verdict>/` is judged on the challenge as imported, and
 * the verdict its folder promises is set against the one it got, so a teacher sees at once
 * whether this judge agrees with the package (limits, compare flags, checker, groups).
 */
import type { Challenge } from '../../contract/challenges.ts';
import { SELF_CHECK_MAX_SUBMISSIONS, type SelfCheckRow } from '../../contract/problems.ts';
import { judgeRequestFor } from '../challenges/judge-request.ts';
import type { JudgeService } from '../judge/index.ts';
import type { PackageSubmission } from './kattis-package.ts';

export async function selfCheck(
  judge: Pick<JudgeService, 'judge'>,
  challenge: Challenge,
  submissions: readonly PackageSubmission[],
): Promise<SelfCheckRow[]> {
  // All handed to the judge's bounded queue at once: it runs JUDGE_CONCURRENCY of them at a time.
  return Promise.all(
    submissions.slice(0, SELF_CHECK_MAX_SUBMISSIONS).map(async (s): Promise<SelfCheckRow> => {
      const result = await judge.judge(judgeRequestFor(challenge, s));
      return {
        path: s.path,
        language: s.language,
        expected: s.expected,
        got: result.verdict,
        score: result.score,
        agrees: result.verdict === s.expected,
        ...(result.internalMessage ? { message: result.internalMessage.slice(0, 2000) } : {}),
      };
    }),
  );
}
