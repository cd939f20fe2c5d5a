/**
 * What every custom CMS endpoint answers before its own work (restore preview, test messages and deliveries, new
 * tokens and secrets): 401 without a session or key, 403 for a role without the right, 404 for a record id that
 * cannot exist. The endpoints throw the service's errors (src/errors.ts); cmsEndpoint answers them in Payload's
 * `{errors: [{message}]}` shape, never cached (cmsErrorResponse).
 */
import type { PayloadHandler, PayloadRequest } from 'payload'

import { UNAUTHENTICATED_MESSAGE } from '@/domain/refusals'
import { cmsErrorResponse, Forbidden, NotFound, ServiceError, Unauthorized } from '@/errors'

export const noStoreJson = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } })

const FORBIDDEN_MESSAGE = 'You are not allowed to perform this action.'

/** A custom endpoint's handler whose thrown ServiceErrors are its answers; anything else goes to Payload as before. */
export const cmsEndpoint =
  (handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    try {
      return await handler(req)
    } catch (error) {
      if (error instanceof ServiceError) return cmsErrorResponse(error)
      throw error
    }
  }

/** Throws unless the request's user may do this (`allowed` says who may): Unauthorized without one, else Forbidden. */
export function requireUser(
  req: PayloadRequest,
  allowed: (user: NonNullable<PayloadRequest['user']>) => boolean,
): void {
  if (!req.user) throw new Unauthorized(UNAUTHENTICATED_MESSAGE)
  if (!allowed(req.user)) throw new Forbidden(FORBIDDEN_MESSAGE)
}

/** A record the endpoint's path names and that does not exist (or cannot): Payload's own 404 text. */
export const recordNotFound = () => new NotFound('record', 'Not Found')

/** The `:id` of the endpoint's path as a record id; NotFound when no record can have it. */
export function routeRecordId(req: PayloadRequest): number {
  const id = Number(req.routeParams?.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw recordNotFound()
  return id
}
