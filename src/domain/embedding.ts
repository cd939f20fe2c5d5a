/**
 * Where a page's compact view (`/embed`, docs/widget.md) may be framed: the origins its settings list ("Embedding
 * origins"), and its own. The origins go into a Content-Security-Policy header as they are stored, so only a plain
 * `scheme://host[:port]` is accepted: nothing that could end the directive or add another.
 */

/** An origin as the settings store it and browsers compare it: lower case, no default port, no trailing slash. */
export function normalOrigin(value: string): string {
  const trimmed = value.trim()
  try {
    const url = new URL(trimmed)
    return url.origin === 'null' ? trimmed : url.origin
  } catch {
    return trimmed
  }
}

/** Why a typed origin cannot be listed, or null when it can. */
export function originProblem(value: string): string | null {
  const typed = value.trim()
  if (typed === '') return 'an origin is required'
  let url: URL
  try {
    url = new URL(typed)
  } catch {
    return `"${value}" is not an origin such as https://app.example.com (give its scheme and host name)`
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `"${value}" is not an origin: it must start with https:// or http://`
  if (url.username || url.password) return `"${value}" is not an origin: it may not carry a user name or password`
  // `new URL` accepts what a browser's address bar does; an origin is the scheme, host and port alone.
  const rest = typed.slice(url.protocol.length + 2).replace(/^[^/?#]*/, '')
  if (rest !== '' && rest !== '/')
    return `"${value}" is not an origin: give the scheme and host alone, such as ${url.origin}`
  if (url.hostname.includes('*')) return `"${value}" is not an origin: wildcards are not accepted, list each origin`
  return null
}

/**
 * The `frame-ancestors` directive of a page's compact view: its own origin (`'self'`) and the origins listed. With
 * none listed it is `'self'` alone: the view is framed nowhere else.
 */
export function frameAncestors(origins: readonly string[]): string {
  // The settings refuse anything else; checked again because this text becomes a header.
  const listed = origins.filter((origin) => originProblem(origin) === null).map(normalOrigin)
  return ["frame-ancestors 'self'", ...new Set(listed)].join(' ')
}
