/**
 * What the CMS API accepts as a record id and as list pagination. Values outside these ranges used to reach the
 * database (NaN, 1.5, 1e20 as ids; -1, "abc", 1e20 as limits) and came back as 500s or as nonsense metadata.
 */

/** A record id as the CMS API has them: a positive integer, written in plain digits when it arrives as text. */
export function isRecordId(value: unknown): boolean {
  if (typeof value === 'string') return /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value))
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
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
 * Why a list request's pagination is refused, or null when it is acceptable. `limit` 0 keeps its CMS meaning (no
 * limit); otherwise both are whole numbers, page from 1, and the offset they imply stays within exact integers.
 */
export function listParamsError({ limit, page }: ListParams): string | null {
  const limitValue = limit == null ? null : asWholeNumber(limit)
  if (limit != null && (limitValue === null || limitValue < 0)) return 'limit must be a whole number from 0 (no limit) upwards'
  const pageValue = page == null ? null : asWholeNumber(page)
  if (page != null && (pageValue === null || pageValue < 1)) return 'page must be a whole number from 1 upwards'
  if (limitValue && pageValue && (pageValue - 1) * limitValue > Number.MAX_SAFE_INTEGER) {
    return 'page is too large for this limit'
  }
  return null
}
