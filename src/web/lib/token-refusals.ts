/**
 * Where the server's refusals of a bearer token are announced (issue 15 item 4): api-client
 * reports a token answered 401, and the student and administrator sessions, which subscribe at
 * start, sign the browser out when it is theirs. A module of its own, without zod, so that the
 * first screen's session code can subscribe without loading the API client.
 */
type TokenRefusedListener = (token: string) => void;

const listeners = new Set<TokenRefusedListener>();

/** Calls `listener` with every bearer token the server refuses; answers the unsubscribe. */
export function onTokenRefused(listener: TokenRefusedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener that the server refused `token`. */
export function reportTokenRefused(token: string): void {
  for (const listener of [...listeners]) {
    try {
      listener(token);
    } catch {
      // A listener's fault must not hide the call's own failure, nor stop the others.
    }
  }
}
