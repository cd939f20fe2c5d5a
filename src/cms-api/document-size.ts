/**
 * How many rows one client write may carry, checked before Payload does any work on it. Each array is capped by its
 * own `maxRows` (MAX_ARRAY_ROWS by default, src/cms-api/input-rules.ts), but arrays nest: 500 updates × 500
 * `serviceStatuses` would be 250,000 rows in one document for Payload's hooks, validation and insert to walk, enough
 * to exhaust the process's memory. So a document is bounded as a whole here.
 */
import type { CollectionBeforeOperationHook, FlattenedField } from 'payload'
import { ValidationError } from 'payload'

import { MAX_ARRAY_ROWS } from './input-rules'

/** Most rows an array inside an array's row takes (an incident update's `serviceStatuses`). */
export const MAX_NESTED_ROWS_PER_ROW = 100
/** Most rows in arrays inside arrays' rows, over the whole document. */
export const MAX_NESTED_ROWS = 2000

type Row = Record<string, unknown>

const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The first rule a document's rows break, naming the field's path; null when it keeps them all. */
export function documentSizeError(fields: FlattenedField[], data: unknown): string | null {
  let nested = 0
  const walk = (level: FlattenedField[], value: Row, path: string, insideRow: boolean): string | null => {
    for (const field of level) {
      if (!('name' in field)) continue
      const child = value[field.name]
      const at = path ? `${path}.${field.name}` : field.name
      if (field.type === 'array' && Array.isArray(child)) {
        const most = Math.min(field.maxRows ?? MAX_ARRAY_ROWS, insideRow ? MAX_NESTED_ROWS_PER_ROW : Infinity)
        if (child.length > most) return `${at} has ${child.length} rows; at most ${most}`
        if (insideRow) {
          nested += child.length
          if (nested > MAX_NESTED_ROWS)
            return `${at}: the document has more than ${MAX_NESTED_ROWS} rows in nested lists`
        }
        for (const [index, row] of child.entries()) {
          if (!isRow(row)) continue
          const refusal = walk(field.flattenedFields, row, `${at}.${index}`, true)
          if (refusal) return refusal
        }
      } else if (field.type === 'blocks' && Array.isArray(child)) {
        if (child.length > (field.maxRows ?? MAX_ARRAY_ROWS))
          return `${at} has ${child.length} blocks; at most ${field.maxRows ?? MAX_ARRAY_ROWS}`
        for (const [index, row] of child.entries()) {
          const block = isRow(row) ? field.blocks.find((candidate) => candidate.slug === row.blockType) : undefined
          const refusal = block && isRow(row) ? walk(block.flattenedFields, row, `${at}.${index}`, true) : null
          if (refusal) return refusal
        }
      } else if ((field.type === 'group' || field.type === 'tab') && isRow(child)) {
        const refusal = walk(field.flattenedFields, child, at, insideRow)
        if (refusal) return refusal
      }
    }
    return null
  }
  return isRow(data) ? walk(fields, data, '', false) : null
}

/** The check on every client create and update (REST, GraphQL, the admin), as a 400 naming the field. */
export const guardDocumentSize: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  if ((args as { overrideAccess?: boolean }).overrideAccess === true) return args
  const refusal = documentSizeError(collection.flattenedFields, (args as { data?: unknown }).data)
  if (refusal) {
    const path = refusal.split(/[ :]/, 1)[0]
    throw new ValidationError({ collection: collection.slug, errors: [{ message: refusal, path }] })
  }
  return args
}
