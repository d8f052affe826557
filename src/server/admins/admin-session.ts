/** The session an administrator gets from a password sign-in or a campus single sign-on. */
import type { AdminLoginResponse } from '../../contract/admin.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { AdminRow } from './admin-queries.ts';

export async function adminSession(
  tokens: TokenService,
  admin: AdminRow,
): Promise<AdminLoginResponse> {
  const token = await tokens.issue({
    sub: admin.id,
    email: admin.email,
    name: 'administrator',
    role: 'admin',
    ver: admin.tokenVersion,
  });
  return { token, email: admin.email };
}
