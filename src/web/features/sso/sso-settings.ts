/**
 * Whether the portal offers campus single sign-on, asked once per page load. Null when it does
 * not, and when the server cannot be reached (offline in a lab): the button then stays away,
 * and the email and password forms are there as always.
 */
import { oidcSettingsPath } from '../../../contract/oidc-links.ts';
import { apiRequest } from '../../lib/api-client.ts';

let asked: Promise<string | null> | undefined;

function labelOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { enabled, label } = body as { enabled?: unknown; label?: unknown };
  return enabled === true && typeof label === 'string' && label.trim() !== '' ? label : null;
}

/** The button's label, or null. */
export function ssoLabel(): Promise<string | null> {
  asked ??= apiRequest(oidcSettingsPath).then(labelOf, () => null);
  return asked;
}
