import type { CollectionBeforeOperationHook, CollectionConfig, FlattenedField, GlobalConfig, PayloadRequest } from 'payload'
import { APIError, NotFound } from 'payload'

import { depthError, isRecordId, listParamsError } from '../domain/list-params'
import { isFilterDate, whereError, type WhereFieldKind, type WhereFieldResolver } from '../domain/where-params'
import { withRelationshipChecks } from './relationship-exists'
import { guardWrittenTimestamps } from './timestamp-guard'

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

function kindOf(field: FlattenedField): WhereFieldKind {
  switch (field.type) {
    case 'number':
      return { kind: 'number' }
    case 'date':
      return { kind: 'date' }
    case 'checkbox':
      return { kind: 'checkbox' }
    case 'select':
    case 'radio':
      return { kind: 'select', options: field.options.map((option) => (typeof option === 'string' ? option : option.value)) }
    case 'relationship':
    case 'upload':
      return typeof field.relationTo === 'string' ? { kind: 'relationship' } : { kind: 'other' }
    case 'text':
    case 'textarea':
    case 'email':
    case 'code':
      return 'hasMany' in field && field.hasMany ? { kind: 'other' } : { kind: 'text' }
    default:
      return { kind: 'other' }
  }
}

/** Resolves a dotted `where` path through groups, arrays, tabs and (single-collection) relationships. */
function whereFieldResolver(fields: FlattenedField[], req: PayloadRequest): WhereFieldResolver {
  return (path) => {
    let level: FlattenedField[] | undefined = fields
    let isCollection = true
    const segments = path.split('.')
    for (const [index, segment] of segments.entries()) {
      const last = index === segments.length - 1
      const field: FlattenedField | undefined = level?.find((candidate) => candidate.name === segment)
      if (!field) return segment === 'id' && isCollection && last ? { kind: 'id' } : undefined
      if (last) return kindOf(field)
      if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
        level = (req.payload.collections as Record<string, { config: { flattenedFields: FlattenedField[] } } | undefined>)[
          field.relationTo
        ]?.config.flattenedFields
        isCollection = true
      } else if (field.type === 'array' || field.type === 'group' || field.type === 'tab') {
        level = field.flattenedFields
        isCollection = false
      } else {
        return undefined
      }
    }
    return undefined
  }
}

/**
 * Every `where` (REST, JSON, GraphQL, bulk update and delete) is checked against the fields it names before it
 * reaches the database (src/domain/where-params.ts): a value the column cannot hold is a 400 naming the field.
 */
export const guardWhere: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  const { where, currentDepth } = args as { where?: unknown; currentDepth?: number }
  if (where === undefined || where === null) return args
  // Payload's own population of relationships (depth ≥ 1) asks for `id in [every related id]`, built from stored
  // ids rather than a client's filter; the limits below are for clients and would break a large page.
  if (currentDepth) return args
  const refusal = whereError(where, whereFieldResolver(collection.flattenedFields, req))
  if (refusal) throw new APIError(refusal, 400, null, true)
  return args
}

/**
 * Payload stores a client's `createdAt` / `updatedAt` as given, without its date validation: a value that is not a
 * date reached PostgreSQL's timestamp column as a 500. Refused here, naming the field.
 */
export const guardTimestamps: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = (args as { data?: unknown }).data
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return args
  for (const name of ['createdAt', 'updatedAt'] as const) {
    const value = (data as Record<string, unknown>)[name]
    if (value !== undefined && value !== null && !isFilterDate(value)) {
      throw new APIError(`${name} must be a date, e.g. 2026-01-31T12:00:00Z`, 400, null, true)
    }
  }
  return args
}

/**
 * Every collection gets the guards first, and existence checks on its relationship fields, so a collection added
 * later cannot forget them.
 */
export function withRequestGuards(collection: CollectionConfig): CollectionConfig {
  const beforeOperation = [guardIdsAndPagination, guardWhere, guardTimestamps, guardWrittenTimestamps, ...(collection.hooks?.beforeOperation ?? [])]
  return { ...collection, fields: withRelationshipChecks(collection.fields), hooks: { ...collection.hooks, beforeOperation } }
}

/** Globals get the same existence checks on their relationship and upload fields (e.g. the settings' logo). */
export function withGlobalGuards(global: GlobalConfig): GlobalConfig {
  return { ...global, fields: withRelationshipChecks(global.fields) }
}

type RestHandler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>

const errorResponse = (status: number, message: string, headers?: Headers) =>
  Response.json({ errors: [{ message }] }, { status, headers })

/** Why the request itself, before Payload parses it, is refused; null when Payload may have it. */
async function malformedRequest(request: Request): Promise<string | null> {
  const { searchParams } = new URL(request.url)
  const depths = searchParams.getAll('depth')
  if (depths.length > 1) return 'depth must be given once'
  const depthRefusal = depthError(depths[0])
  if (depthRefusal) return depthRefusal
  const where = searchParams.get('where')
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
 * The REST route, guarded: a `where` that is not JSON, a JSON body that is not an object and a `depth` that is not
 * 0..10 are 400s (Payload would parse the first two into a 500 and silently ignore or cut the third), and Payload's "route not found" gets the contract's `{errors:[{message}]}` body.
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
