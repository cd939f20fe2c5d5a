/**
 * Signing in to and out of a private page (docs/private-pages.md). A password is checked against each of the page's
 * hashes; attempts are throttled per client address and per (address, page), as admin logins are
 * (src/auth/login-throttle.ts): 429 with Retry-After once spent. A right password sets the page's access cookie
 * (src/settings/page-access.ts) and sends the reader back where they were, on this site only.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { loginThrottle } from '@/auth/login-throttle'
import { verifyPagePassword } from '@/auth/page-password'
import { safeReturnPath } from '@/domain/page-access'
import { publicError } from '@/errors'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { accessCookie } from '@/settings/page-access'
import { pageOfRequest } from '@/settings/pages'

import { languagePrefix, plainTranslator } from './access-language'
import { accessResponse, type PrivatePageAt, type Said } from './respond'

const seeOther = (location: string, cookie: string) =>
  new Response(null, {
    status: 303,
    headers: { location, 'set-cookie': cookie, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  })

/**
 * The private page a sign-in or sign-out is for (with the prefix of the reader's language, which its redirects keep),
 * or the answer when there is none to sign in to.
 */
async function privatePage(request: Request): Promise<(PrivatePageAt & { language: string }) | Response> {
  const payload = await getPayload({ config })
  const { page, gate, scope } = await pageOfRequest(payload, request)
  const language = languagePrefix(request, gate)
  if (gate.access.private && gate.access.passwordHashes.length)
    return { where: { page, gate }, pathPrefix: scope.pathPrefix, language }
  // Nothing to sign in to: back to the page, which answers as it does for anyone.
  return new Response(null, {
    status: 303,
    headers: { location: `${scope.pathPrefix}${language}/`, 'cache-control': 'no-store' },
  })
}

function failed(request: Request, error: unknown): Response {
  const failure = publicError(error, plainTranslator(request)('forms.access.unavailable'))
  if (!failure.expected) console.error('POST /access failed:', error)
  return new Response(failure.message, {
    status: failure.status,
    headers: { ...failure.headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

/** `form`: the posted form (read by the route; a body too large reads as empty). */
export async function accessSignIn(request: Request, form: URLSearchParams): Promise<Response> {
  try {
    const found = await privatePage(request)
    if (found instanceof Response) return found
    const { where, pathPrefix, language } = found
    const page = where.gate
    const returnTo = safeReturnPath(form.get('next'))
    const answer = (status: number, error: Said, headers?: Record<string, string>) =>
      accessResponse(request, { where, pathPrefix, refusal: 'sign-in' }, { status, error, headers, returnTo })
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'
    const account = `page:${page.id}`
    const throttle = loginThrottle()
    const wait = await throttle.attempt(address, account)
    if (wait !== null)
      return answer(429, (t) => t('forms.access.tooMany', { seconds: wait }), { 'Retry-After': String(wait) })
    const password = form.get('password') ?? ''
    const checks = await Promise.all(page.access.passwordHashes.map((hash) => verifyPagePassword(password, hash)))
    if (!checks.includes(true)) return answer(401, (t) => t('forms.access.wrongPassword'))
    await throttle.succeeded(address, account)
    const payload = await getPayload({ config })
    return seeOther(`${pathPrefix}${language}${returnTo}`, accessCookie(request, page, payload.secret, { pathPrefix }))
  } catch (error) {
    return failed(request, error)
  }
}

export async function accessSignOut(request: Request): Promise<Response> {
  try {
    const found = await privatePage(request)
    if (found instanceof Response) return found
    const payload = await getPayload({ config })
    const { where, pathPrefix, language } = found
    return seeOther(
      `${pathPrefix}${language}/`,
      accessCookie(request, where.gate, payload.secret, { pathPrefix, expired: true }),
    )
  } catch (error) {
    return failed(request, error)
  }
}
