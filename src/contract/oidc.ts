/**
 * Campus single sign-on through OpenID Connect (issue 18), beside the spec's email and password.
 * The browser goes to `oidcStartPath` (a navigation, not a fetch), signs in at the college's
 * provider, and comes back to the page it left with `#sso=<hand-over>`, which the page exchanges
 * for the same session a password login gives; or with `#sso-error=<code>`, shown as a toast.
 * Paths, fragment keys and messages are in oidc-links.ts (no zod: the first screen reads them).
 */
import { z } from 'zod';
import { adminLoginResponseSchema } from './admin.ts';
import { SSO_AUDIENCES } from './oidc-links.ts';
import { userSessionSchema } from './session.ts';

export * from './oidc-links.ts';

export const oidcSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  /** The button reads "Sign in with {label}". */
  label: z.string().optional(),
});
export type OidcSettings = z.infer<typeof oidcSettingsResponseSchema>;

export const oidcStartQuerySchema = z.object({ for: z.enum(SSO_AUDIENCES).default('student') });
export const oidcLogoutQuerySchema = oidcStartQuerySchema;

export const oidcSessionRequestSchema = z.object({
  handover: z.string().min(1).max(4096),
});
export const oidcSessionResponseSchema = z.discriminatedUnion('for', [
  z.object({ for: z.literal('student'), session: userSessionSchema }),
  z.object({ for: z.literal('admin'), session: adminLoginResponseSchema }),
]);
export type OidcSessionResponse = z.infer<typeof oidcSessionResponseSchema>;
