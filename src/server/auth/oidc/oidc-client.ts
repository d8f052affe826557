/**
 * The portal as an OpenID Connect relying party, through openid-client (certified): discovery
 * from the issuer, the authorization code flow with PKCE, state and nonce, and the ID token's
 * checks. Every call to the provider is bounded by the spec's 10-second HTTP timeout and the ID
 * token's times allow its 60-second leeway. Free of Fastify: the routes call it.
 */
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import type { SsoErrorCode } from '../../../contract/oidc.ts';
import { CLOCK_TOLERANCE_SECONDS } from '../tokens.ts';

/** The spec's authentication service figures (§7): 10 s per HTTP call, 60 s clock leeway. */
export const PROVIDER_TIMEOUT_SECONDS = 10;

/** What one sign-in keeps between the start and the callback (in the flow cookie). */
export type FlowSecrets = { state: string; nonce: string; codeVerifier: string };

/** The claims the portal reads from a verified ID token. */
export type SsoIdentity = {
  email: string;
  /** `email_verified` as the provider said it; undefined when it says nothing. */
  emailVerified: boolean | undefined;
  name: string | undefined;
  groups: string[];
};

export type OidcClient = {
  /** The provider's authorization URL for a new sign-in, and what the callback must check. */
  start(): Promise<{ url: URL; secrets: FlowSecrets }>;
  /** Exchanges the callback's code; throws SsoError when the sign-in cannot be trusted. */
  finish(callbackUrl: URL, secrets: FlowSecrets): Promise<SsoIdentity>;
  /**
   * Where the provider ends its own session (RP-initiated logout) and then sends the browser to
   * `returnTo`, when it offers one.
   */
  endSessionUrl(returnTo: string): Promise<URL | undefined>;
};

/** A sign-in that ends on the page with this code (contract: ssoErrorMessages). */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    /** For the log only: never shown, never holding a token or a code. */
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A provider that is down, slow or answering garbage, as opposed to a sign-in that failed. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch failed: refused, reset, DNS
  if (error instanceof client.ClientError)
    return ['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM'].includes(
      error.code ?? '',
    );
  return false;
}

/** The provider's failure as an SsoError; the reason names the kind, never quotes values. */
export function asSsoError(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  const kind =
    error instanceof client.ClientError
      ? `${error.code ?? 'ClientError'}: ${error.message}`
      : error instanceof Error
        ? error.name
        : 'unknown';
  return new SsoError(isUnavailable(error) ? 'unavailable' : 'failed', kind);
}

const isLocal = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export function createOidcClient(
  config: OidcConfig,
  redirectUri: string,
  /** Seconds to add to this clock for the ID token checks (tests of the leeway); 0 in production. */
  clockSkewSeconds = 0,
): OidcClient {
  const issuer = new URL(config.issuer);
  let discovered: Promise<client.Configuration> | undefined;

  /** Discovered once and kept; a failed discovery is tried again by the next sign-in. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuer,
        config.clientId,
        {
          client_secret: config.clientSecret,
          redirect_uris: [redirectUri],
          [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
          [client.clockSkew]: clockSkewSeconds,
        },
        client.ClientSecretPost(config.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Plain http only for a provider on this machine (development, the tests).
          ...(issuer.protocol === 'http:' && isLocal(issuer)
            ? { execute: [client.allowInsecureRequests] }
            : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async start() {
      const found = await configuration().catch((error: unknown) => {
        throw asSsoError(error);
      });
      const secrets: FlowSecrets = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, secrets };
    },

    async finish(callbackUrl, secrets) {
      try {
        const found = await configuration();
        const tokens = await client.authorizationCodeGrant(found, callbackUrl, {
          pkceCodeVerifier: secrets.codeVerifier,
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new SsoError('failed', 'no ID token');
        // Some providers put only `sub` in the ID token and the rest behind the userinfo
        // endpoint (OpenID Connect Core 5.4); its answer is checked against the token's subject.
        const claims: Record<string, unknown> =
          typeof idClaims.email === 'string'
            ? idClaims
            : {
                ...idClaims,
                ...(await client.fetchUserInfo(found, tokens.access_token, idClaims.sub)),
              };
        const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
        if (!email) throw new SsoError('email-unverified', 'the ID token has no email');
        const groups = Array.isArray(claims.groups)
          ? claims.groups.filter((group): group is string => typeof group === 'string')
          : [];
        const verified = claims.email_verified;
        return {
          email,
          emailVerified: typeof verified === 'boolean' ? verified : undefined,
          name: typeof claims.name === 'string' ? claims.name : undefined,
          groups,
        };
      } catch (error) {
        throw asSsoError(error);
      }
    },

    async endSessionUrl(returnTo) {
      try {
        const found = await configuration();
        if (!found.serverMetadata().end_session_endpoint) return undefined;
        return client.buildEndSessionUrl(found, {
          client_id: config.clientId,
          post_logout_redirect_uri: returnTo,
        });
      } catch {
        // A provider that cannot be reached: the portal's own session is over anyway.
        return undefined;
      }
    },
  };
}
