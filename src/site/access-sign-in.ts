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

import { accessResponse, type PrivatePageAt } from './respond'

const seeOther = (location: string, cookie: string) =>
  new Response(null, {
    status: 303,
    headers: { location, 'set-cookie': cookie, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  })

/** The private page a sign-in or sign-out is for, or the answer when there is none to sign in to. */
async function privatePage(request: Request): Promise<PrivatePageAt | Response> {
  const payload = await getPayload({ config })
  const { page, gate, scope } = await pageOfRequest(payload, request)
  if (gate.access.private && gate.access.passwordHashes.length)
    return { where: { page, gate }, pathPrefix: scope.pathPrefix }
  // Nothing to sign in to: back to the page, which answers as it does for anyone.
  return new Response(null, { status: 303, headers: { location: `${scope.pathPrefix}/`, 'cache-control': 'no-store' } })
}

function failed(request: Request, error: unknown): Response {
  const failure = publicError(error, 'The sign-in could not be checked just now. Please try again shortly.')
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
    const { where, pathPrefix } = found
    const page = where.gate
    const returnTo = safeReturnPath(form.get('next'))
    const answer = (status: number, error: string, headers?: Record<string, string>) =>
      accessResponse(request, { where, pathPrefix, refusal: 'sign-in' }, { status, error, headers, returnTo })
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'
    const account = `page:${page.id}`
    const throttle = loginThrottle()
    const wait = await throttle.attempt(address, account)
    if (wait !== null)
      return answer(429, `Too many attempts. Try again in ${wait} seconds.`, { 'Retry-After': String(wait) })
    const password = form.get('password') ?? ''
    const checks = await Promise.all(page.access.passwordHashes.map((hash) => verifyPagePassword(password, hash)))
    if (!checks.includes(true)) return answer(401, 'That password is not right.')
    await throttle.succeeded(address, account)
    const payload = await getPayload({ config })
    return seeOther(`${pathPrefix}${returnTo}`, accessCookie(request, page, payload.secret, { pathPrefix }))
  } catch (error) {
    return failed(request, error)
  }
}

export async function accessSignOut(request: Request): Promise<Response> {
  try {
    const found = await privatePage(request)
    if (found instanceof Response) return found
    const payload = await getPayload({ config })
    const { where, pathPrefix } = found
    return seeOther(`${pathPrefix}/`, accessCookie(request, where.gate, payload.secret, { pathPrefix, expired: true }))
  } catch (error) {
    return failed(request, error)
  }
}
