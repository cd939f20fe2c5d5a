import type { CollectionConfig, Field, FieldAccess } from 'payload'

import { hasRole } from './roles'
import { isPublicOnRecord, PRIVATE_FIELDS, type PrivateField } from '@/domain/private-fields'

/**
 * Read access for a private field. Payload asks it per document when answering (with `doc`) and without a document
 * when a client filters or sorts on the field, so a stranger can neither see the value nor search it.
 */
const privateRead =
  (rule: PrivateField): FieldAccess =>
  ({ req, doc }) =>
    hasRole(req.user, 'admin', 'editor') || isPublicOnRecord(rule, doc as Record<string, unknown> | undefined)

/**
 * The collection with read access on each of its fields that src/domain/private-fields.ts lists. A listed name the
 * collection does not have is a configuration error, not a field left readable by mistake.
 */
export function withPrivateFields(collection: CollectionConfig): CollectionConfig {
  const rules = PRIVATE_FIELDS[collection.slug]
  if (!rules) return collection
  const missing = new Set(Object.keys(rules))
  const fields = collection.fields.map((field): Field => {
    const rule = 'name' in field && field.type !== 'ui' ? rules[field.name] : undefined
    if (!rule || !('name' in field) || field.type === 'ui') return field
    missing.delete(field.name)
    return { ...field, access: { ...field.access, read: privateRead(rule) } } as Field
  })
  if (missing.size) throw new Error(`${collection.slug} has no field ${[...missing].join(', ')} to keep private`)
  return { ...collection, fields }
}
