/**
 * The id of a relationship value as Payload returns it: the id itself (depth 0, sometimes as a numeric string) or
 * the populated document; null for anything else.
 */
export const relationId = (value: unknown): number | null => {
  const raw = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  return typeof id === 'number' && Number.isInteger(id) ? id : null
}
