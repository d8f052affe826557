/**
 * Which of the challenge's languages the student writes in (issue 14): the challenge's default
 * unless they picked another, remembered on this computer so a reload keeps it. A pick the
 * challenge no longer accepts falls back to the default.
 */
import { useCallback, useState } from 'react';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import type { JudgeLanguage } from '../../../contract/verdicts.ts';
import { storageGet, storageSet } from '../../lib/web-storage.ts';

/** `scope`: the problem's (lib/problem-scope.ts), the challenge's id when it is sat alone. */
export const languageKey = (owner: string, scope: string) => `compiler-language:${owner}:${scope}`;

/** The challenge's languages, its default first (older servers name only the default). */
export const acceptedOf = (challenge: Pick<CompilerChallenge, 'language' | 'languages'>) =>
  challenge.languages?.length ? challenge.languages : [challenge.language];

export function useLanguageChoice(
  owner: string,
  scope: string,
  challenge: Pick<CompilerChallenge, 'language' | 'languages'>,
) {
  const accepted = acceptedOf(challenge);
  const [picked, setPicked] = useState(() => storageGet('local', languageKey(owner, scope)));
  const language = accepted.find((l) => l === picked) ?? challenge.language;
  const choose = useCallback(
    (next: JudgeLanguage) => {
      storageSet('local', languageKey(owner, scope), next);
      setPicked(next);
    },
    [owner, scope, setPicked],
  );
  return { language, accepted, choose };
}

/**
 * Where the draft of one language is kept: the default language keeps the key drafts had before
 * there was a choice, so nothing typed before is lost.
 */
export const draftScope = (scope: string, language: JudgeLanguage, defaultLanguage: string) =>
  language === defaultLanguage ? scope : `${scope}:${language}`;
