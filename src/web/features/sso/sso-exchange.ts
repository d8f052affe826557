/** POST /api/auth/oidc/session: the fragment's hand-over for a session, once. */
import {
  oidcSessionPath,
  oidcSessionResponseSchema,
  type OidcSessionResponse,
} from '../../../contract/oidc.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function exchangeHandover(handover: string): Promise<OidcSessionResponse> {
  return apiRequest(oidcSessionPath, {
    method: 'POST',
    body: { handover },
    schema: oidcSessionResponseSchema,
  });
}
