/** The id of a relationship value as Payload returns it: the id itself (depth 0) or the populated document. */
export const relationId = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'object' && value !== null && 'id' in value ? Number((value as { id: unknown }).id) : null
