/**
 * The closed set of verdicts the judge gives (DESIGN.md §5, issue 5). Shared by the server, the
 * compiler page and the stored submissions, so every side spells them the same way.
 */
export const VERDICTS = [
  'Accepted',
  'Wrong Answer',
  'Time Limit Exceeded',
  'Memory Limit Exceeded',
  'Runtime Error',
  'Compilation Error',
  'Output Limit Exceeded',
  'Internal Error',
  /** Not run: an earlier test of its all-or-nothing group failed (test-groups.ts). */
  'Skipped',
] as const;

export type Verdict = (typeof VERDICTS)[number];

export const isVerdict = (value: unknown): value is Verdict =>
  typeof value === 'string' && (VERDICTS as readonly string[]).includes(value);

/** The languages a challenge can be set in (`c` is C17 with gcc, `cpp` is C++17 with g++). */
export const JUDGE_LANGUAGES = ['javascript', 'python', 'java', 'c', 'cpp'] as const;
export type JudgeLanguage = (typeof JUDGE_LANGUAGES)[number];

/** How a language is named to people (the ids above are what the API and the database carry). */
export const LANGUAGE_LABELS: Record<JudgeLanguage, string> = {
  javascript: 'JavaScript',
  python: 'Python',
  java: 'Java',
  c: 'C',
  cpp: 'C++',
};
