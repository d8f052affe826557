/**
 * The similarity report of one challenge's programs, as the worker thread computes it
 * (report-worker.mjs): fingerprints with the starter code left out, pairs at or above a floor,
 * most similar first, and for each pair the regions both programs share. The regions leave out
 * the fingerprints the ranking ignored as too common, so what the side-by-side view marks is
 * what the score counted. Pure: no database, no Node APIs, so it is tested like any function.
 *
 * Each pair also carries how much it shares (compare.ts sharedSize) and the common idioms both
 * hold (issue 37). A pair sharing fewer tokens than the challenge's minimum is "too short to
 * compare": it is ranked below every pair with real evidence, whatever its share, and the pairs
 * kept (maxPairs) are taken in that order, so a class of identical three-line answers never
 * pushes a real copy out of the report.
 */
import type { JudgeLanguage } from '../../../contract/verdicts.ts';
import {
  commonSpans,
  fingerprintPrograms,
  matchingSpans,
  pairSharedSize,
  rankPairs,
  type CommonSpan,
  type Fingerprinted,
  type Pair,
  type Program,
  type SharedSize,
  type Span,
} from '../similarity/compare.ts';
import type { SimilarityLanguage } from '../similarity/tokenize.ts';

export type ReportProgram = { submissionId: string; language: JudgeLanguage; code: string };

export type ReportInput = {
  programs: ReportProgram[];
  /** The challenge's starter code, in the challenge's own language. */
  starter: { language: JudgeLanguage; code: string } | null;
  /** The teacher's reference solution: shared with it counts as starter code does. */
  reference?: { language: JudgeLanguage; code: string } | null;
  /** Pairs sharing fewer tokens than this are too short to compare (ranked last). */
  minimumTokens: number;
  /** Pairs below this share (0 to 1) are not kept. */
  floor: number;
  /** At most this many pairs are kept, the most similar. */
  maxPairs: number;
};

export type ComputedPair = {
  a: string;
  b: string;
  similarity: number;
  spansA: Span[];
  spansB: Span[];
  shared: SharedSize;
  /** Under the minimum of shared tokens: no score stands for it. */
  tooShort: boolean;
  /** Common idioms both hold, with how many programs hold them. */
  commonA: CommonSpan[];
  commonB: CommonSpan[];
};

export type ComputedReport = {
  /** Submission ids of the programs compared. */
  compared: string[];
  /** Programs left out because their language has no tokenizer yet. */
  skipped: { language: JudgeLanguage; count: number }[];
  pairs: ComputedPair[];
};

/** The judge's languages the tokenizer reads (tokenize.ts); null: not compared. */
/** What the teacher gave (starter code) or wrote (reference solution), when it can be read. */
function givenCode(
  ...files: ({ language: JudgeLanguage; code: string } | null | undefined)[]
): { language: SimilarityLanguage; source: string }[] {
  return files.flatMap((file) => {
    const language = file ? TOKENIZED[file.language] : null;
    return file && language && file.code.trim() !== '' ? [{ language, source: file.code }] : [];
  });
}

const TOKENIZED: Record<JudgeLanguage, SimilarityLanguage | null> = {
  javascript: 'javascript',
  python: 'python',
  java: 'java',
  c: 'c',
  cpp: 'cpp',
};

/** A program's fingerprints less the common ones, made once per program a pair needs. */
function withoutCommon(program: Fingerprinted, common: Map<number, number>): Fingerprinted {
  return {
    id: program.id,
    hashes: new Set([...program.hashes].filter((hash) => !common.has(hash))),
    prints: program.prints.filter((print) => !common.has(print.hash)),
    tokenLines: program.tokenLines,
  };
}

export function assembleReport(input: ReportInput): ComputedReport {
  const programs: Program[] = [];
  const skipped = new Map<JudgeLanguage, number>();
  for (const program of input.programs) {
    const language = TOKENIZED[program.language];
    if (language) programs.push({ id: program.submissionId, language, source: program.code });
    else skipped.set(program.language, (skipped.get(program.language) ?? 0) + 1);
  }
  const printed = fingerprintPrograms(programs, {
    starterCode: givenCode(input.starter, input.reference),
  });
  const { pairs, common } = rankPairs(printed, { threshold: input.floor });
  const byId = new Map(printed.map((program) => [program.id, program]));
  const trimmed = new Map<string, Fingerprinted>();
  const trimmedOf = (id: string): Fingerprinted | undefined => {
    let found = trimmed.get(id);
    const program = byId.get(id);
    if (!found && program) {
      found = withoutCommon(program, common);
      trimmed.set(id, found);
    }
    return found;
  };
  const complete = (pair: Pair): ComputedPair | undefined => {
    const a = trimmedOf(pair.a);
    const b = trimmedOf(pair.b);
    const wholeA = byId.get(pair.a);
    const wholeB = byId.get(pair.b);
    if (!a || !b || !wholeA || !wholeB) return undefined;
    const spansA = matchingSpans(a, b);
    const spansB = matchingSpans(b, a);
    const shared = pairSharedSize(a, b);
    return {
      a: pair.a,
      b: pair.b,
      similarity: pair.similarity,
      spansA,
      spansB,
      shared,
      tooShort: shared.tokens < input.minimumTokens,
      commonA: commonSpans(wholeA, wholeB, common, spansA),
      commonB: commonSpans(wholeB, wholeA, common, spansB),
    };
  };
  // Pairs with evidence first, most similar first (rankPairs' order); then, in the room left,
  // the pairs too short to compare. Walking stops once maxPairs pairs with evidence are found.
  const evidence: ComputedPair[] = [];
  const short: ComputedPair[] = [];
  for (const pair of pairs) {
    if (evidence.length >= input.maxPairs) break;
    const computed = complete(pair);
    if (!computed) continue;
    if (!computed.tooShort) evidence.push(computed);
    else if (short.length < input.maxPairs) short.push(computed);
  }
  const kept = [...evidence, ...short].slice(0, input.maxPairs);
  return {
    compared: programs.map((program) => program.id),
    skipped: [...skipped].map(([language, count]) => ({ language, count })),
    pairs: kept,
  };
}
