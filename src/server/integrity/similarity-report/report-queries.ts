/**
 * What the similarity report reads: the challenge, the version of its submissions (the cache
 * key) and, per student, the program that stands for them, on one sitting: the challenge's own,
 * or an exam's that holds the challenge (issue 31), whose students who were given it are compared.
 */
import { sql, type SQL } from 'drizzle-orm';
import { languages, type Language } from '../../../contract/challenges.ts';
import type { SimilaritySettings, SimilaritySubmission } from '../../../contract/similarity.ts';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { ownSittingOf } from '../../sittings/sitting-queries.ts';

export type SimilarityChallenge = {
  challengeId: string;
  challengeName: string;
  language: Language;
  starterCode: string;
  /** The teacher's own minimum of shared tokens (null: the default). */
  minimumTokens: number | null;
  referenceSolution: string;
};

const languageOf = (value: string): Language | undefined =>
  languages.find((language) => language === value);

export async function findSimilarityChallenge(
  db: Db,
  challengeId: string,
): Promise<SimilarityChallenge | undefined> {
  const found = await db.execute(sql`
    select challenge_id as "challengeId", challenge_name as "challengeName", language,
      starter_code as "starterCode", similarity_minimum_tokens as "minimumTokens",
      reference_solution as "referenceSolution"
    from challenges where challenge_id = ${challengeId}`);
  const row = rowsOf<Omit<SimilarityChallenge, 'language'> & { language: string }>(found)[0];
  return row ? { ...row, language: languageOf(row.language) ?? 'python' } : undefined;
}

/**
 * Whose programs a report compares: the challenge's own takers, or the students of one exam (its
 * sitting) who were given the challenge. A standing and its submissions belong to one sitting
 * attempt, so restricting to the sitting is enough: an exam's students who drew another problem
 * of the pool have no standing on this one.
 */
export type ReportScope = { kind: 'own' } | { kind: 'exam'; sittingId: string };

export const OWN_SITTING: ReportScope = { kind: 'own' };

/** The scope's sitting, as a scalar SQL value. */
const sittingOf = (challengeId: string, scope: ReportScope): SQL =>
  scope.kind === 'own' ? ownSittingOf(challengeId) : sql`${scope.sittingId}::uuid`;

/**
 * The row (of submissions, by its alias) was made at the scope's sitting: the challenge's own
 * report never counts what was submitted under an exam, nor an exam's what was submitted alone.
 */
const onSitting = (sitting: SQL, alias?: string): SQL =>
  sql`${sql.raw(alias ? `${alias}.` : '')}sitting_attempt_id in (select at_sa.id
    from sitting_attempts at_sa where at_sa.sitting_id = ${sitting})`;

/**
 * Changes whenever the report's input may: a submission arrives or is deleted (count, newest
 * arrival), one is judged or re-judged (newest judgement), a student's best changes (the digest
 * of the best submission ids), or the challenge is edited (its starter code).
 */
export async function readReportVersion(
  db: Db,
  challengeId: string,
  scope: ReportScope,
): Promise<string> {
  const sitting = sittingOf(challengeId, scope);
  const atSitting = onSitting(sitting);
  const found = await db.execute(sql`
    select
      (select count(*) from submissions where challenge_id = ${challengeId} and ${atSitting})::text
        as count,
      (select coalesce(max(created_at)::text, '') from submissions
        where challenge_id = ${challengeId} and ${atSitting}) as "lastCreated",
      (select coalesce(max(judged_at)::text, '') from submissions
        where challenge_id = ${challengeId} and ${atSitting}) as "lastJudged",
      (select md5(coalesce(string_agg(best_submission_id::text, ',' order by user_id), ''))
        from attempts where challenge_id = ${challengeId}
          and sitting_id = ${sitting}) as "bests",
      (select updated_at::text from challenges where challenge_id = ${challengeId}) as edited`);
  const row = rowsOf<Record<string, string | null>>(found)[0] ?? {};
  return [row.count, row.lastCreated, row.lastJudged, row.bests, row.edited].join('|');
}

export type StandingProgram = SimilaritySubmission & { code: string };

/** Each student's best submission (the attempt's), or their newest when none is best. */
export async function readStandingPrograms(
  db: Db,
  challengeId: string,
  scope: ReportScope,
): Promise<StandingProgram[]> {
  const found = await db.execute(sql`
    select distinct on (s.user_id) s.id as "submissionId", s.user_id as "userId", u.name,
      u.email, s.language, s.code
    from submissions s
      join users u on u.id = s.user_id
      left join attempts a on a.sitting_attempt_id = s.sitting_attempt_id
        and a.challenge_id = s.challenge_id
    where s.challenge_id = ${challengeId} and ${onSitting(sittingOf(challengeId, scope), 's')}
    order by s.user_id, coalesce(s.id = a.best_submission_id, false) desc, s.created_at desc,
      s.id desc`);
  return rowsOf<Omit<StandingProgram, 'language'> & { language: string }>(found).flatMap((row) => {
    const language = languageOf(row.language);
    return language ? [{ ...row, language }] : [];
  });
}

/** The code of submissions of this challenge, by id (ids of other challenges are not found). */
export async function readCodes(
  db: Db,
  challengeId: string,
  submissionIds: string[],
): Promise<Map<string, string>> {
  const found = await db.execute(sql`
    select id, code from submissions
    where challenge_id = ${challengeId} and id in (${sql.join(
      submissionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(rowsOf<{ id: string; code: string }>(found).map((row) => [row.id, row.code]));
}

/**
 * A challenge's similarity settings. updated_at moves with them: it is part of the report's
 * version (readReportVersion), so the next request computes the report again with them.
 */
export async function writeSimilaritySettings(
  db: Db,
  challengeId: string,
  settings: SimilaritySettings,
): Promise<void> {
  await db.execute(sql`
    update challenges set similarity_minimum_tokens = ${settings.minimumTokens},
      reference_solution = ${settings.referenceSolution}, updated_at = now()
    where challenge_id = ${challengeId}`);
}
