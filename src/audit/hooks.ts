/**
 * The audit log's hooks, added to every collection and global by payload.config.ts (withAuditLog,
 * withGlobalAuditLog), so a collection added later is audited without a line of its own. Each write leaves one
 * entry, written in the write's transaction from what Payload's hooks already hold (previousDoc, doc): no read.
 */
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
  GlobalAfterChangeHook,
  GlobalBeforeChangeHook,
  GlobalConfig,
} from 'payload'

import { type AuditChanges, type AuditField, auditChanges, userUpdateAction } from '@/domain/audit'
import { writeAuditEntry } from './record'
import { auditLogin, auditLogout, noteLoginAttempt } from './sign-ins'

/**
 * Not audited, and why (docs/security.md, "Audit log"): the log itself; records the server derives from audited
 * writes or keeps as its own bookkeeping, which would multiply every entry (a status change's history row, an
 * incident's notification and its thousands of deliveries, what a monitoring webhook received, the demo's clock, a
 * metric's points, pushed by the thousand and rolled up by the server).
 * Payload's own collections (jobs, locked documents, preferences, migrations) are added by Payload after this
 * configuration and are never wrapped.
 */
export const UNAUDITED = new Set([
  'audit-log',
  'service-status-changes',
  'notifications',
  'notification-deliveries',
  'integration-events',
  'demo-state',
  'metric-points',
])

/**
 * What the write was given, as the collection's hooks left it: Payload drops a new password from `data` before the
 * afterChange hooks run (it is then the hidden hash and salt), so the input is kept here, by the same object.
 */
const inputs = new WeakMap<object, Record<string, unknown>>()

const keepInput = ({ data }: { data: Record<string, unknown> }) => {
  if (data && typeof data === 'object') inputs.set(data, { ...data })
  return data
}

const inputOf = (data: unknown): Record<string, unknown> | null =>
  data && typeof data === 'object' ? (inputs.get(data) ?? (data as Record<string, unknown>)) : null

const fieldsOf = (config: { flattenedFields?: unknown }): AuditField[] =>
  (config.flattenedFields as AuditField[] | undefined) ?? []

const idOf = (doc: unknown): number | null => {
  const id = (doc as { id?: unknown } | null)?.id
  return typeof id === 'number' ? id : null
}

const wasPublished = (before: unknown, after: unknown) =>
  Boolean((before as { draft?: unknown } | null)?.draft) && (after as { draft?: unknown }).draft === false

const auditChange: CollectionAfterChangeHook = async ({ collection, data, doc, operation, previousDoc, req }) => {
  const changes: AuditChanges = auditChanges({
    fields: fieldsOf(collection),
    before: operation === 'create' ? null : previousDoc,
    after: doc,
    input: inputOf(data),
  })
  let action: 'create' | 'update' | 'publish' | ReturnType<typeof userUpdateAction> = operation
  if (operation === 'update') {
    // An update that changed nothing (a save of the form as it was) is no change to record.
    if (Object.keys(changes).length === 0) return doc
    if (wasPublished(previousDoc, doc)) action = 'publish'
    else if (collection.auth) action = userUpdateAction(changes)
  }
  await writeAuditEntry(req, { action, collection: collection.slug, documentId: idOf(doc), changes })
  return doc
}

const auditDelete: CollectionAfterDeleteHook = async ({ collection, doc, id, req }) => {
  const changes = auditChanges({ fields: fieldsOf(collection), before: doc, after: null })
  await writeAuditEntry(req, { action: 'delete', collection: collection.slug, documentId: Number(id) || null, changes })
}

const auditGlobalChange: GlobalAfterChangeHook = async ({ data, doc, global, previousDoc, req }) => {
  const changes = auditChanges({ fields: fieldsOf(global), before: previousDoc, after: doc, input: inputOf(data) })
  if (Object.keys(changes).length > 0)
    await writeAuditEntry(req, { action: 'update', collection: global.slug, changes })
  return doc
}

/** The collection with its audit hooks last (after every hook that may still change the document or refuse). */
export function withAuditLog(collection: CollectionConfig): CollectionConfig {
  if (UNAUDITED.has(collection.slug)) return collection
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      beforeChange: [...(hooks.beforeChange ?? []), keepInput as CollectionBeforeChangeHook],
      afterChange: [...(hooks.afterChange ?? []), auditChange],
      afterDelete: [...(hooks.afterDelete ?? []), auditDelete],
      // Sign-ins, failed sign-ins and sign-outs of accounts (src/audit/sign-ins.ts).
      ...(collection.auth
        ? {
            beforeOperation: [noteLoginAttempt, ...(hooks.beforeOperation ?? [])],
            afterLogin: [...(hooks.afterLogin ?? []), auditLogin],
            afterLogout: [...(hooks.afterLogout ?? []), auditLogout],
          }
        : {}),
    },
  }
}

export function withGlobalAuditLog(global: GlobalConfig): GlobalConfig {
  if (UNAUDITED.has(global.slug)) return global
  const hooks = global.hooks ?? {}
  return {
    ...global,
    hooks: {
      ...hooks,
      beforeChange: [...(hooks.beforeChange ?? []), keepInput as GlobalBeforeChangeHook],
      afterChange: [...(hooks.afterChange ?? []), auditGlobalChange],
    },
  }
}
