/**
 * What the CMS API accepts as a record id and as list pagination. Values outside these ranges (NaN, 1.5, 1e20 as
 * ids; -1, "abc", 1e20 as limits) would otherwise reach the database and come back as 500s or nonsense metadata.
 */

/** Ids are PostgreSQL `serial` (32-bit) columns; a larger number cannot name a record, and PostgreSQL refuses it. */
export const MAX_RECORD_ID = 2_147_483_647

/** A record id as the CMS API has them: a positive integer, written in plain digits when it arrives as text. */
export function isRecordId(value: unknown): boolean {
  if (typeof value === 'string') return /^[1-9]\d*$/.test(value) && Number(value) <= MAX_RECORD_ID
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_RECORD_ID
}

/** Payload's own ceiling for `depth` (its config default `maxDepth`); deeper requests are cut to it silently. */
export const MAX_DEPTH = 10

/**
 * Why a `depth` query parameter is refused, or null. Payload reads anything that is not a number as "no depth"
 * and a negative one as 0, so `depth=abc` would answer a different shape than asked for, without a word.
 */
export function depthError(depth: unknown): string | null {
  if (depth == null) return null
  const value = asWholeNumber(depth)
  if (value === null || value > MAX_DEPTH) return `depth must be a whole number from 0 to ${MAX_DEPTH}`
  return null
}

export interface ListParams {
  limit?: unknown
  page?: unknown
}

function asWholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
    const n = Number(value.trim())
    return Number.isSafeInteger(n) ? n : null
  }
  return null
}

/**
 * Why a list request's pagination is refused, or null when it is acceptable. `limit` 0 is Payload's "no limit"
 * (server code only; a client's is capped by clientLimit); otherwise both are whole numbers, page from 1, and the offset they imply stays within exact integers.
 */
export function listParamsError({ limit, page }: ListParams): string | null {
  const limitValue = limit == null ? null : asWholeNumber(limit)
  if (limit != null && (limitValue === null || limitValue < 0))
    return 'limit must be a whole number from 0 (no limit) upwards'
  const pageValue = page == null ? null : asWholeNumber(page)
  if (page != null && (pageValue === null || pageValue < 1)) return 'page must be a whole number from 1 upwards'
  if (limitValue && pageValue && (pageValue - 1) * limitValue > Number.MAX_SAFE_INTEGER) {
    return 'page is too large for this limit'
  }
  return null
}

/**
 * Most rows one client request may list. `limit=0` meant "no limit" and let one anonymous request read the whole
 * database (and 30 GraphQL aliases of it); the server's own code is not bound by this.
 */
export const MAX_CLIENT_LIMIT = 100

/**
 * The limit a client's list runs with, for a limit listParamsError accepted: `0` (everything) and anything above
 * MAX_CLIENT_LIMIT are read as MAX_CLIENT_LIMIT, as the answer's `limit` then says, like a page size a server caps.
 */
export function clientLimit(limit: unknown): number {
  const value = asWholeNumber(limit) ?? 0
  return value === 0 || value > MAX_CLIENT_LIMIT ? MAX_CLIENT_LIMIT : value
}
