/**
 * The compiler page's credentials: the compiler token and the application key. The test screen
 * puts the token in the address's fragment (DEFAULT_COMPILER_URL_TEMPLATE; issue 15 item 4):
 * never sent to a server, and removed from the address here as the page loads, so the browser's
 * history keeps an address without it. The pair is kept in this tab's sessionStorage (where the
 * student's session already is), so a reload of the frame alone still works; a new test screen
 * always brings a fresh token. A token in the query (a COMPILER_URL_TEMPLATE written before the
 * fragment) is read and removed the same way. Kept per problem scope (lib/problem-scope.ts): an
 * exam's frames of several problems, and the same challenge sat alone, each keep their own.
 */
import { problemScope } from '../../lib/problem-scope.ts';
import { storageGetJson, storageSet } from '../../lib/web-storage.ts';

export type CompilerCredentials = { token: string; appKey: string };

const storageKey = (scope: string) => `portal.compiler.${scope}`;

function stored(scope: string): CompilerCredentials | undefined {
  const value = storageGetJson('session', storageKey(scope));
  if (typeof value !== 'object' || value === null) return undefined;
  const { token, appKey } = value as Record<string, unknown>;
  return typeof token === 'string' && typeof appKey === 'string' && token !== ''
    ? { token, appKey }
    : undefined;
}

/** Reads the credentials from the address (then clears the token from it) or from the tab. */
export function takeCompilerCredentials(
  challengeId: string,
  examCode?: string,
): CompilerCredentials {
  const scope = problemScope(challengeId, examCode);
  const url = new URL(window.location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const token = fragment.get('token') ?? url.searchParams.get('token') ?? '';
  const appKey = url.searchParams.get('appKey') ?? fragment.get('appKey') ?? '';
  if (token === '') return stored(scope) ?? { token, appKey };
  storageSet('session', storageKey(scope), JSON.stringify({ token, appKey }));
  url.searchParams.delete('token');
  // history.state is the router's: kept, so its own bookkeeping of this entry stays right.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  return { token, appKey };
}
