/**
 * A real OpenID provider (the oidc-provider package, OpenID-certified) on loopback, for the sign-in with a private
 * page's identity provider (docs/private-pages.md). It signs readers in through its own development interactions:
 * an HTML login form that takes any password for a login it knows, then a consent form, each page with a
 * "[ Cancel ]" link that sends the reader back with `error=access_denied`. The API suite drives those forms over
 * HTTP, the browser suite with Chromium.
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import Provider from 'oidc-provider'

export interface ProviderClient {
  id: string
  secret: string
}

export interface OidcProviderOptions {
  /** The confidential clients it knows, each allowed every one of `redirectUris`. */
  clients: readonly ProviderClient[]
  redirectUris: readonly string[]
  /** Its accounts, by the login typed into its form: their claims besides `sub` (the login). */
  accounts: Readonly<Record<string, Record<string, unknown>>>
  /**
   * The loopback address it listens on (127.0.0.1 by default). Another one than the service's makes it another
   * site for a browser, as a real provider is: the page's cookies then come back from it as SameSite allows.
   */
  host?: string
  /** Its ID tokens' lifetime, in seconds, asked at each token (an hour by default). */
  idTokenSeconds?: () => number
  /** Sees each answer of its token endpoint before it leaves (a test may tamper with it). */
  afterToken?: (body: Record<string, unknown>) => void
}

export interface StartedOidcProvider {
  /** Its issuer identifier: `http://<host>:<port>`, plain http on loopback (OUTBOUND_ALLOW_HTTP lets the service in). */
  issuer: string
  stop: () => Promise<void>
}

export async function startOidcProvider({
  clients,
  redirectUris,
  accounts,
  host = '127.0.0.1',
  idTokenSeconds = () => 3600,
  afterToken,
}: OidcProviderOptions): Promise<StartedOidcProvider> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: clients.map(({ id, secret }) => ({
      client_id: id,
      client_secret: secret,
      redirect_uris: [...redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code' as const],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
    // Whatever was typed into its login form is the account id: known logins sign in, others find no account.
    findAccount: (_ctx, login) =>
      accounts[login] ? { accountId: login, claims: () => ({ sub: login, ...accounts[login] }) } : undefined,
    // Its own login and consent pages (the default, said here because the tests depend on it).
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { IdToken: () => idTokenSeconds() },
  })
  if (afterToken)
    provider.use(async (ctx, next) => {
      await next()
      if (ctx.path === '/token' && ctx.body && typeof ctx.body === 'object')
        afterToken(ctx.body as Record<string, unknown>)
    })
  server.on('request', provider.callback())
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // A browser keeps its connections open: close them, or the server waits for them.
        server.closeAllConnections()
      }),
  }
}
