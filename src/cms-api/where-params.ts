/**
 * What the CMS API accepts in a list's `where` (REST `where[field][operator]=value`, a JSON `where`, GraphQL's
 * `where` argument). Payload hands values to the database as they come, so a value the column cannot hold used to
 * be a 500: an unknown enum value or `like` on a select field on PostgreSQL, a date that does not parse or a text
 * id on SQLite, a nested object or a pattern too long for SQLite's LIKE on either. Here each condition is checked
 * against the kind of field it names, and refused with a message naming the field.
 *
 * An unknown value of a select field (`where[status][equals]=bogus`) is a 400 too, not an empty list: no record can
 * ever hold it, so it is a typo, and the message lists the values that exist. This is also the only answer both
 * databases can give alike for `not_equals` and `not_in`.
 */

import { isRecordId } from './list-params'
import { controlCharacterError } from '@/domain/text'
import { isFilterInstant } from '@/domain/timestamp'

export type WhereFieldKind =
  | { kind: 'id' }
  | { kind: 'relationship' }
  | { kind: 'number' }
  | { kind: 'date' }
  | { kind: 'checkbox' }
  | { kind: 'select'; options: readonly string[] }
  | { kind: 'text' }
  /** Rich text and JSON: stored as JSON (jsonb on PostgreSQL, which has no LIKE or comparison with a string). */
  | { kind: 'document' }
  /** A field whose values Payload and the database check themselves. */
  | { kind: 'other' }
  /** A secret (or a path through one): no condition on it, whatever the caller's role. */
  | { kind: 'secret' }

/** What a dotted path names; undefined for a path Payload itself refuses or resolves (unknown fields). */
export type WhereFieldResolver = (path: string) => WhereFieldKind | undefined

/** Payload's operators, by what their value is. */
const SCALAR_OPERATORS = new Set([
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'contains',
])
const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])
const ORDER_OPERATORS = new Set(['greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'])
const TEXT_OPERATORS = new Set(['like', 'not_like', 'contains'])
const GEO_OPERATORS = new Set(['near', 'within', 'intersects'])

/** Longest text a condition may carry; SQLite refuses LIKE patterns over 50,000 bytes, and no stored text is longer. */
export const MAX_WHERE_VALUE_LENGTH = 10_000
/** Most values an `in` list may carry, and most conditions a whole `where` may hold. */
export const MAX_WHERE_LIST_LENGTH = 500
export const MAX_WHERE_CONDITIONS = 100
const MAX_WHERE_NESTING = 8

type Scalar = string | number | boolean | Date | null | undefined

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Server code (jobs, the public API) passes Date objects and leaves optional values undefined. */
const isScalar = (value: unknown): value is Scalar =>
  value === null ||
  value === undefined ||
  value instanceof Date ||
  ['string', 'number', 'boolean'].includes(typeof value)

/** `in` takes a comma-separated string or an array (qs makes an object of numbered keys past 20 entries). */
function listItems(value: unknown): Scalar[] | null {
  if (typeof value === 'string') return value.split(',')
  if (typeof value === 'number') return [value]
  const items = Array.isArray(value)
    ? value
    : isPlainObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))
      ? Object.values(value)
      : null
  if (!items || !items.every(isScalar)) return null
  return items
}

const isNullish = (value: Scalar) => value === null || value === 'null'

/**
 * A date as a filter value: a date-time with an offset, a date alone (midnight UTC) or epoch milliseconds, within
 * the years both databases store. A date-time without an offset would be read in the server's time zone.
 */
export const isFilterDate = isFilterInstant

function isFilterNumber(value: Scalar): boolean {
  if (typeof value === 'number') return Number.isFinite(value)
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
}

/** Why one value does not fit the field, or null. `label` is how the message names the condition. */
function valueError(label: string, field: WhereFieldKind, operator: string, value: Scalar): string | null {
  if (typeof value === 'string' && value.length > MAX_WHERE_VALUE_LENGTH) {
    return `${label} is too long (at most ${MAX_WHERE_VALUE_LENGTH} characters)`
  }
  if (value === undefined) return null
  const equality = operator === 'equals' || operator === 'not_equals'
  switch (field.kind) {
    case 'id':
    case 'relationship':
      if (equality && field.kind === 'relationship' && isNullish(value)) return null
      return isRecordId(value) ? null : `${label} must be a record id (a whole number from 1)`
    case 'number':
      if (equality && isNullish(value)) return null
      return isFilterNumber(value) ? null : `${label} must be a number`
    case 'date':
      if (equality && isNullish(value)) return null
      return isFilterDate(value)
        ? null
        : `${label} must be a date or a date-time with a time zone offset, e.g. 2026-01-31 or 2026-01-31T12:00:00Z`
    case 'checkbox':
      if (equality && isNullish(value)) return null
      return [true, false, 'true', 'false'].includes(value as never) ? null : `${label} must be true or false`
    case 'select':
      if (equality && isNullish(value)) return null
      return typeof value === 'string' && field.options.includes(value)
        ? null
        : `${label} must be one of: ${field.options.join(', ')}`
    default:
      return null
  }
}

function operatorError(label: string, field: WhereFieldKind, operator: string): string | null {
  if (field.kind === 'other') return null
  if (field.kind === 'document' && operator !== 'exists')
    return `${label} is not supported: rich text and JSON fields take exists only`
  if (GEO_OPERATORS.has(operator)) return `${label} is not supported: ${operator} applies to location fields only`
  if (TEXT_OPERATORS.has(operator) && field.kind !== 'text') {
    return `${label} is not supported: ${operator} applies to text fields; use equals or in`
  }
  if (
    ORDER_OPERATORS.has(operator) &&
    (field.kind === 'select' || field.kind === 'checkbox' || field.kind === 'relationship')
  ) {
    return `${label} is not supported: ${operator} applies to numbers, dates and text`
  }
  return null
}

interface Budget {
  conditions: number
}

function conditionError(
  path: string,
  operator: string,
  value: unknown,
  field: WhereFieldKind | undefined,
  budget: Budget,
): string | null {
  const label = `where[${path}][${operator}]`
  budget.conditions += 1
  if (budget.conditions > MAX_WHERE_CONDITIONS) return `where has too many conditions (at most ${MAX_WHERE_CONDITIONS})`
  if (operator === 'exists') {
    return [true, false, 'true', 'false'].includes(value as never) ? null : `${label} must be true or false`
  }
  if (LIST_OPERATORS.has(operator)) {
    const items = listItems(value)
    if (!items) return `${label} takes a list of values: comma-separated, or as ${label}[0]=…`
    for (const item of items) {
      const refused = controlCharacterError(label, item)
      if (refused) return refused
    }
    if (items.length > MAX_WHERE_LIST_LENGTH) return `${label} has too many values (at most ${MAX_WHERE_LIST_LENGTH})`
    if (items.reduce<number>((n, item) => n + String(item).length, 0) > MAX_WHERE_VALUE_LENGTH) {
      return `${label} is too long (at most ${MAX_WHERE_VALUE_LENGTH} characters)`
    }
    if (!field) return null
    const refused = operatorError(label, field, operator)
    if (refused) return refused
    for (const item of items) {
      const error = valueError(label, field, operator, typeof item === 'string' ? item.trim() : item)
      if (error) return error
    }
    return null
  }
  if (SCALAR_OPERATORS.has(operator) || GEO_OPERATORS.has(operator)) {
    if (field && GEO_OPERATORS.has(operator)) return operatorError(label, field, operator)
    if (!isScalar(value)) return `${label} takes a single value`
    // No stored text holds these (src/domain/text.ts), and PostgreSQL cannot even compare with a NUL (a 500).
    const refused = controlCharacterError(label, value)
    if (refused) return refused
    if (!field)
      return typeof value === 'string' && value.length > MAX_WHERE_VALUE_LENGTH
        ? `${label} is too long (at most ${MAX_WHERE_VALUE_LENGTH} characters)`
        : null
    return operatorError(label, field, operator) ?? valueError(label, field, operator, value)
  }
  return null // an unknown operator: Payload answers 400 naming the path
}

function walk(where: unknown, resolve: WhereFieldResolver, budget: Budget, nesting: number): string | null {
  if (!isPlainObject(where)) return 'where must be an object of field conditions'
  if (nesting > MAX_WHERE_NESTING) return `where is nested too deeply (at most ${MAX_WHERE_NESTING} levels of and/or)`
  for (const [key, condition] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      const branches = Array.isArray(condition)
        ? condition
        : isPlainObject(condition) && Object.keys(condition).every((k) => /^\d+$/.test(k))
          ? Object.values(condition)
          : null
      if (!branches || !branches.every(isPlainObject))
        return `where[${key}] must be a list of conditions, e.g. where[${key}][0][field][equals]=…`
      for (const branch of branches) {
        const error = walk(branch, resolve, budget, nesting + 1)
        if (error) return error
      }
      continue
    }
    if (!isPlainObject(condition)) return `where[${key}] needs an operator, e.g. where[${key}][equals]=…`
    const field = resolve(key)
    if (field?.kind === 'secret') return `where: ${key} cannot be queried`
    for (const [operator, value] of Object.entries(condition)) {
      const error = conditionError(key, operator, value, field, budget)
      if (error) return error
    }
  }
  return null
}

/** Why a `where` is refused (a message naming the field), or null when it may reach the database. */
export function whereError(where: unknown, resolve: WhereFieldResolver): string | null {
  if (where === undefined || where === null) return null
  return walk(where, resolve, { conditions: 0 }, 0)
}
