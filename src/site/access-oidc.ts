/**
 * The two addresses of a sign-in with a private page's identity provider (docs/private-pages.md; the protocol in
 * src/auth/page-oidc.ts, the rule in src/domain/page-oidc.ts):
 * - GET /access/oidc?next=<path>: sends the reader to the provider, with a sealed state cookie for the callback;
 * - GET /access/oidc/callback: the provider's answer. A reader the rule admits gets the page's access cookie, as a
 *   right password gives (src/settings/page-access.ts), and goes back where they were; anyone else a page in the
 *   page's style saying why: 403 (the account may not read it), 401 (the reader cancelled at the provider, or it
 *   refused: its error code, no more), 400 (no sign-in to complete: expired, already used), 502 (the provider's
 *   part failed). The provider's own words go to the server log only.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import {
  beginOidcSignIn,
  completeOidcSignIn,
  OIDC_STATE_SECONDS,
  OidcFailed,
  type OidcClient,
  OidcRefused,
  oidcStateCookieName,
  OidcStateMissing,
} from '@/auth/page-oidc'
import { safeReturnPath } from '@/domain/page-access'
import { oidcAdmits, oidcRefusal, verifiedEmail } from '@/domain/page-oidc'
import { publicError } from '@/errors'
import { describeFailure } from '@/net/outbound-url'
import { SCHEME_HEADER } from '@/runtime/headers'
import { requestOrigin } from '@/settings/base-url'
import { accessCookie, cookieValue } from '@/settings/page-access'
import { pageOfRequest, type PageRecord } from '@/settings/pages'

import { inReturnLanguage, languagePrefix, plainTranslator } from './access-language'
import { type PrivatePageAt, type Said, signInProblemResponse } from './respond'

type ProviderPage = PageRecord & { access: { oidc: NonNullable<PageRecord['access']['oidc']> } }

const redirect = (location: string, cookies: string[] = []) => {
  const headers = new Headers({ location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** The state cookie: sent only to the callback, gone when it is used or after OIDC_STATE_SECONDS. */
function stateCookie(request: Request, pageId: number, pathPrefix: string, value: string | null): string {
  const secure = request.headers.get(SCHEME_HEADER) === 'https' ? '; Secure' : ''
  const age = value === null ? 0 : OIDC_STATE_SECONDS
  return `${oidcStateCookieName(pageId)}=${value ?? ''}; Path=${pathPrefix}/access/oidc; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`
}

function failed(request: Request, error: unknown): Response {
  const failure = publicError(error, plainTranslator(request)('forms.oidc.unavailable'))
  if (!failure.expected) console.error('The sign-in with an identity provider failed:', error)
  return new Response(failure.message, {
    status: failure.status,
    headers: { ...failure.headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

/** The private page with a provider this request is for; else the answer (back to the page, which answers as usual). */
async function providerPage(request: Request) {
  const payload = await getPayload({ config })
  const { page: shown, gate: page, scope } = await pageOfRequest(payload, request)
  const pathPrefix = scope.pathPrefix
  if (!page.access.private || !page.access.oidc || !page.oidcClientSecret)
    return new Response(null, { status: 303, headers: { location: `${pathPrefix}/`, 'cache-control': 'no-store' } })
  const oidc: OidcClient = {
    pageId: page.id,
    rule: page.access.oidc,
    sealedSecret: page.oidcClientSecret,
    secret: payload.secret,
  }
  return { page: page as ProviderPage, pathPrefix, oidc, secret: payload.secret, where: { page: shown, gate: page } }
}

function couldNotComplete(request: Request, at: PrivatePageAt, error: unknown) {
  console.warn(`Sign-in to page ${at.where.gate.id} with its identity provider failed: ${describeFailure(error)}`)
  return signInProblemResponse(
    request,
    at,
    {
      status: 502,
      heading: (t) => t('forms.oidc.failedHeading'),
      message: (t) => t('forms.oidc.failed'),
      returnTo: '/',
    },
    { 'set-cookie': stateCookie(request, at.where.gate.id, at.pathPrefix, null) },
  )
}

/**
 * The provider sent the reader back with an error instead of a sign-in: a 401 (no access given) saying the sign-in
 * was cancelled (access_denied: the reader cancelled or declined, or the provider declined them), or that the
 * provider refused it, naming its error code alone; and the way back to the sign-in.
 */
function providerRefused(
  request: Request,
  at: PrivatePageAt & { provider: string },
  refused: OidcRefused,
  clear: string,
) {
  const refusal = oidcRefusal(refused.code)
  const headers = { 'set-cookie': clear, 'www-authenticate': 'Cookie realm="status page"' }
  const spoken = inReturnLanguage(request, refused.returnTo)
  const answer = (heading: Said, message: Said) =>
    signInProblemResponse(spoken.request, at, { status: 401, heading, message, returnTo: spoken.returnTo }, headers)
  if (refusal.kind === 'cancelled')
    return answer(
      (t) => t('forms.oidc.cancelledHeading'),
      (t) => t('forms.oidc.cancelled', { provider: at.provider }),
    )
  const said = refused.description ? `: ${JSON.stringify(refused.description.slice(0, 300))}` : ''
  console.warn(
    `Sign-in to page ${at.where.gate.id}: its identity provider answered ${JSON.stringify(refused.code)}${said}`,
  )
  const { code } = refusal
  return answer(
    (t) => t('forms.oidc.refusedHeading'),
    (t) => (code === null ? t('forms.oidc.refused') : t('forms.oidc.refusedCode', { code })),
  )
}

export async function oidcSignInStart(request: Request): Promise<Response> {
  try {
    const found = await providerPage(request)
    if (found instanceof Response) return found
    const { page, pathPrefix, oidc, where } = found
    const returnTo = safeReturnPath(new URL(request.url).searchParams.get('next'))
    const language = languagePrefix(request, page)
    const here = requestOrigin(request) + pathPrefix
    const base = page.publicUrl ?? here
    // The provider sends the reader back to the page's public address: start there, where the state cookie must be.
    if (base !== here) return redirect(`${base}${language}/access/oidc?next=${encodeURIComponent(returnTo)}`)
    try {
      // The callback has no language prefix (its address is the one the provider knows): the return path keeps it.
      const { location, cookie } = await beginOidcSignIn(oidc, {
        redirectUri: `${base}/access/oidc/callback`,
        returnTo: `${language}${returnTo}`,
      })
      return redirect(location, [stateCookie(request, page.id, pathPrefix, cookie.value)])
    } catch (error) {
      if (error instanceof OidcFailed) return await couldNotComplete(request, { where, pathPrefix }, error)
      throw error
    }
  } catch (error) {
    return failed(request, error)
  }
}

export async function oidcSignInCallback(request: Request): Promise<Response> {
  try {
    const found = await providerPage(request)
    if (found instanceof Response) return found
    const { page, pathPrefix, oidc, secret } = found
    const where = { where: found.where, pathPrefix }
    // Whatever happens next, this sign-in's state is used up.
    const clear = stateCookie(request, page.id, pathPrefix, null)
    try {
      const { claims, returnTo } = await completeOidcSignIn(oidc, {
        query: new URL(request.url).search,
        stateCookie: cookieValue(request, oidcStateCookieName(page.id)),
      })
      if (!oidcAdmits(page.access.oidc, claims)) {
        const who = verifiedEmail(claims) ?? (typeof claims.sub === 'string' ? claims.sub : null)
        const spoken = inReturnLanguage(request, returnTo)
        return await signInProblemResponse(
          spoken.request,
          where,
          {
            status: 403,
            heading: (t) => t('forms.oidc.notAllowedHeading'),
            message: (t) => (who === null ? t('forms.oidc.notAllowedUnnamed') : t('forms.oidc.notAllowed', { who })),
            returnTo: spoken.returnTo,
          },
          { 'set-cookie': clear },
        )
      }
      return redirect(`${pathPrefix}${returnTo}`, [accessCookie(request, page, secret, { pathPrefix }), clear])
    } catch (error) {
      if (error instanceof OidcStateMissing)
        return await signInProblemResponse(
          request,
          where,
          {
            status: 400,
            heading: (t) => t('forms.oidc.expiredHeading'),
            message: (t) => t('forms.oidc.expired'),
            returnTo: '/',
          },
          { 'set-cookie': clear },
        )
      if (error instanceof OidcRefused)
        return await providerRefused(request, { ...where, provider: page.access.oidc.label }, error, clear)
      if (error instanceof OidcFailed) return await couldNotComplete(request, where, error)
      throw error
    }
  } catch (error) {
    return failed(request, error)
  }
}
