/**
 * What the judge is asked for one piece of code on a challenge as it stands now: its tests (or a
 * part of them, the samples for Run), limits, score and output rules (compare rule, checker,
 * groups). One place, so Submit's jobs, Run and a package's self-check judge alike.
 */
import type { Challenge } from '../../contract/challenges.ts';
import type { JudgeLanguage, JudgeRequest, JudgeTest } from '../judge/index.ts';

export function judgeRequestFor(
  challenge: Challenge,
  code: { language: JudgeLanguage; code: string },
  tests: JudgeTest[] = challenge.testCases,
): JudgeRequest {
  return {
    language: code.language,
    code: code.code,
    tests,
    timeLimitMs: challenge.timeLimitMs,
    memoryLimitMb: challenge.memoryLimitMb,
    ...(challenge.outputLimitMb ? { outputLimitMb: challenge.outputLimitMb } : {}),
    score: challenge.score,
    compare: challenge.compare,
    checkerSource: challenge.checkerSource,
    groups: challenge.testGroups,
    ...(challenge.grading ? { grading: challenge.grading } : {}),
    ...(challenge.interactive ? { interactive: true } : {}),
  };
}
