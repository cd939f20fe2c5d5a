/**
 * Sign-in to a private page with its identity provider (OpenID Connect, docs/private-pages.md): the authorization
 * code flow with PKCE, `state` and `nonce`, by openid-client, which verifies the ID token (signature against the
 * issuer's published keys, iss, aud, exp, nonce). Who of the provider's accounts may enter is src/domain/page-oidc.ts's.
 *
 * - The issuer is an address an operator typed: every request to it (discovery, keys, token) goes through the
 *   outbound guard (src/net/outbound-url.ts), as the SMS provider's do; plain http only where that policy allows it.
 * - What the callback must check (state, nonce, the PKCE verifier, where to go back to) travels in a short-lived
 *   HttpOnly cookie, sealed (src/auth/secret-box.ts), not in server memory: any instance may receive the callback.
 *   The callback clears it, so a state is good once; a code replayed with a copy of the cookie is refused by the
 *   provider, which takes each code once.
 * - The provider's configuration (discovery) is kept a few minutes per page, issuer and client.
 */
import { LRUCache } from 'lru-cache'
import * as client from 'openid-client'

import type { PageOidcRule } from '@/domain/page-oidc'
import { outboundFetch } from '@/net/outbound-url'

import { openSecret, sealSecret } from './secret-box'

/** How long a reader has to sign in at the provider. */
export const OIDC_STATE_SECONDS = 10 * 60
const CONFIGURATION_MS = 5 * 60 * 1000
const TIMEOUTS = { connectMs: 5_000, answerMs: 10_000 }
const STATE_PURPOSE = 'page-oidc-state'

/** The sign-in could not be completed: the provider failed or refused, or its answer did not verify. */
export class OidcFailed extends Error {}

/** The callback came without the sign-in it answers (no state cookie, an expired or foreign one). */
export class OidcStateMissing extends Error {}

/**
 * The provider sent the reader back with an error instead of a code, in answer to this very sign-in (the state
 * matched): the reader cancelled, or the provider refused. `code` is its error code, `description` its own words.
 */
export class OidcRefused extends Error {
  constructor(
    readonly code: string,
    readonly description: string | undefined,
    /** Where the reader was going: the sign-in is there again. */
    readonly returnTo: string,
  ) {
    super(`the identity provider answered ${JSON.stringify(code)}`)
  }
}

/** What the callback needs of the start, sealed in the state cookie. */
interface PendingSignIn {
  page: number
  state: string
  nonce: string
  verifier: string
  redirectUri: string
  returnTo: string
  /** Seconds since the epoch. */
  expires: number
}

export interface OidcClient {
  pageId: number
  rule: PageOidcRule
  /** The sealed client secret, as stored. */
  sealedSecret: string
  /** PAYLOAD_SECRET: it opens the client secret and seals the state. */
  secret: string
}

/** Every request to the issuer, under the outbound policy (the issuer is an address an operator typed). */
const guardedFetch: client.CustomFetch = (url, options) =>
  outboundFetch(
    url,
    {
      method: options.method,
      headers: options.headers,
      body: options.body as never,
      signal: options.signal,
      redirect: 'manual',
    },
    TIMEOUTS,
  ) as unknown as Promise<Response>

const configurations = new LRUCache<string, client.Configuration>({ max: 100, ttl: CONFIGURATION_MS })

async function configuration({ pageId, rule, sealedSecret, secret }: OidcClient): Promise<client.Configuration> {
  const key = JSON.stringify([pageId, rule.issuer, rule.clientId, sealedSecret])
  const known = configurations.get(key)
  if (known) return known
  const clientSecret = openSecret(sealedSecret, secret)
  if (clientSecret === null)
    throw new OidcFailed('the client secret does not open (PAYLOAD_SECRET changed?): type it again')
  const found = await client.discovery(
    new URL(rule.issuer),
    rule.clientId,
    undefined,
    client.ClientSecretBasic(clientSecret),
    {
      [client.customFetch]: guardedFetch,
      timeout: TIMEOUTS.answerMs / 1000,
      // Plain http only reaches here when the outbound policy allows it (OUTBOUND_ALLOW_HTTP).
      execute: new URL(rule.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
    },
  )
  configurations.set(key, found)
  return found
}

/** Runs the provider's part: whatever fails there (unreachable, refused, an answer that does not verify) is OidcFailed. */
async function providerPart<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (error instanceof OidcFailed || error instanceof OidcRefused) throw error
    throw new OidcFailed('the identity provider could not be used', { cause: error })
  }
}

const stateCookieName = (pageId: number) => `sp-oidc-${pageId}`

/**
 * Starts a sign-in: where to send the reader (the provider's authorization endpoint) and the sealed state cookie's
 * value. `redirectUri`: the page's callback as the provider has it registered.
 */
export async function beginOidcSignIn(
  oidc: OidcClient,
  { redirectUri, returnTo, now = Date.now() }: { redirectUri: string; returnTo: string; now?: number },
): Promise<{ location: string; cookie: { name: string; value: string; maxAge: number } }> {
  const config = await providerPart(() => configuration(oidc))
  const pending: PendingSignIn = {
    page: oidc.pageId,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    redirectUri,
    returnTo,
    expires: Math.floor(now / 1000) + OIDC_STATE_SECONDS,
  }
  const location = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: oidc.rule.scopes,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  })
  const value = sealSecret(JSON.stringify(pending), oidc.secret, STATE_PURPOSE)
  return { location: location.href, cookie: { name: stateCookieName(oidc.pageId), value, maxAge: OIDC_STATE_SECONDS } }
}

/** The sign-in a state cookie holds, if it is one this server sealed for this page and it has not expired. */
function pendingSignIn(value: string | null, oidc: OidcClient, now: number): PendingSignIn {
  // Sealed by this server (the tag verified): its JSON is ours.
  const opened = value ? openSecret(value, oidc.secret, STATE_PURPOSE) : null
  const pending = opened ? (JSON.parse(opened) as PendingSignIn) : null
  if (!pending || pending.page !== oidc.pageId || pending.expires * 1000 <= now) throw new OidcStateMissing()
  return pending
}

export { stateCookieName as oidcStateCookieName }

/**
 * Completes a sign-in from the provider's answer (`query`: the callback's query string): checks it against the state
 * cookie, exchanges the code, verifies the ID token, and returns its claims and where the reader goes back to.
 * Throws OidcStateMissing (no sign-in to complete), OidcRefused (the provider answered with an error: the reader
 * cancelled, or it refused) or OidcFailed (the provider's part failed or did not verify).
 */
export async function completeOidcSignIn(
  oidc: OidcClient,
  { query, stateCookie, now = Date.now() }: { query: string; stateCookie: string | null; now?: number },
): Promise<{ claims: Record<string, unknown>; returnTo: string }> {
  const pending = pendingSignIn(stateCookie, oidc, now)
  const config = await providerPart(() => configuration(oidc))
  // The address the provider sent the reader to, as registered: openid-client derives redirect_uri from it.
  const tokens = await providerPart(async () => {
    try {
      return await client.authorizationCodeGrant(config, new URL(`${pending.redirectUri}${query}`), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
    } catch (error) {
      // An error answer: openid-client raises it only once the issuer and the state matched this sign-in.
      if (error instanceof client.AuthorizationResponseError)
        throw new OidcRefused(error.error, error.error_description, pending.returnTo)
      throw error
    }
  })
  const claims = tokens.claims()
  if (!claims) throw new OidcFailed('the provider sent no ID token')
  return { claims: await withUserInfo(config, oidc.rule, tokens.access_token, claims), returnTo: pending.returnTo }
}

/**
 * The claims the rule judges: the ID token's, completed from the UserInfo endpoint when it lacks what the rule reads.
 * Some providers (oidc-provider by default, Okta's groups) put scope-requested claims there only. The UserInfo
 * answer counts only for the ID token's subject (openid-client checks `sub`), and never overrides the token.
 */
async function withUserInfo(
  config: client.Configuration,
  rule: PageOidcRule,
  accessToken: string,
  claims: client.IDToken,
): Promise<Record<string, unknown>> {
  const lacks = claims.email === undefined || (rule.groupsClaim !== null && claims[rule.groupsClaim] === undefined)
  if (!lacks || !config.serverMetadata().userinfo_endpoint) return { ...claims }
  const info = await providerPart(() => client.fetchUserInfo(config, accessToken, claims.sub))
  return { ...info, ...claims }
}
