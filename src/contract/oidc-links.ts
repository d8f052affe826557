/**
 * The parts of single sign-on (issue 18) the first screen needs, free of zod so that they add
 * nothing to its download: the calls' paths, the fragment keys of the page the browser comes
 * back to, and the words for each way a sign-in can fail. The schemas are in oidc.ts.
 */

/** Who the sign-in is for: the student screen (`/`) or the administrator's (`/admin`). */
export const SSO_AUDIENCES = ['student', 'admin'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];

/** GET: whether single sign-on is configured, and the button's label. */
export const oidcSettingsPath = '/api/auth/oidc';
/** GET, as a navigation: redirects to the provider (or back with an error code). */
export const oidcStartPath = '/api/auth/oidc/start';
export const oidcStartUrl = (audience: SsoAudience) => `${oidcStartPath}?for=${audience}`;
/** GET: where the provider sends the browser back (the redirect URI registered with it). */
export const oidcCallbackPath = '/api/auth/oidc/callback';
/** POST: the hand-over from the page's `#sso=` fragment, exchanged once for a session. */
export const oidcSessionPath = '/api/auth/oidc/session';

/**
 * GET, as a navigation after Log Out: on to the provider's own logout (RP-initiated logout) when
 * it offers one, then back to the page; straight back to the page when it does not.
 */
export const oidcLogoutPath = '/api/auth/oidc/logout';
export const oidcLogoutUrl = (audience: SsoAudience) => `${oidcLogoutPath}?for=${audience}`;

/** The fragment keys of the page the browser comes back to. */
export const SSO_HANDOVER_KEY = 'sso';
export const SSO_ERROR_KEY = 'sso-error';

/** The button reads "Sign in with {label}". */
export const ssoButtonText = (label: string) => `Sign in with ${label}`;

/**
 * Why a single sign-on did not end in a session: the code travels in the fragment, the words are
 * the page's. None of them says more than the person signing in already knows.
 */
export const ssoErrorMessages = {
  unavailable:
    'The campus sign-in service did not answer in time. Try again in a moment, or log in with your email and password.',
  failed: 'The campus sign-in could not be completed. Please try again.',
  'email-unverified':
    'Your campus account did not give a verified email address, so it cannot be used here.',
  'domain-not-allowed':
    'Accounts with this email domain cannot sign in here. Use your college account.',
  'signup-closed':
    'There is no account for this email. Ask your instructor to add you to the class list.',
  'not-admin': 'This campus account is not an administrator of the portal.',
  expired: 'The campus sign-in took too long. Please try again.',
} as const;
export type SsoErrorCode = keyof typeof ssoErrorMessages;

export function isSsoErrorCode(value: string): value is SsoErrorCode {
  return Object.hasOwn(ssoErrorMessages, value);
}
