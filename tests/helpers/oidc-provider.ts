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

/**
 * Signs `login` in at the provider as a browser would (its login and consent forms, with a cookie jar): the redirect
 * to the client's `redirectUri`, with the code or the error. `cancelAt`: follows the form's "[ Cancel ]" link instead.
 */
export async function signInAtProvider(
  authorization: string,
  login: string,
  redirectUri: string,
  { cancelAt }: { cancelAt?: 'login' | 'consent' } = {},
): Promise<URL> {
  const jar = new Map<string, string>()
  const go = async (url: URL, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } })
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      if (value && !/expires=Thu, 01 Jan 1970/i.test(set)) jar.set(name, value)
      else jar.delete(name)
    }
    return response
  }
  let url = new URL(authorization)
  for (let step = 0; step < 12; step++) {
    const response = await go(url)
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url)
      if (url.href.startsWith(redirectUri)) return url
      continue
    }
    const page = await response.text()
    if (response.status !== 200) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`)
    const action = new URL(/action="([^"]+)"/.exec(page)![1], url)
    const prompt = /name="prompt" value="(\w+)"/.exec(page)![1]
    if (prompt === cancelAt) {
      url = new URL(/<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(page)![1], url)
      continue
    }
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt }
    const posted = await go(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
    if (posted.status !== 303) throw new Error(`the provider's form answered ${posted.status}`)
    url = new URL(posted.headers.get('location')!, action)
  }
  throw new Error('the provider never sent the reader back')
}
