/**
 * The page a single sign-on comes back to (issue 18): its fragment holds a one-minute hand-over
 * (`#sso=`) or an error code (`#sso-error=`). The fragment is removed from the address and the
 * history at once, the hand-over exchanged for the session a password login gives, an error
 * shown with the catalogue's words.
 */
import {
  isSsoErrorCode,
  SSO_ERROR_KEY,
  SSO_HANDOVER_KEY,
  ssoErrorMessages,
  type SsoAudience,
} from '../../../contract/oidc-links.ts';
import type { AdminLoginResponse } from '../../../contract/admin.ts';
import type { UserSession } from '../../../contract/session.ts';
import { showError } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';

type Return = { key: typeof SSO_HANDOVER_KEY | typeof SSO_ERROR_KEY; value: string };

/** What the fragment carries, if it is a sign-on's return. */
export function readSsoReturn(hash: string): Return | undefined {
  const params = new URLSearchParams(hash.replace(/^#/u, ''));
  const handover = params.get(SSO_HANDOVER_KEY);
  if (handover) return { key: SSO_HANDOVER_KEY, value: handover };
  const error = params.get(SSO_ERROR_KEY);
  if (error) return { key: SSO_ERROR_KEY, value: error };
  return undefined;
}

export type OnSession = {
  student?: (session: UserSession) => void;
  admin?: (session: AdminLoginResponse) => void;
};

/** Handles the return on this page, if there is one; the fragment is gone either way. */
export async function takeSsoReturn(audience: SsoAudience, on: OnSession): Promise<void> {
  const found = readSsoReturn(window.location.hash);
  if (!found) return;
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search,
  );
  if (found.key === SSO_ERROR_KEY) {
    showError(
      isSsoErrorCode(found.value) ? ssoErrorMessages[found.value] : ssoErrorMessages.failed,
    );
    return;
  }
  try {
    // The exchange and its schemas load only on a return from the provider.
    const { exchangeHandover } = await import('./sso-exchange.ts');
    const answer = await exchangeHandover(found.value);
    if (answer.for === 'student' && audience === 'student') on.student?.(answer.session);
    else if (answer.for === 'admin' && audience === 'admin') on.admin?.(answer.session);
  } catch (error) {
    showFailure(error);
  }
}
