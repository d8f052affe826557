/**
 * A JWT's claims, read without verifying the signature. The browser cannot verify tokens (it has
 * no secret); it reads them only for what it decides locally, such as whether a stored token is
 * obviously dead or whose drafts these are. The server verifies every token it receives.
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

/** The payload object of a three-part token, or undefined when it is not a readable JWT. */
export function readJwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  const json = decodeBase64Url(parts[1]);
  if (json === undefined) return undefined;
  try {
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
