/**
 * The line under the time limit that tells the teacher what one submission can cost the judge at
 * worst, from the same function the judge and its queue use (src/contract/judge-cost.ts), so the
 * form can never promise a different bound than the judge enforces.
 */
import { acceptedLanguages, languages, type Language } from '../../../contract/challenges.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import {
  checkerWallLimitMs,
  compileWallLimitMs,
  perTestWallLimitMs,
  worstCaseJudgeMs,
} from '../../../contract/judge-cost.ts';
import type { ChallengeFormValues } from './challenge-form-values.ts';

const isLanguage = (value: string): value is Language =>
  (languages as readonly string[]).includes(value);

/** 2400 → "2.4 s", 3000 → "3 s". */
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** Whole seconds, rounded up (a bound), with minutes once it gets long: "29 s", "4 min 10 s". */
function total(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return `${s} s`;
  return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * "Worst case per submission: compile 5 s + 12 tests × 2.4 s = 34 s" (the compile step is the
 * syntax check for Python and JavaScript, the compiler for Java, C and C++), or undefined
 * while the language or the time limit cannot be read yet. A challenge accepted in several
 * languages is bounded by its dearest one, which the line then names.
 */
export function worstCaseText(
  values: Pick<ChallengeFormValues, 'language' | 'timeLimitSeconds' | 'testCases'> & {
    languages?: readonly Language[];
    /** The output comparison as the form holds it: a checker program adds its own runs. */
    compare?: Pick<ChallengeFormValues['compare'], 'mode' | 'checkerLanguage'>;
  },
): string | undefined {
  const limit = Number(values.timeLimitSeconds);
  if (!isLanguage(values.language) || values.timeLimitSeconds.trim() === '') return undefined;
  if (!Number.isFinite(limit) || limit <= 0) return undefined;
  const timeLimitMs = Math.round(limit * 1000); // as toChallengeInput sends it
  const testCount = values.testCases.length;
  const accepted = acceptedLanguages({
    language: values.language,
    languages: values.languages,
  });
  const checkerLanguage =
    values.compare?.mode === 'checker' ? values.compare.checkerLanguage : undefined;
  const cost = (l: Language) =>
    worstCaseJudgeMs({ language: l, testCount, timeLimitMs, checkerLanguage });
  const language = accepted.reduce((a, b) => (cost(b) > cost(a) ? b : a));
  const compile = compileWallLimitMs(language);
  const times = (ms: number) =>
    `${testCount} ${testCount === 1 ? 'test' : 'tests'} × ${seconds(ms)}`;
  const tests = times(perTestWallLimitMs(language, timeLimitMs));
  const which = accepted.length > 1 ? ` (${LANGUAGE_LABELS[language]})` : '';
  const checker =
    checkerLanguage === undefined
      ? ''
      : ` + checker: compile ${seconds(compileWallLimitMs(checkerLanguage))} + ${times(checkerWallLimitMs(checkerLanguage))}`;
  return `Worst case per submission${which}: ${compile > 0 ? `compile ${seconds(compile)} + ` : ''}${tests}${checker} = ${total(cost(language))}`;
}
