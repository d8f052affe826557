/**
 * The self-check of an imported package (issue 14 item 7), as problemtools' verifyproblem: each
 * labelled submission under `submissions/<verdict>/` is judged on the challenge as imported, and
 * the verdict its folder promises is set against the one it got, so a teacher sees at once
 * whether this judge agrees with the package (limits, compare flags, checker, groups).
 * It runs after the import has answered (big tests make it minutes long, past what an upload
 * waits for), its rows written to the database as they come (self-check-queries.ts).
 */
import type { Challenge } from '../../contract/challenges.ts';
import { SELF_CHECK_MAX_SUBMISSIONS, type SelfCheckRow } from '../../contract/problems.ts';
import { judgeRequestFor } from '../challenges/judge-request.ts';
import type { Db } from '../db/connection.ts';
import type { JudgeService } from '../judge/index.ts';
import type { PackageSubmission } from './kattis-package.ts';
import { appendSelfCheckRow, createSelfCheck, finishSelfCheck } from './self-check-queries.ts';

type Log = { error(obj: object, msg: string): void };

/**
 * A scoring problem's accepted/ submissions must earn the whole score and partially_accepted/
 * ones part of it, as problemtools checks; a pass-fail problem's verdict says it all.
 */
function scoreAgrees(challenge: Challenge, s: PackageSubmission, score: number): boolean {
  if (!challenge.grading || !s.score) return true;
  return s.score === 'full' ? score === challenge.score : score > 0 && score < challenge.score;
}

async function judgeOne(
  judge: Pick<JudgeService, 'judge'>,
  challenge: Challenge,
  s: PackageSubmission,
): Promise<SelfCheckRow> {
  // A folder's row names its files, the one it starts from first.
  const entry = s.sources?.entry;
  const files = s.sources
    ? { files: [entry ?? '', ...s.sources.files.map((f) => f.name).filter((n) => n !== entry)] }
    : {};
  let result;
  try {
    result = await judge.judge(judgeRequestFor(challenge, s));
  } catch (err) {
    // The judge could not take it (no sandbox here, a full queue): said on its row.
    return {
      path: s.path,
      language: s.language,
      expected: s.expected,
      got: 'Internal Error',
      score: 0,
      agrees: s.expected === 'Internal Error',
      ...files,
      message: (err as Error).message.slice(0, 2000),
    };
  }
  return {
    path: s.path,
    language: s.language,
    expected: s.expected,
    got: result.verdict,
    score: result.score,
    agrees:
      (result.verdict === s.expected || (s.also ?? []).includes(result.verdict)) &&
      scoreAgrees(challenge, s, result.score),
    ...files,
    ...(result.internalMessage ? { message: result.internalMessage.slice(0, 2000) } : {}),
  };
}

/** The self-checks this process is judging, so closing it stops writing their rows. */
export class SelfChecks {
  private closed = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly judge: Pick<JudgeService, 'judge'>,
    private readonly log: Log,
  ) {}

  /** Starts judging; answers the self-check's id and size (null: nothing to check). */
  async start(
    challenge: Challenge,
    submissions: readonly PackageSubmission[],
  ): Promise<{ id: string; total: number } | null> {
    const chosen = submissions.slice(0, SELF_CHECK_MAX_SUBMISSIONS);
    if (chosen.length === 0 || this.closed) return null;
    const id = await createSelfCheck(this.db, challenge.challengeId, chosen.length);
    // All handed to the judge's bounded queue at once: it runs JUDGE_CONCURRENCY at a time.
    const work = Promise.all(
      chosen.map(async (s) => {
        const row = await judgeOne(this.judge, challenge, s);
        if (!this.closed) await appendSelfCheckRow(this.db, id, row);
      }),
    )
      .then(() => (this.closed ? undefined : finishSelfCheck(this.db, id)))
      .catch((err: unknown) => {
        if (!this.closed) this.log.error({ err, selfCheck: id }, 'the self-check failed');
      })
      .finally(() => this.running.delete(work));
    this.running.add(work);
    return { id, total: chosen.length };
  }

  /** Stops writing rows: the database may be closing. Judgings under way end on their own. */
  close(): void {
    this.closed = true;
  }
}
