/**
 * The second step in front of every session a password gives (Payload's login, REST and GraphQL and the admin's
 * form, and its password reset, which signs in too):
 *
 * - an account with the factor on gets no session until a code is right: the login either carries it (`code` beside
 *   e-mail and password) or answers 401 with `{ secondFactorRequired: true, ticket }`, and the ticket goes with a code
 *   to POST /api/users/second-factor (endpoints.ts). Payload's login runs `beforeLogin` after creating the session
 *   row and before signing the token; a hook that throws makes it remove that row and roll back: nothing usable
 *   leaves.
 * - an account whose role needs the factor and lacks it gets 401 with `{ enrolmentRequired: true, ticket }`: the
 *   ticket enrols (and only that), and the confirmation signs in.
 * - a password reset changes the password but signs in nobody who needs the factor (the session it made is
 *   removed and the token withheld): the next sign-in asks for the code.
 *
 * A wrong code is a failed login: the attempt the throttle counted (login-hooks.ts) stays spent.
 */
import {
  APIError,
  type CollectionAfterOperationHook,
  type CollectionBeforeLoginHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'

import { spendCode } from './codes'
import { roleNeedsSecondFactor } from './required'
import { readSecondFactor } from './store'
import { issueTicket } from './ticket'

const CODE_NEEDED =
  'This account signs in with a second factor: use "Sign in with a code from your authenticator app" below, or send the code with the login.'
const ENROLMENT_NEEDED = 'Your role requires a second factor: set one up to sign in.'
export const WRONG_CODE = 'The code is not right, or was already used.'

/** The code a login request carried, by request. */
const typedCodes = new WeakMap<object, unknown>()
const resets = new WeakSet<object>()
const withheld = new WeakSet<object>()

export const noteSecondFactorInput: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'login') {
    // Payload's REST login hands the operation e-mail and password only: the code is read from the request's body.
    const code =
      (req.data as { code?: unknown } | undefined)?.code ?? (args as { data?: { code?: unknown } }).data?.code
    if (code !== undefined && code !== null && code !== '') typedCodes.set(req, code)
  }
  if (operation === 'resetPassword') resets.add(req)
  return args
}

class SecondFactorRefused extends APIError {
  constructor(message: string, data?: Record<string, unknown>) {
    super(message, 401, data, true)
  }
}

export const requireSecondFactor: CollectionBeforeLoginHook = async ({ req, user }) => {
  const id = Number(user.id)
  const { state } = await readSecondFactor(req.payload, id, req)
  const on = state?.on === true
  const required = !on && (await roleNeedsSecondFactor(req.payload, user.role, req))
  if (!on && !required) return user
  if (resets.has(req)) {
    withheld.add(req)
    return user
  }
  if (!on) throw new SecondFactorRefused(ENROLMENT_NEEDED, { enrolmentRequired: true, ticket: ticketFor(req, id) })
  if (!typedCodes.has(req))
    throw new SecondFactorRefused(CODE_NEEDED, {
      secondFactorRequired: true,
      ticket: issueTicket(id, 'code', req.payload.secret),
    })
  if (!(await spendCode(req.payload, id, typedCodes.get(req), { req }))) throw new SecondFactorRefused(WRONG_CODE)
  return user
}

const ticketFor = (req: PayloadRequest, id: number) => issueTicket(id, 'enrol', req.payload.secret)

/** The session id inside a token this process just signed (its middle part is plain JSON). */
function sessionOf(token: string): string | undefined {
  const [, body] = token.split('.')
  return (JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as { sid?: string }).sid
}

/** A reset that would have signed in an account needing the factor: its session is taken back, its token withheld. */
export const withholdResetSession: CollectionAfterOperationHook = async ({ operation, req, result }) => {
  if (operation !== 'resetPassword' || !withheld.has(req)) return result
  const answer = result as { token?: string; user?: { id?: number } }
  const sid = answer.token ? sessionOf(answer.token) : undefined
  const id = Number(answer.user?.id)
  if (sid && Number.isSafeInteger(id)) {
    const account = await req.payload.db.findOne<{ id: number; sessions?: { id: string }[] }>({
      collection: 'users',
      where: { id: { equals: id } },
    })
    // As Payload's own session changes write it: the whole account, its updatedAt left alone.
    if (account)
      await req.payload.db.updateOne({
        collection: 'users',
        id,
        data: { ...account, sessions: (account.sessions ?? []).filter((s) => s.id !== sid), updatedAt: null },
        returning: false,
      })
  }
  return { ...answer, token: undefined, secondFactorRequired: true }
}
