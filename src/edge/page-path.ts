/**
 * The path form of a page's addresses (docs/pages.md): `/p/<slug>/history` is the page's `/history`. The edge takes
 * the prefix off before anything else looks at the path, so the rate limits, the cache's rules and Next's routes are
 * the same for both forms, and tells Next the slug in a header of its own; the cache keeps the prefix in its key.
 */
import type { IncomingMessage } from 'node:http'

import { pagePathPrefix, splitPagePath } from '@/domain/pages'
import { PAGE_SLUG_HEADER } from '@/runtime/headers'

export interface PageTarget {
  pathname: string
  search: string
  /** `/p/<slug>` when the request came that way, else ''. */
  prefix: string
}

/** Rewrites a `/p/<slug>/…` request for Next, and drops whatever a client sent under the page header. */
export function takePagePath(req: IncomingMessage, target: { pathname: string; search: string }): PageTarget {
  const page = splitPagePath(target.pathname)
  if (!page) {
    delete req.headers[PAGE_SLUG_HEADER]
    return { ...target, prefix: '' }
  }
  req.headers[PAGE_SLUG_HEADER] = page.slug
  req.url = page.rest + target.search
  return { pathname: page.rest, search: target.search, prefix: pagePathPrefix(page.slug) }
}

/** The same for a cache miss asked over the loopback: its URL is the cache key's, with the prefix. */
export function takeLoopbackPagePath(req: IncomingMessage): void {
  const url = req.url ?? '/'
  const queryAt = url.indexOf('?')
  takePagePath(req, {
    pathname: queryAt === -1 ? url : url.slice(0, queryAt),
    search: queryAt === -1 ? '' : url.slice(queryAt),
  })
}
