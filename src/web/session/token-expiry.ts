/**
 * Reads a JWT's `exp` without verifying the signature. The browser cannot verify tokens (it has
 * no secret); it only needs to know whether a stored token is obviously dead, so it can send the
 * student back to step 1 instead of to a test that would refuse them.
 */
function decodeBase64Url(segment: string): string | undefined {
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/** The token's expiry in milliseconds since the epoch, or undefined when it has none or is not a JWT. */
export function tokenExpiresAt(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  const json = decodeBase64Url(parts[1]);
  if (json === undefined) return undefined;
  try {
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== 'object' || payload === null || !('exp' in payload)) return undefined;
    const { exp } = payload;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a token can still be used at `now`: it has an expiry and that lies ahead. */
export function isTokenLive(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== undefined && expiresAt > now;
}
