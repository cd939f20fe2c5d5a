import type { CollectionBeforeOperationHook, CollectionConfig } from 'payload'
import { APIError, NotFound } from 'payload'

import { isRecordId, listParamsError } from '../domain/list-params'

/**
 * Ids and pagination are checked before they reach the database (src/domain/list-params.ts): an id that cannot
 * exist is a 404 like any other unknown id, and an unusable limit or page is a 400 naming the parameter.
 */
export const guardIdsAndPagination: CollectionBeforeOperationHook = ({ args, req }) => {
  const { id, limit, page } = args as { id?: unknown; limit?: unknown; page?: unknown }
  const rawId = req.routeParams?.id
  if (id !== undefined && (!isRecordId(id) || (typeof rawId === 'string' && !isRecordId(rawId)))) {
    throw new NotFound(req.t)
  }
  const refusal = listParamsError({ limit, page })
  if (refusal) throw new APIError(refusal, 400, null, true)
  return args
}

/** Every collection gets the guard first, so a collection added later cannot forget it. */
export function withRequestGuards(collection: CollectionConfig): CollectionConfig {
  const beforeOperation = [guardIdsAndPagination, ...(collection.hooks?.beforeOperation ?? [])]
  return { ...collection, hooks: { ...collection.hooks, beforeOperation } }
}

type RestHandler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>

const errorResponse = (status: number, message: string, headers?: Headers) =>
  Response.json({ errors: [{ message }] }, { status, headers })

/** Why the request itself, before Payload parses it, is refused; null when Payload may have it. */
async function malformedRequest(request: Request): Promise<string | null> {
  const where = new URL(request.url).searchParams.get('where')
  if (where !== null && where !== '') {
    try {
      JSON.parse(where)
    } catch {
      return 'where must be JSON, or given as where[field][operator]=value'
    }
  }
  if (['POST', 'PATCH', 'PUT'].includes(request.method) && request.headers.get('content-type')?.includes('application/json')) {
    const text = await request.clone().text()
    if (text.trim() === '') return null
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return null // Payload answers "Invalid JSON" itself
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'the request body must be a JSON object'
  }
  return null
}

/**
 * The REST route, guarded: a `where` that is not JSON and a JSON body that is not an object are 400s (Payload
 * would parse them into a 500), and Payload's "route not found" gets the contract's `{errors:[{message}]}` body.
 */
export function withRestGuards<A extends unknown[]>(handler: RestHandler<A>): RestHandler<A> {
  return async (request, ...rest) => {
    const refusal = await malformedRequest(request)
    if (refusal) return errorResponse(400, refusal)
    const response = await handler(request, ...rest)
    if (response.status !== 404 || !response.headers.get('content-type')?.includes('json')) return response
    const body = (await response.clone().json().catch(() => null)) as { message?: unknown; errors?: unknown } | null
    if (!body || body.errors !== undefined || typeof body.message !== 'string') return response
    return errorResponse(404, body.message, response.headers)
  }
}
