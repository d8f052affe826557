/** The compiler page's address: COMPILER_URL_TEMPLATE (or the built-in page) filled in. */
import {
  DEFAULT_COMPILER_URL_TEMPLATE,
  fillCompilerUrl,
  withExamParam,
} from '../../contract/compiler.ts';

/** With `examCode`, the address names the exam the problem is opened in (`&exam=<code>`). */
export type CompilerUrlFor = (challengeId: string, token: string, examCode?: string) => string;

export function createCompilerUrlFor(template: string | undefined, appKey: string): CompilerUrlFor {
  const chosen = template ?? DEFAULT_COMPILER_URL_TEMPLATE;
  return (challengeId, token, examCode) => {
    const url = fillCompilerUrl(chosen, { challengeId, appKey, token });
    return examCode === undefined ? url : withExamParam(url, examCode);
  };
}

/** The origin an external template points at, for the CSP's frame-src (none for a relative one). */
export function compilerFrameSources(template: string | undefined): string[] {
  if (!template || !/^https?:\/\//i.test(template)) return [];
  try {
    return [new URL(template.replaceAll(/[{}]/g, '')).origin];
  } catch {
    return [];
  }
}
