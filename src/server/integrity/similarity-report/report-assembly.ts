/**
 * The similarity report of one challenge's programs, as the worker thread computes it
 * (report-worker.mjs): fingerprints with the starter code left out, pairs at or above a floor,
 * most similar first, and for each pair the regions both programs share. The regions leave out
 * the fingerprints the ranking ignored as too common, so what the side-by-side view marks is
 * what the score counted. Pure: no database, no Node APIs, so it is tested like any function.
 */
import type { JudgeLanguage } from '../../../contract/verdicts.ts';
import {
  fingerprintPrograms,
  matchingSpans,
  rankPairs,
  type Fingerprinted,
  type Program,
  type Span,
} from '../similarity/compare.ts';
import type { SimilarityLanguage } from '../similarity/tokenize.ts';

export type ReportProgram = { submissionId: string; language: JudgeLanguage; code: string };

export type ReportInput = {
  programs: ReportProgram[];
  /** The challenge's starter code, in the challenge's own language. */
  starter: { language: JudgeLanguage; code: string } | null;
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
};

export type ComputedReport = {
  /** Submission ids of the programs compared. */
  compared: string[];
  /** Programs left out because their language has no tokenizer yet. */
  skipped: { language: JudgeLanguage; count: number }[];
  pairs: ComputedPair[];
};

/** The judge's languages the tokenizer reads (tokenize.ts); null: not compared. */
const TOKENIZED: Record<JudgeLanguage, SimilarityLanguage | null> = {
  javascript: 'javascript',
  python: 'python',
  java: 'java',
  c: 'c',
  cpp: 'cpp',
};

/** A program's fingerprints less the common ones, made once per program a pair needs. */
function withoutCommon(program: Fingerprinted, common: Set<number>): Fingerprinted {
  return {
    id: program.id,
    hashes: new Set([...program.hashes].filter((hash) => !common.has(hash))),
    prints: program.prints.filter((print) => !common.has(print.hash)),
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
  const starterLanguage = input.starter ? TOKENIZED[input.starter.language] : null;
  const starterCode =
    input.starter && starterLanguage && input.starter.code.trim() !== ''
      ? [{ language: starterLanguage, source: input.starter.code }]
      : [];
  const printed = fingerprintPrograms(programs, { starterCode });
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
  const kept: ComputedPair[] = [];
  for (const pair of pairs.slice(0, input.maxPairs)) {
    const a = trimmedOf(pair.a);
    const b = trimmedOf(pair.b);
    if (!a || !b) continue;
    kept.push({
      a: pair.a,
      b: pair.b,
      similarity: pair.similarity,
      spansA: matchingSpans(a, b),
      spansB: matchingSpans(b, a),
    });
  }
  return {
    compared: programs.map((program) => program.id),
    skipped: [...skipped].map(([language, count]) => ({ language, count })),
    pairs: kept,
  };
}
