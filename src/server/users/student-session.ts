/** The session a student gets from a login, a sign-up or an activated account (spec §7). */
import type { UserSession } from '../../contract/session.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { UserRow } from './user-queries.ts';

export async function studentSession(tokens: TokenService, user: UserRow): Promise<UserSession> {
  const token = await tokens.issue({
    sub: user.id,
    email: user.email,
    name: user.name,
    role: 'student',
    ver: user.tokenVersion,
  });
  return { name: user.name, email: user.email, token, id: user.id };
}
