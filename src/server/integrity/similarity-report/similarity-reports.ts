/**
 * The similarity reports of one server process: the current version of a challenge's
 * submissions is read on every request (three small aggregates), and the report is computed in a
 * worker thread only when that version has not been seen (report-cache.ts). A challenge's own
 * report and its report in each exam that holds it are kept apart (reportKey).
 */
import {
  SIMILARITY_DEFAULT_MINIMUM_TOKENS,
  SIMILARITY_MIN_THRESHOLD,
} from '../../../contract/similarity.ts';
import type { Db } from '../../db/connection.ts';
import { ReportCache } from './report-cache.ts';
import {
  readReportVersion,
  readStandingPrograms,
  type ReportScope,
  type SimilarityChallenge,
} from './report-queries.ts';
import type { ReportThreads } from './report-thread.ts';
import type { KeptReport } from './report-view.ts';

/**
 * The cache's key of a report: the challenge for its own report, the challenge and the exam's
 * sitting for an exam's, so the two never answer for each other. (A challenge id is letters,
 * digits, - and _, so no id can spell another's key.)
 */
export function reportKey(challengeId: string, scope: ReportScope): string {
  return scope.kind === 'own' ? challengeId : `${challengeId} in exam ${scope.sittingId}`;
}

/** Reports kept (a challenge's, or a challenge's in an exam): a teacher looks at a few at a time. */
const KEPT_REPORTS = 8;
/**
 * Pairs kept per report, the most similar: a class of 500 where many hand in the same short
 * program would otherwise keep tens of thousands of pairs, and nobody reads past a few hundred.
 */
const KEPT_PAIRS = 2_000;

/** The minimum of shared tokens a challenge's report applies. */
export const minimumTokensOf = (challenge: SimilarityChallenge): number =>
  challenge.minimumTokens ?? SIMILARITY_DEFAULT_MINIMUM_TOKENS;

export class SimilarityReports {
  private readonly cache = new ReportCache<KeptReport>(KEPT_REPORTS);

  constructor(
    private readonly db: Db,
    private readonly threads: Pick<ReportThreads, 'compute'>,
  ) {}

  async report(challenge: SimilarityChallenge, scope: ReportScope): Promise<KeptReport> {
    // Read before the programs: a submission arriving in between makes the next request
    // compute again (a wasted report), never keeps a stale one under a newer version.
    const version = await readReportVersion(this.db, challenge.challengeId, scope);
    return this.cache.get(reportKey(challenge.challengeId, scope), version, () =>
      this.compute(challenge, scope),
    );
  }

  private async compute(challenge: SimilarityChallenge, scope: ReportScope): Promise<KeptReport> {
    const programs = await readStandingPrograms(this.db, challenge.challengeId, scope);
    const computed = await this.threads.compute({
      programs: programs.map(({ submissionId, language, code }) => ({
        submissionId,
        language,
        code,
      })),
      starter: { language: challenge.language, code: challenge.starterCode },
      reference: { language: challenge.language, code: challenge.referenceSolution },
      minimumTokens: minimumTokensOf(challenge),
      floor: SIMILARITY_MIN_THRESHOLD / 100,
      maxPairs: KEPT_PAIRS,
    });
    return {
      ...computed,
      minimumTokens: minimumTokensOf(challenge),
      submissions: new Map(
        programs.map(({ code: _code, ...submission }) => [submission.submissionId, submission]),
      ),
      computedAt: new Date().toISOString(),
    };
  }
}
