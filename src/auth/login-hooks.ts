/** Hooks that put the login throttle (login-throttle.ts) in front of Payload's login operation: REST, GraphQL, admin. */
import type { CollectionAfterLoginHook, CollectionBeforeOperationHook, PayloadRequest } from 'payload'

import { rateLimitKey } from '@/edge/client-address'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { TooManyRequests } from '@/errors'
import { loginThrottle } from './login-throttle'

/** Seconds to wait, for the Retry-After of a refused login (the route wrapper reads it: see route-guards.ts). */
const retryAfterOf = new WeakMap<object, number>()

export function loginRetryAfter(request: object): number | undefined {
  return retryAfterOf.get(request)
}

/**
 * The edge (server.ts) sets this header on every request, replacing whatever the client sent. Counted as the rate
 * limits count it: an IPv6 client by its /64, which one client usually has whole.
 */
export function clientAddress(req: PayloadRequest): string {
  return rateLimitKey(req.headers?.get(CLIENT_ADDRESS_HEADER) || 'unknown')
}

export const waitPhrase = (seconds: number) =>
  seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`

export const throttleLogins: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const email = (args as { data?: { email?: unknown } }).data?.email
  // Without an e-mail the operation answers 400 itself.
  if (typeof email !== 'string' || email.trim() === '') return args
  const wait = await loginThrottle().attempt(clientAddress(req), email)
  if (wait !== null) {
    retryAfterOf.set(req, wait)
    throw new TooManyRequests(`Too many failed logins from this address; try again in ${waitPhrase(wait)}.`, wait)
  }
  return args
}

export const forgiveSuccessfulLogin: CollectionAfterLoginHook = async ({ req, user }) => {
  const email = (user as { email?: unknown }).email
  if (typeof email === 'string') await loginThrottle().succeeded(clientAddress(req), email)
}
