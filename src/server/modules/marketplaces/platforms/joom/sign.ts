/**
 * What a Joom Merchant API request carries to say who sends it, written once for the connector
 * and the sandbox. THIRD-PARTY SOURCES ONLY: no official Joom document
 * was reachable beyond the v3 docs' intro pages (api-v3-docs.merchant.joom.com: pagination,
 * responses, errors, formats, rate limits), which say nothing of signing.
 *
 * Joom signs nothing: no request HMAC, no timestamp, no webhook signature, so there is no
 * published signing vector to test against. A call proves itself with an OAuth 2 bearer token in the Authorization
 * header; the token is obtained with the authorisation-code grant of Joom's v2 OAuth endpoints
 * (the v3 API reuses them [3P]). The byte-exact artefacts are therefore the Authorization value,
 * the authorise URL and the two token-request forms, and those are what sign.test.ts pins.
 */

/** Joom's OAuth 2 paths beneath the host ([3P]: the v2 paths, still used by v3 integrations). */
export const JOOM_AUTHORIZE_PATH = '/api/v2/oauth/authorize';
export const JOOM_ACCESS_TOKEN_PATH = '/api/v2/oauth/access_token';
export const JOOM_REFRESH_TOKEN_PATH = '/api/v2/oauth/refresh_token';

/** The Authorization header of every v3 call: `Bearer {access_token}` (RFC 6750 §2.1). */
export function joomAuthorization(accessToken: string): string {
  return `Bearer ${accessToken}`;
}

/** The token an Authorization header presents; null unless it is exactly `Bearer <token>`. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer ([^\s]+)$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * The seller's authorise page: client_id, response_type=code, redirect_uri and state, in that
 * order, form-encoded. Joom redirects back with `code` and the `state` it was given ([3P]; the
 * state echo is OAuth 2 behaviour, RFC 6749 §4.1.2).
 */
export function joomAuthoriseUrl(
  authUrl: string,
  input: { clientId: string; redirectUri: string; state: string },
): string {
  const query = new URLSearchParams({
    client_id: input.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  return `${authUrl}${JOOM_AUTHORIZE_PATH}?${query.toString()}`;
}

/** The access-token form: client_id, client_secret, code, grant_type=authorization_code, redirect_uri. */
export function joomAccessTokenForm(input: {
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
}): string {
  return new URLSearchParams({
    client_id: input.clientId,
    client_secret: input.clientSecret,
    code: input.code,
    grant_type: 'authorization_code',
    redirect_uri: input.redirectUri,
  }).toString();
}

/** The refresh form: client_id, client_secret, grant_type=refresh_token, refresh_token. */
export function joomRefreshTokenForm(input: {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}): string {
  return new URLSearchParams({
    client_id: input.clientId,
    client_secret: input.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: input.refreshToken,
  }).toString();
}
