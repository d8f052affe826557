/**
 * What the judge is asked for one piece of code on a challenge as it stands now: its tests (or a
 * part of them, the samples for Run), limits, score and output rules (compare rule, checker,
 * groups). One place, so Submit's jobs, Run and a package's self-check judge alike.
 */
import type { Challenge } from '../../contract/challenges.ts';
import type { JudgeLanguage, JudgeRequest, JudgeTest, SourceFiles } from '../judge/index.ts';

export function judgeRequestFor(
  challenge: Challenge,
  /** One source file, or (a package's self-check) a folder of them in `sources`. */
  code: { language: JudgeLanguage; code: string; sources?: SourceFiles | undefined },
  tests: JudgeTest[] = challenge.testCases,
): JudgeRequest {
  return {
    language: code.language,
    code: code.code,
    ...(code.sources ? { sources: code.sources } : {}),
    tests,
    timeLimitMs: challenge.timeLimitMs,
    memoryLimitMb: challenge.memoryLimitMb,
    ...(challenge.outputLimitMb ? { outputLimitMb: challenge.outputLimitMb } : {}),
    score: challenge.score,
    compare: challenge.compare,
    checkerSource: challenge.checkerSource,
    ...(challenge.checkerArgs?.length ? { checkerArgs: challenge.checkerArgs } : {}),
    groups: challenge.testGroups,
    ...(challenge.grading ? { grading: challenge.grading } : {}),
    ...(challenge.interactive ? { interactive: true } : {}),
  };
}
