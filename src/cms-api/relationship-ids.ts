/**
 * The ids a relationship field's value refers to, so they can be checked before the database's foreign keys refuse
 * them with a 500 (`{group: 99999}`, `{affectedServices: [9999]}`).
 */

import { isRecordId } from './list-params'

export type RelationshipIds = { ids: Map<string, number[]> } | { error: string }

/** A related id as sent: 7, "7", a populated document {id: 7}, or {relationTo, value} for polymorphic fields. */
function entryOf(value: unknown, relationTo: string | readonly string[]): { collection: string; id: unknown } | null {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    if (typeof record.relationTo === 'string' && 'value' in record) {
      const inner = record.value
      const id = inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>).id : inner
      return { collection: record.relationTo, id }
    }
    if ('id' in record && typeof relationTo === 'string') return { collection: relationTo, id: record.id }
    return null
  }
  return typeof relationTo === 'string' ? { collection: relationTo, id: value } : null
}

/**
 * The ids of a relationship value by related collection, or why the value cannot be one. `field` names the field
 * in messages. Empty values yield no ids: whether the field is required is the field's own rule.
 */
export function relationshipIds(
  field: string,
  value: unknown,
  options: { hasMany: boolean; relationTo: string | readonly string[] },
): RelationshipIds {
  const ids = new Map<string, number[]>()
  if (value === null || value === undefined || value === '') return { ids }
  if (Array.isArray(value) && !options.hasMany) return { error: `${field} takes one id, not a list` }
  const entries = Array.isArray(value) ? value : [value]
  for (const entry of entries) {
    const resolved = entryOf(entry, options.relationTo)
    if (!resolved || !isRecordId(resolved.id)) return { error: `${field} must be a record id (a whole number from 1)` }
    const id = Number(resolved.id)
    const list = ids.get(resolved.collection) ?? []
    if (!list.includes(id)) list.push(id)
    ids.set(resolved.collection, list)
  }
  return { ids }
}

/** The message for ids that name no record. */
export function missingRecordsMessage(field: string, collection: string, missing: readonly number[]): string {
  const which = missing.length === 1 ? `id ${missing[0]}` : `ids ${missing.join(', ')}`
  return `${field}: no record in ${collection} has ${which}`
}
