/**
 * What every custom CMS endpoint answers before its own work (restore preview, test messages and deliveries, new
 * tokens and secrets): 401 without a session or key, 403 for a role without the right, 404 for a record id that
 * cannot exist. The endpoints throw the service's errors (src/errors.ts); cmsEndpoint answers them in Payload's
 * `{errors: [{message}]}` shape, never cached (cmsErrorResponse).
 */
import type {
  CollectionSlug,
  DataFromCollectionSlug,
  Endpoint,
  PayloadHandler,
  PayloadRequest,
  RequestContext,
  TypedCollectionSelect,
} from 'payload'

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

type User = NonNullable<PayloadRequest['user']>

/** Throws unless the request's user may do this (`allowed` says who may): Unauthorized without one, else Forbidden. */
export function requireUser(req: PayloadRequest, allowed: (user: User) => boolean): void {
  if (!req.user) throw new Unauthorized(UNAUTHENTICATED_MESSAGE)
  if (!allowed(req.user)) throw new Forbidden(FORBIDDEN_MESSAGE)
}

/** A record the endpoint's path names and that does not exist (or cannot): Payload's own 404 text. */
const recordNotFound = () => new NotFound('record', 'Not Found')

/** The `:id` of the endpoint's path as a record id; NotFound when no record can have it. */
function routeRecordId(req: PayloadRequest): number {
  const id = Number(req.routeParams?.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw recordNotFound()
  return id
}

interface RecordEndpoint<Slug extends CollectionSlug> {
  /** Below the collection's own path, with the record's id first. */
  path: `/:id/${string}`
  method: 'get' | 'post'
  /** Who may call it (requireUser). */
  allowed: (user: User) => boolean
  collection: Slug
  /** How the record is read: the fields the answer needs, the hidden ones, a context flag for the read's hooks. */
  read?: { select?: TypedCollectionSelect[Slug]; showHiddenFields?: boolean; context?: RequestContext }
}

/**
 * A custom endpoint about one record of `collection` (`/api/<collection>/<id>/…`): the caller's role is checked,
 * the record is read, and `answer` is given it; a missing record is a 404, as for Payload's own routes.
 */
export function recordEndpoint<Slug extends CollectionSlug>(
  { path, method, allowed, collection, read }: RecordEndpoint<Slug>,
  answer: (req: PayloadRequest, record: DataFromCollectionSlug<Slug>) => Promise<Response>,
): Endpoint {
  return {
    path,
    method,
    handler: cmsEndpoint(async (req) => {
      requireUser(req, allowed)
      const record = await req.payload.findByID({
        collection,
        id: routeRecordId(req),
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
        // A read with a context of its own (REVEAL_SECRETS) runs on a request of its own, as every secret read does
        // (src/notify/deliver.ts): given `req`, Payload would leave that context on it for the rest of the request.
        req: read?.context ? undefined : req,
        ...read,
      })
      if (!record) throw recordNotFound()
      return answer(req, record as DataFromCollectionSlug<Slug>)
    }),
  }
}
