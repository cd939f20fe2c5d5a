/**
 * What every custom CMS endpoint answers before its own work (restore preview, test messages and deliveries, new
 * tokens and secrets): 401 without a session or key, 403 for a role without the right, 404 for a record id that
 * cannot exist, in Payload's `{errors: [{message}]}` shape and never cached.
 */
import type { PayloadRequest } from 'payload'

import { UNAUTHENTICATED_MESSAGE } from '../domain/refusals'

export const noStoreJson = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } })

/** `field`: the input the refusal is about, where there is one. */
export const refusal = (status: number, message: string, field?: string) => noStoreJson(status, { errors: [{ message, ...(field ? { field } : {}) }] })

const FORBIDDEN_MESSAGE = 'You are not allowed to perform this action.'

/** The refusal for a request whose user may not do this (`allowed` says who may), or null to go on. */
export function refuseUnless(req: PayloadRequest, allowed: (user: NonNullable<PayloadRequest['user']>) => boolean): Response | null {
  if (!req.user) return refusal(401, UNAUTHENTICATED_MESSAGE)
  if (!allowed(req.user)) return refusal(403, FORBIDDEN_MESSAGE)
  return null
}

/** The `:id` of the endpoint's path as a record id, or null when no record can have it (answer 404). */
export function routeRecordId(req: PayloadRequest): number | null {
  const id = Number(req.routeParams?.id)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
