/**
 * Document locks (Payload's payload-locked-documents, "being edited by …") in the name of the one who holds them
 * (finding L5): an editor creates, takes over and deletes only locks in its own name; admins manage all. Payload
 * builds this collection itself while sanitising the configuration, so its rules are set on the built config.
 */
import { type Access, type CollectionBeforeOperationHook, Forbidden, type SanitizedConfig } from 'payload'

import { isAdmin } from '../access/roles'

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

export function restrictDocumentLocks(config: SanitizedConfig): SanitizedConfig {
  const locks = config.collections.find((collection) => collection.slug === LOCKS)
  if (!locks) return config
  locks.access = { ...locks.access, delete: ownLocksUnlessAdmin }
  locks.hooks.beforeOperation = [...(locks.hooks.beforeOperation ?? []), inOwnName]
  return config
}
