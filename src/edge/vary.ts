/**
 * What a public response varies on. Next adds its router's request headers (`RSC`, `Next-Router-State-Tree`, …) to
 * the Vary of every App Router response, route handlers included, before the handler runs. The public API and site
 * are route handlers that never read them: a JSON or feed response varies on Accept-Encoding only, and keeping
 * those names would split every shared cache's entries by headers that change nothing.
 */
import type { ServerResponse } from 'node:http'

import { isPublicPath } from './public-paths'

const ROUTER_HEADERS = new Set([
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
])

export function withoutRouterVary(vary: string | number | string[] | undefined): string | null {
  if (vary === undefined) return null
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const kept = names.filter(
    (name, index) =>
      !ROUTER_HEADERS.has(name.toLowerCase()) &&
      names.findIndex((n) => n.toLowerCase() === name.toLowerCase()) === index,
  )
  return kept.length ? kept.join(', ') : null
}

/** For a public path: drops the router's names from Vary when the response head is written. */
export function dropRouterVary(pathname: string, res: ServerResponse): void {
  if (!isPublicPath(pathname)) return
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const vary = withoutRouterVary(this.getHeader('vary'))
    if (vary) this.setHeader('vary', vary)
    else this.removeHeader('vary')
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.writeHead
}
