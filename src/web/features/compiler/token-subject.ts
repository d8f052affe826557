/**
 * Whose drafts and queued submissions these are: the `sub` claim of the compiler token. The page
 * only reads it to name its IndexedDB keys (two students sharing a lab computer must not see each
 * other's code); the server verifies the token on every call.
 */
export function tokenSubject(token: string): string {
  const payload = token.split('.')[1];
  if (!payload) return 'anonymous';
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const claims = JSON.parse(json) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : 'anonymous';
  } catch {
    return 'anonymous';
  }
}
