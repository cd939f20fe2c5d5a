/**
 * The id of a relationship value as Payload returns it: the id itself (depth 0, sometimes as a numeric string) or
 * the populated document; null for anything else.
 */
export const relationId = (value: unknown): number | null => {
  const raw = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  return typeof id === 'number' && Number.isInteger(id) ? id : null
}

/** The ids of a list of relationship values (hasMany, or rows' relations); anything that is not one is left out. */
export const relationIds = (values: unknown): number[] =>
  (Array.isArray(values) ? values : []).map(relationId).filter((id): id is number => id !== null)
