import type { CollectionBeforeOperationHook, FlattenedField } from 'payload'
import { APIError } from 'payload'

import { canonicalTimestamp, writtenTimestampError } from '@/domain/timestamp'

type Data = Record<string, unknown>

const isData = (value: unknown): value is Data => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Checks every date field a write carries, at any depth (an incident's `updates.1.createdAt`), against the rule of
 * src/domain/timestamp.ts, and stores each accepted string in one form, so the database never sees a local time
 * or an offset it would compare as text (SQLite).
 */
function checkDates(fields: readonly FlattenedField[], data: Data, path: string): void {
  for (const field of fields) {
    const value = data[field.name]
    if (value === undefined || value === null) continue
    const here = path ? `${path}.${field.name}` : field.name
    if (field.type === 'date') {
      if (value === '') continue
      const refusal = writtenTimestampError(here, value)
      if (refusal) throw new APIError(refusal, 400, null, true)
      data[field.name] = canonicalTimestamp(value as string | number | Date)
    } else if ((field.type === 'group' || field.type === 'tab') && isData(value)) {
      checkDates(field.flattenedFields, value, here)
    } else if (field.type === 'array' && Array.isArray(value)) {
      value.forEach((row, index) => isData(row) && checkDates(field.flattenedFields, row, `${here}.${index}`))
    } else if (field.type === 'blocks' && Array.isArray(value)) {
      value.forEach((row, index) => {
        const block = isData(row)
          ? field.blocks.find((candidate) => typeof candidate !== 'string' && candidate.slug === row.blockType)
          : undefined
        if (block && typeof block !== 'string') checkDates(block.flattenedFields, row as Data, `${here}.${index}`)
      })
    }
  }
}

/** A timestamp without an offset names no instant: refused with a 400 naming the field, on create and update. */
export const guardWrittenTimestamps: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = (args as { data?: unknown }).data
  if (isData(data)) checkDates(collection.flattenedFields, data, '')
  return args
}
