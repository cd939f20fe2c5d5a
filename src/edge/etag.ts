/** RFC 9110 entity tags: If-None-Match uses the weak comparison (W/"x" matches "x"), and `*` matches anything. */

const TAG = /(W\/)?"([^"]*)"|\*/g

/** The opaque tags of an If-None-Match value, or ['*']. A tag may contain commas, so this is not a split(','). */
export function parseEntityTags(header: string): string[] {
  return [...header.matchAll(TAG)].map((match) => (match[0] === '*' ? '*' : match[2]))
}

export function opaqueTag(etag: string): string | null {
  const match = /^\s*(?:W\/)?"([^"]*)"\s*$/.exec(etag)
  return match ? match[1] : null
}

const WHOLE_TAG = /^\s*(?:W\/)?"[^"]*"\s*$/

export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string | undefined): boolean {
  if (!header || !etag) return false
  // The usual revalidation: the client sends back the one tag it was given, or its weak form (compressed copy).
  if (typeof header === 'string' && (header === etag || (header.length === etag.length + 2 && header === `W/${etag}`)))
    return WHOLE_TAG.test(etag)
  const current = opaqueTag(etag)
  if (current === null) return false
  const value = Array.isArray(header) ? header.join(', ') : header
  return parseEntityTags(value).some((tag) => tag === '*' || tag === current)
}
