/**
 * Headers the edge (server.ts) sets for Next's routes. Whatever a client sends under these names is replaced by the
 * edge before Next sees the request, so routes may trust them.
 */

/** The client's address as src/edge/client-address.ts determined it (socket, or behind trusted proxies). */
export const CLIENT_ADDRESS_HEADER = 'x-statuspage-client-address'

/**
 * The origin (`scheme://host[:port]`) the client addressed, as src/edge/public-origin.ts determined it: the Host
 * header, or the trusted proxy's X-Forwarded-Host and -Proto. Absent when the request named no usable host.
 */
export const PUBLIC_ORIGIN_HEADER = 'x-statuspage-public-origin'

/**
 * `https` or `http`: whether the visitor reached the site over HTTPS, as src/edge/public-origin.ts determined it (a
 * TLS socket, or a trusted proxy's X-Forwarded-Proto). The auth routes mark the session cookie Secure by it.
 */
export const SCHEME_HEADER = 'x-statuspage-scheme'

/**
 * Set by a Next route on a response that changes with time alone: the instant (ms since the epoch) it goes stale.
 * The response cache keeps it no longer and removes the header before the response leaves the process.
 */
export const EXPIRES_HEADER = 'x-statuspage-expires'

/**
 * The slug of the page a `/p/<slug>/…` request named (src/edge/page-path.ts), whose path Next then sees without the
 * prefix. Absent: the page is the one claiming the request's host, else the default page (src/settings/pages.ts).
 */
export const PAGE_SLUG_HEADER = 'x-statuspage-page'

/**
 * The language a `/<locale>/…` request named (after any `/p/<slug>`: src/edge/page-path.ts), whose path Next then sees
 * without it. Absent: the page's default language.
 */
export const LOCALE_HEADER = 'x-statuspage-locale'

/**
 * Set by a Next route on a public response when the request named a host the site answers as its own: a page's host
 * name, or the host of the default page's public base URL (src/settings/base-url.ts). The response cache keeps such
 * hosts' entries beyond its bound on hosts a client may invent (src/edge/response-cache.ts), and removes the header
 * before the response leaves the process.
 */
export const KNOWN_HOST_HEADER = 'x-statuspage-known-host'

/**
 * Set by a Next route on a public response: the key of the page it is of (src/domain/pages.ts's pageKeyOf, 0 the
 * default page). The response cache keeps it until a change touches that page (src/runtime/data-version.ts), and
 * removes the header before the response leaves the process.
 */
export const PAGE_KEY_HEADER = 'x-statuspage-page-key'
