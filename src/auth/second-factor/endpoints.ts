/**
 * The second factor's own endpoints under /api/users (docs/security.md, "Operators' sign-in"):
 *
 * - POST /second-factor `{ticket, code}`: the second step of a sign-in (login-step.ts): a good code gives the session;
 * - POST /second-factor/enrol `{ticket?}`: a new secret, as an otpauth:// address and a QR code, shown until confirmed;
 * - POST /second-factor/confirm `{code, ticket?}`: the app's first code turns the factor on; the answer holds the ten
 *   recovery codes, the one time they are shown (and, for an enrolment a sign-in asked for, the session);
 * - POST /second-factor/disable `{code}`: a current code turns it off (not for a role that requires it);
 * - POST /<id>/second-factor/reset (admins, another account): turns off a factor whose owner lost it all.
 *
 * Enrolling and turning off need a session of one's own, never an API key (automation has no phone), or an
 * enrolment ticket. Every code typed here spends an attempt of the login throttle, keyed as the login is.
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { cmsEndpoint, noStoreJson, recordEndpoint, requireUser } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { UNAUTHENTICATED_MESSAGE } from '@/domain/refusals'
import { BadRequest, Conflict, Forbidden, TooManyRequests, Unauthorized } from '@/errors'

import { issueSession } from '../issue-session'
import { clientAddress, waitPhrase } from '../login-hooks'
import { loginThrottle } from '../login-throttle'
import { confirmEnrolment, disableWithCode, spendCode } from './codes'
import { WRONG_CODE } from './login-step'
import { roleNeedsSecondFactor } from './required'
import { readSecondFactor, replaceSecondFactor } from './store'
import { enrolmentPicture, newTotpSecret } from './totp'
import { readTicket, type TicketKind } from './ticket'

const EXPIRED = 'This sign-in has expired: sign in with your password again.'
const KEYS_CANNOT = 'A second factor is set up and turned off in a signed-in session, not with an API key.'

async function bodyOf(req: PayloadRequest): Promise<Record<string, unknown>> {
  let body: unknown
  try {
    body = await req.json?.()
  } catch {
    throw new BadRequest('The body must be a JSON object.')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('The body must be a JSON object.')
  return body as Record<string, unknown>
}

interface Account {
  id: number
  email: string
  role: unknown
  /** Signed in by an enrolment ticket, not a session: confirming then signs in. */
  byTicket: boolean
}

async function accountOf(req: PayloadRequest, id: number, byTicket: boolean): Promise<Account> {
  const user = await req.payload.db.findOne<{ id: number; email: string; role: string }>({
    collection: 'users',
    where: { id: { equals: id } },
    req,
  })
  if (!user) throw new Unauthorized(EXPIRED)
  return { id, email: user.email, role: user.role, byTicket }
}

/** Whose factor this is: the ticket's account (of `kind`), else the session's; never an API key's. */
async function caller(req: PayloadRequest, body: Record<string, unknown>, kind: TicketKind | null): Promise<Account> {
  if (kind !== null && body.ticket !== undefined) {
    const ticket = readTicket(body.ticket, req.payload.secret)
    if (!ticket || ticket.kind !== kind) throw new Unauthorized(EXPIRED)
    return accountOf(req, ticket.user, true)
  }
  if (!req.user) throw new Unauthorized(UNAUTHENTICATED_MESSAGE)
  if ((req.user as { _strategy?: string })._strategy === 'api-key') throw new Forbidden(KEYS_CANNOT)
  return accountOf(req, Number(req.user.id), false)
}

/** Spends an attempt of the login throttle for this address and account. */
async function throttled(req: PayloadRequest, email: string): Promise<void> {
  const wait = await loginThrottle().attempt(clientAddress(req), email)
  if (wait !== null)
    throw new TooManyRequests(`Too many failed logins from this address; try again in ${waitPhrase(wait)}.`, wait)
}

function requireCode(body: Record<string, unknown>): unknown {
  if (typeof body.code !== 'string' || body.code.trim() === '')
    throw new BadRequest('code: a code is required.', 'code')
  return body.code
}

/** The answer that signs in: Payload's login answer, its cookie. */
async function signedIn(req: PayloadRequest, account: Account, extra: Record<string, unknown> = {}) {
  const session = await issueSession(req, account.id)
  await loginThrottle().succeeded(clientAddress(req), account.email)
  const body = { message: 'Signed in.', user: session.user, token: session.token, exp: session.exp, ...extra }
  return Response.json(body, { headers: { 'set-cookie': session.cookie, 'cache-control': 'no-store' } })
}

const secondStep: Endpoint = {
  path: '/second-factor',
  method: 'post',
  handler: cmsEndpoint(async (req) => {
    const body = await bodyOf(req)
    const ticket = readTicket(body.ticket, req.payload.secret)
    if (!ticket || ticket.kind !== 'code') throw new Unauthorized(EXPIRED)
    const code = requireCode(body)
    const account = await accountOf(req, ticket.user, true)
    await throttled(req, account.email)
    if (!(await spendCode(req.payload, account.id, code))) throw new Unauthorized(WRONG_CODE)
    return signedIn(req, account)
  }),
}

const enrol: Endpoint = {
  path: '/second-factor/enrol',
  method: 'post',
  handler: cmsEndpoint(async (req) => {
    const account = await caller(req, await bodyOf(req), 'enrol')
    const stored = await readSecondFactor(req.payload, account.id)
    if (stored.state?.on) throw new Conflict('A second factor is already on for this account: turn it off first.')
    const secret = newTotpSecret()
    const fresh = { secret, on: false, lastStep: null, recovery: [] }
    if (!(await replaceSecondFactor(req.payload, account.id, stored.sealed, fresh)))
      throw new Conflict('The second factor changed meanwhile: try again.')
    const settings = await req.payload.findGlobal({ slug: 'settings', depth: 0, select: { siteName: true } })
    const picture = await enrolmentPicture(secret, account.email, settings.siteName || 'Status page')
    // The one time the secret leaves: for an app that cannot read the picture. Until confirmed it protects nothing.
    return noStoreJson(200, { ...picture, secret })
  }),
}

const confirm: Endpoint = {
  path: '/second-factor/confirm',
  method: 'post',
  handler: cmsEndpoint(async (req) => {
    const body = await bodyOf(req)
    const account = await caller(req, body, 'enrol')
    const code = requireCode(body)
    await throttled(req, account.email)
    const recoveryCodes = await confirmEnrolment(req.payload, account.id, code)
    if (!recoveryCodes) throw new BadRequest(`code: ${WRONG_CODE}`, 'code')
    if (account.byTicket) return signedIn(req, account, { recoveryCodes })
    await loginThrottle().succeeded(clientAddress(req), account.email)
    return noStoreJson(200, { recoveryCodes })
  }),
}

const disable: Endpoint = {
  path: '/second-factor/disable',
  method: 'post',
  handler: cmsEndpoint(async (req) => {
    const body = await bodyOf(req)
    const account = await caller(req, body, null)
    const code = requireCode(body)
    if (await roleNeedsSecondFactor(req.payload, account.role))
      throw new Forbidden('Your role requires a second factor: it cannot be turned off.')
    await throttled(req, account.email)
    if (!(await disableWithCode(req.payload, account.id, code))) throw new BadRequest(`code: ${WRONG_CODE}`, 'code')
    await loginThrottle().succeeded(clientAddress(req), account.email)
    return noStoreJson(200, { secondFactorOn: false })
  }),
}

const reset: Endpoint = recordEndpoint(
  { path: '/:id/second-factor/reset', method: 'post', allowed: isAdmin, collection: 'users', read: { select: {} } },
  async (req, user) => {
    requireUser(req, isAdmin)
    if (user.id === req.user?.id) throw new Forbidden('Turn your own second factor off with a code.')
    const stored = await readSecondFactor(req.payload, user.id)
    await replaceSecondFactor(req.payload, user.id, stored.sealed, null)
    return noStoreJson(200, { secondFactorOn: false })
  },
)

export const secondFactorEndpoints: Endpoint[] = [secondStep, enrol, confirm, disable, reset]
