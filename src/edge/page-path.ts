/**
 * The path form of a page's addresses (docs/pages.md): `/p/<slug>/history` is the page's `/history`; and a language's
 * (docs/languages.md): `/de/history` is `/history` in German, after the page's prefix (`/p/<slug>/de/history`). The
 * edge takes both prefixes off before anything else looks at the path, so the rate limits, the cache's rules and
 * Next's routes are the same for every form, and tells Next the slug and the language in headers of their own; the
 * cache keeps the prefixes in its key.
 */
import type { IncomingMessage } from 'node:http'

import { type AnyLocale, DEFAULT_LOCALE, localeOfSegment, localeSegment, splitLocalePath } from '@/domain/locales'
import { pagePathPrefix, splitPagePath } from '@/domain/pages'
import { LOCALE_HEADER, PAGE_SLUG_HEADER } from '@/runtime/headers'

export interface PageTarget {
  pathname: string
  search: string
  /** `/p/<slug>` and `/<locale>` when the request came that way, else ''. */
  prefix: string
}

/**
 * Rewrites a `/p/<slug>/…` and a `/<locale>/…` request for Next, and drops whatever a client sent under the page and
 * language headers. A language prefix counts on the public pages only: the CMS API and the admin have none.
 */
export function takePagePath(
  req: IncomingMessage,
  target: { pathname: string; search: string },
  pseudo = false,
): PageTarget {
  delete req.headers[PAGE_SLUG_HEADER]
  delete req.headers[LOCALE_HEADER]
  const page = splitPagePath(target.pathname)
  const afterPage = page ? page.rest : target.pathname
  const language = splitLocalePath(afterPage, { pseudo })
  if (!page && !language) return { ...target, prefix: '' }
  if (page) req.headers[PAGE_SLUG_HEADER] = page.slug
  if (language) req.headers[LOCALE_HEADER] = language.locale
  const pathname = language ? language.rest : afterPage
  req.url = pathname + target.search
  const prefix = (page ? pagePathPrefix(page.slug) : '') + (language ? `/${localeSegment(language.locale)}` : '')
  return { pathname, search: target.search, prefix }
}

/** The same for a cache miss asked over the loopback: its URL is the cache key's, with the prefix. */
export function takeLoopbackPagePath(req: IncomingMessage, pseudo = false): void {
  const url = req.url ?? '/'
  const queryAt = url.indexOf('?')
  takePagePath(
    req,
    {
      pathname: queryAt === -1 ? url : url.slice(0, queryAt),
      search: queryAt === -1 ? '' : url.slice(queryAt),
    },
    pseudo,
  )
}

/** The language a request's address named (takePagePath took it off), else the default: for the edge's own pages. */
export function requestLocale(req: IncomingMessage): AnyLocale {
  const named = req.headers[LOCALE_HEADER]
  return (typeof named === 'string' && localeOfSegment(named, { pseudo: true })) || DEFAULT_LOCALE
}
