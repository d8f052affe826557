/**
 * Which sessions came from campus single sign-on (issue 18), so that their Log Out also ends the
 * provider's session (RP-initiated logout): on a lab computer, the next student clicking "Sign in
 * with ..." must not find the previous one still signed in at the provider. The mark is the
 * session token's signature, so a later password login in the same browser is not taken for one.
 */
import { oidcLogoutUrl, type SsoAudience } from '../../contract/oidc-links.ts';
import { storageGet, storageRemove, storageSet } from '../lib/web-storage.ts';

const key = (audience: SsoAudience) => `portal.ssoSignIn.${audience}`;
const signature = (token: string) => token.slice(token.lastIndexOf('.') + 1);

export function markSsoSignIn(audience: SsoAudience, token: string): void {
  storageSet('local', key(audience), signature(token));
}

/**
 * Call after the portal's own Log Out with the token that just ended. True when the browser is
 * leaving for the provider's logout (it comes back to the page afterwards).
 */
export function leaveThroughProviderLogout(audience: SsoAudience, token: string): boolean {
  const marked = storageGet('local', key(audience));
  storageRemove('local', key(audience));
  if (marked === null || marked !== signature(token)) return false;
  window.location.assign(oidcLogoutUrl(audience));
  return true;
}
