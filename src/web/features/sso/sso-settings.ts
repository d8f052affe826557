/**
 * Whether the portal offers campus single sign-on, asked once per page load. Null when it does
 * not, and when the server cannot be reached (offline in a lab): the button then stays away,
 * and the email and password forms are there as always.
 *
 * The api-client is imported when the question is asked, not with the first screen: it brings the
 * contract's error schema and with it the whole of zod (about 23 KB gzip), which nothing on the
 * login card needs before a form is submitted (issue 16: the first screen's JavaScript).
 */
import { oidcSettingsPath } from '../../../contract/oidc-links.ts';

let asked: Promise<string | null> | undefined;

function labelOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { enabled, label } = body as { enabled?: unknown; label?: unknown };
  return enabled === true && typeof label === 'string' && label.trim() !== '' ? label : null;
}

/**
 * The button's label, or null. Not asked while the browser is offline (a lab's cold start from the
 * service worker): the call could only fail; the button asks again once back online.
 */
export function ssoLabel(): Promise<string | null> {
  if (!navigator.onLine) return Promise.resolve(null);
  asked ??= import('../../lib/api-client.ts')
    .then(({ apiRequest }) => apiRequest(oidcSettingsPath))
    .then(labelOf, () => {
      asked = undefined; // a failed call is asked again next time
      return null;
    });
  return asked;
}
