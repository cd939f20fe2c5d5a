/**
 * Document locks (Payload's payload-locked-documents, "being edited by …") in the name of the one who holds them:
 * an editor creates, takes over and deletes only locks in its own name; admins manage all. Payload
 * builds this collection itself while sanitising the configuration, so its rules are set on the built config.
 */
import {
  type Access,
  APIError,
  type CollectionBeforeOperationHook,
  Forbidden,
  NotFound,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
} from 'payload'

import { isAdmin } from '@/access/roles'

const LOCKS = 'payload-locked-documents'

const ownLocksUnlessAdmin: Access = ({ req }) => {
  if (!req.user) return false
  return isAdmin(req.user) ? true : { 'user.value': { equals: req.user.id } }
}

const inOwnName: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update' && operation !== 'updateByID') return args
  if ((args as { overrideAccess?: boolean }).overrideAccess === true || !req.user) return args
  const data = (args as { data?: { user?: unknown } }).data
  if (!data || data.user === undefined) return args
  const owner = data.user as { relationTo?: unknown; value?: unknown } | string | number | null
  const ownerId = owner && typeof owner === 'object' ? owner.value : owner
  const ownerCollection = owner && typeof owner === 'object' ? owner.relationTo : req.user.collection
  if (ownerCollection !== req.user.collection || String(ownerId) !== String(req.user.id)) throw new Forbidden(req.t)
  return args
}

/**
 * A client locks only what it may open: an editor could lock an integration it cannot read (the admin's form then
 * showed it held by the editor), and a lock on a document that does not exist reached the foreign key as a 500,
 * which also told which admin-only ids exist. A collection the user may not read is a 403 whatever the id; a
 * document it cannot find (or see) a 404; an unknown collection or global a 400.
 */
async function checkLockedDocument(req: PayloadRequest, document: unknown, globalSlug: unknown): Promise<void> {
  if (typeof globalSlug === 'string' && globalSlug !== '') {
    const global = req.payload.config.globals.find((candidate) => candidate.slug === globalSlug)
    if (!global) throw new APIError(`globalSlug: there is no global "${globalSlug}"`, 400, null, true)
    if (!(await global.access.update?.({ req } as never))) throw new Forbidden(req.t)
  }
  if (document === undefined || document === null) return
  const { relationTo, value } = document as { relationTo?: unknown; value?: unknown }
  const collections = req.payload.collections as Record<string, { config: SanitizedCollectionConfig } | undefined>
  const collection = typeof relationTo === 'string' ? collections[relationTo] : undefined
  if (!collection || relationTo === LOCKS)
    throw new APIError('document.relationTo must name a collection', 400, null, true)
  if (!(await collection.config.access.read?.({ req } as never))) throw new Forbidden(req.t)
  if ((typeof value !== 'string' && typeof value !== 'number') || !/^\d{1,15}$/.test(String(value)))
    throw new NotFound(req.t)
  const found = await req.payload.findByID({
    collection: relationTo as never,
    id: value,
    depth: 0,
    overrideAccess: false,
    user: req.user,
    disableErrors: true,
    req,
  })
  if (!found) throw new NotFound(req.t)
}

const onlyWhatTheyMayOpen: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update' && operation !== 'updateByID') return args
  if ((args as { overrideAccess?: boolean }).overrideAccess === true || !req.user) return args
  const data = (args as { data?: { document?: unknown; globalSlug?: unknown } }).data
  if (data) await checkLockedDocument(req, data.document, data.globalSlug)
  return args
}

export function restrictDocumentLocks(config: SanitizedConfig): SanitizedConfig {
  const locks = config.collections.find((collection) => collection.slug === LOCKS)
  if (!locks) return config
  locks.access = { ...locks.access, delete: ownLocksUnlessAdmin }
  locks.hooks.beforeOperation = [...(locks.hooks.beforeOperation ?? []), inOwnName, onlyWhatTheyMayOpen]
  return config
}
