/**
 * The two short-lived signed values of a single sign-on, HS256 with the installation's JWT secret,
 * so any server process of the installation accepts them and none needs a table:
 * - the flow, in an HttpOnly cookie between the start and the callback: state, nonce and PKCE
 *   verifier, bound to the browser that started (a callback in another browser finds no cookie);
 * - the hand-over, in the fragment of the page the browser comes back to: which account, for
 *   which screen; the page exchanges it once for a session.
 * Their issuer differs from the session tokens', so neither is ever accepted as a session.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { SSO_AUDIENCES, type SsoAudience } from '../../../contract/oidc.ts';
import { hmacKey } from '../tokens.ts';
import type { FlowSecrets } from './oidc-client.ts';

const ISSUER = 'campus-portal-sso';
/** A sign-in at the provider may take a while (a password manager, a second factor). */
export const FLOW_TTL_SECONDS = 10 * 60;
/** The page exchanges the hand-over as soon as it loads. */
export const HANDOVER_TTL_SECONDS = 60;

export type Flow = FlowSecrets & { for: SsoAudience };
export type Handover = { for: SsoAudience; accountId: string; id: string };

const isAudience = (value: unknown): value is SsoAudience =>
  typeof value === 'string' && (SSO_AUDIENCES as readonly string[]).includes(value);

export function createSsoTokens(secret: Uint8Array) {
  const key = hmacKey(secret);
  const sign = async (payload: Record<string, string>, audience: string, ttl: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(await key);
  const verify = async (token: string, audience: string) => {
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
      });
      return payload;
    } catch {
      return undefined;
    }
  };

  return {
    signFlow: (flow: Flow) =>
      sign(
        { for: flow.for, state: flow.state, nonce: flow.nonce, cv: flow.codeVerifier },
        'sso-flow',
        FLOW_TTL_SECONDS,
      ),
    async verifyFlow(token: string): Promise<Flow | undefined> {
      const p = await verify(token, 'sso-flow');
      if (!p || !isAudience(p.for)) return undefined;
      const { state, nonce, cv } = p;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof cv !== 'string')
        return undefined;
      return { for: p.for, state, nonce, codeVerifier: cv };
    },
    signHandover: (audience: SsoAudience, accountId: string) =>
      sign(
        { for: audience, sub: accountId, jti: crypto.randomUUID() },
        'sso-handover',
        HANDOVER_TTL_SECONDS,
      ),
    async verifyHandover(token: string): Promise<Handover | undefined> {
      const p = await verify(token, 'sso-handover');
      if (!p || !isAudience(p.for) || typeof p.sub !== 'string' || typeof p.jti !== 'string')
        return undefined;
      return { for: p.for, accountId: p.sub, id: p.jti };
    },
  };
}
export type SsoTokens = ReturnType<typeof createSsoTokens>;

/**
 * Hand-overs already exchanged in this process, until they expire: the same fragment (a page
 * reloaded, a copied address) does not give a second session.
 */
export function createOnceSet(ttlMs = HANDOVER_TTL_SECONDS * 1000 + 5_000) {
  const used = new Map<string, number>();
  return {
    /** True the first time an id is seen. */
    claim(id: string, now = Date.now()): boolean {
      for (const [key, expires] of used) if (expires < now) used.delete(key);
      if (used.has(id)) return false;
      used.set(id, now + ttlMs);
      return true;
    },
  };
}
