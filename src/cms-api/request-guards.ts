import type {
  CollectionBeforeOperationHook,
  CollectionConfig,
  FlattenedField,
  GlobalConfig,
  PayloadRequest,
} from 'payload'
import { APIError, NotFound } from 'payload'

import { clientLimit, isRecordId, listParamsError } from './list-params'
import { isFilterDate, whereError, type WhereFieldKind, type WhereFieldResolver } from './where-params'
import { guardDocumentSize } from './document-size'
import { withInputRules } from './input-rules'
import { withRelationshipChecks } from './relationship-exists'
import { guardWrittenTimestamps } from './timestamp-guard'
import { isSecretField } from '@/fields/secret'

/**
 * Whether an operation comes from a client (REST, GraphQL) rather than the server's own code. Clients never bypass
 * access control; the server's Local API calls do by default (and the hooks that check ids pass it explicitly), so
 * the limits meant for clients do not break what the server asks for itself.
 */
const fromClient = (args: unknown) => (args as { overrideAccess?: boolean }).overrideAccess !== true

/**
 * Ids and pagination are checked before they reach the database (src/cms-api/list-params.ts): an id that cannot
 * exist is a 404 like any other unknown id, and an unusable limit or page is a 400 naming the parameter. A client's
 * list is at most MAX_CLIENT_LIMIT rows: `limit=0` (Payload's "everything"), a larger limit and `pagination=false`
 * would let one anonymous request read the whole database.
 */
export const guardIdsAndPagination: CollectionBeforeOperationHook = ({ args, req }) => {
  const { id, limit, page } = args as { id?: unknown; limit?: unknown; page?: unknown }
  const rawId = req.routeParams?.id
  if (id !== undefined && (!isRecordId(id) || (typeof rawId === 'string' && !isRecordId(rawId)))) {
    throw new NotFound(req.t)
  }
  const refusal = listParamsError({ limit, page })
  if (refusal) throw new APIError(refusal, 400, null, true)
  // Payload's own population of a page's relationships (currentDepth ≥ 1) asks for every related id at once.
  if (!fromClient(args) || (args as { currentDepth?: number }).currentDepth) return args
  const bounded = args as { limit?: unknown; pagination?: boolean }
  if (bounded.pagination === false) bounded.pagination = true
  if (limit !== undefined && limit !== null) bounded.limit = clientLimit(limit)
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
      return {
        kind: 'select',
        options: field.options.map((option) => (typeof option === 'string' ? option : option.value)),
      }
    case 'richText':
    case 'json':
      return { kind: 'document' }
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
      if (isSecretField(field)) return { kind: 'secret' }
      if (last) return kindOf(field)
      if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
        level = (
          req.payload.collections as Record<string, { config: { flattenedFields: FlattenedField[] } } | undefined>
        )[field.relationTo]?.config.flattenedFields
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
 * reaches the database (src/cms-api/where-params.ts): a value the column cannot hold is a 400 naming the field, and
 * a secret is refused to everyone (Payload itself only refuses fields the caller may not read).
 */
export const guardWhere: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  const { where, currentDepth } = args as { where?: unknown; currentDepth?: number }
  if (where === undefined || where === null) return args
  // Payload's own population of relationships (depth ≥ 1) asks for `id in [every related id]`, built from stored
  // ids rather than a client's filter, and so does server code (the relationship checks); the limits below are for
  // clients and would break a large page or an incident affecting 501 services.
  if (currentDepth || !fromClient(args)) return args
  const refusal = whereError(where, whereFieldResolver(collection.flattenedFields, req))
  if (refusal) throw new APIError(refusal, 400, null, true)
  return args
}

type CollectionsByName = Record<string, { config: { flattenedFields: FlattenedField[] } } | undefined>

/** Why a client may not sort by `path`: a field on the way is hidden, a secret or unreadable to it; null when it may. */
async function sortRefusal(fields: FlattenedField[], path: string, req: PayloadRequest): Promise<string | null> {
  let level: FlattenedField[] | undefined = fields
  for (const segment of path.split('.')) {
    const field: FlattenedField | undefined = level?.find((candidate) => candidate.name === segment)
    if (!field) return null // unknown paths are Payload's to refuse
    const readable = field.access?.read ? await field.access.read({ req } as never) : true
    if (field.hidden || isSecretField(field) || !readable) return `sort: ${path} cannot be queried`
    if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
      level = (req.payload.collections as CollectionsByName)[field.relationTo]?.config.flattenedFields
    } else if (field.type === 'array' || field.type === 'group' || field.type === 'tab') {
      level = field.flattenedFields
    } else {
      return null
    }
  }
  return null
}

/**
 * Payload refuses `where` on hidden fields, also through relationships, but sorted by them through a relationship
 * (`sort=subscriber.unsubscribeToken`): the order of the results then told the secret's order. Every sort path a
 * client names, REST or GraphQL, is walked here and refused like a `where` would be.
 */
export const guardSort: CollectionBeforeOperationHook = async ({ args, collection, req }) => {
  const { sort } = args as { sort?: unknown }
  if (sort === undefined || sort === null || sort === '' || !fromClient(args)) return args
  const paths = (Array.isArray(sort) ? sort : [sort]).flatMap((entry) => String(entry).split(','))
  for (const raw of paths) {
    const path = raw.trim().replace(/^[-+]/, '')
    if (!path) continue
    const refusal = await sortRefusal(collection.flattenedFields, path, req)
    if (refusal) throw new APIError(refusal, 400, null, true)
  }
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
  const beforeOperation = [
    guardIdsAndPagination,
    guardDocumentSize,
    guardWhere,
    guardSort,
    guardTimestamps,
    guardWrittenTimestamps,
    ...(collection.hooks?.beforeOperation ?? []),
  ]
  return {
    ...collection,
    fields: withRelationshipChecks(withInputRules(collection.fields)),
    hooks: { ...collection.hooks, beforeOperation },
  }
}

/** Globals get the same input rules and existence checks on their relationship and upload fields (e.g. the settings' logo). */
export function withGlobalGuards(global: GlobalConfig): GlobalConfig {
  return { ...global, fields: withRelationshipChecks(withInputRules(global.fields)) }
}
