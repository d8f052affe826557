/**
 * Campus single sign-on through OpenID Connect (issue 18), beside the spec's email and password.
 * The browser goes to `oidcStartPath` (a navigation, not a fetch), signs in at the college's
 * provider, and comes back to the page it left with `#sso=<hand-over>`, which the page exchanges
 * for the same session a password login gives; or with `#sso-error=<code>`, shown as a toast.
 */
import { z } from 'zod';
import { adminLoginResponseSchema } from './admin.ts';
import { userSessionSchema } from './session.ts';

/** Who the sign-in is for: the student screen (`/`) or the administrator's (`/admin`). */
export const SSO_AUDIENCES = ['student', 'admin'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];

/** GET: whether single sign-on is configured, and the button's label. */
export const oidcSettingsPath = '/api/auth/oidc';
export const oidcSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  /** The button reads "Sign in with {label}". */
  label: z.string().optional(),
});
export type OidcSettings = z.infer<typeof oidcSettingsResponseSchema>;

/** GET, as a navigation: redirects to the provider (or back with an error code). */
export const oidcStartPath = '/api/auth/oidc/start';
export const oidcStartQuerySchema = z.object({ for: z.enum(SSO_AUDIENCES).default('student') });
export const oidcStartUrl = (audience: SsoAudience) => `${oidcStartPath}?for=${audience}`;

/** GET: where the provider sends the browser back (the redirect URI registered with it). */
export const oidcCallbackPath = '/api/auth/oidc/callback';

/** POST: the hand-over from the page's `#sso=` fragment, exchanged once for a session. */
export const oidcSessionPath = '/api/auth/oidc/session';
export const oidcSessionRequestSchema = z.object({
  handover: z.string().min(1).max(4096),
});
export const oidcSessionResponseSchema = z.discriminatedUnion('for', [
  z.object({ for: z.literal('student'), session: userSessionSchema }),
  z.object({ for: z.literal('admin'), session: adminLoginResponseSchema }),
]);
export type OidcSessionResponse = z.infer<typeof oidcSessionResponseSchema>;

/** The fragment keys of the page the browser comes back to. */
export const SSO_HANDOVER_KEY = 'sso';
export const SSO_ERROR_KEY = 'sso-error';

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
export const SSO_ERROR_CODES = Object.keys(ssoErrorMessages) as SsoErrorCode[];

export function isSsoErrorCode(value: string): value is SsoErrorCode {
  return Object.hasOwn(ssoErrorMessages, value);
}
