/**
 * How deep a client's JSON may nest. JSON.parse takes any depth, but Payload and its field hooks walk documents
 * recursively, and 5,000 levels overflowed the stack (a 500). No document of this service nests past a dozen levels
 * (rich text included); 64 leaves room for any real editor content.
 */
export const MAX_JSON_NESTING = 64

/** How deep `value` nests (a scalar is 0, `[]` and `{}` are 1), counted without recursion and stopping past `limit`. */
export function jsonNesting(value: unknown, limit = MAX_JSON_NESTING): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    const level = depth + 1
    if (level > deepest) deepest = level
    if (deepest > limit) return deepest
    for (const child of Object.values(current as Record<string, unknown>)) stack.push([child, level])
  }
  return deepest
}

/** Why a parsed JSON body is refused for its nesting, or null. */
export function jsonNestingError(value: unknown, limit = MAX_JSON_NESTING): string | null {
  return jsonNesting(value, limit) > limit ? `the JSON is nested too deeply (at most ${limit} levels)` : null
}
