/**
 * HTTP conventions of /api/v1: the one-key `{data}` body, ETag and 304, `?pretty`, caching and CORS headers,
 * RFC 8288 pagination links and RFC 9457 problems.
 */
import { createHash } from 'node:crypto'

import type { z } from 'zod'

import { ifNoneMatchMatches } from '@/edge/etag'
import { type Translate, translator } from '@/i18n/translate'
import { PUBLIC_CACHE_CONTROL } from '@/edge/cache-control'
import { EXPIRES_HEADER } from '@/runtime/headers'

import type { Problem } from './schemas'

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'If-None-Match, Content-Type',
  'access-control-expose-headers':
    'ETag, Link, X-Total-Count, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy',
  'access-control-max-age': '86400',
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

export interface Page {
  page: number
  limit: number
  totalDocs: number
}

/** RFC 8288 links to the other pages, at `base` (the public base URL, or the origin the client addressed). */
function linkHeader(requestUrl: URL, base: string, { page, limit, totalDocs }: Page): string {
  const lastPage = Math.max(1, Math.ceil(totalDocs / limit))
  const at = (n: number) => {
    const url = new URL(`${base}${requestUrl.pathname}`)
    url.search = requestUrl.search
    url.searchParams.set('page', String(n))
    url.searchParams.set('limit', String(limit))
    return url.toString()
  }
  const links: [string, number][] = [['first', 1]]
  if (page > 1) links.push(['prev', Math.min(page - 1, lastPage)])
  if (page < lastPage) links.push(['next', page + 1])
  links.push(['last', lastPage])
  return links.map(([rel, n]) => `<${at(n)}>; rel="${rel}"`).join(', ')
}

export interface DataOptions {
  /** A page of a list: Link and X-Total-Count, the links at `base`. */
  page?: Page & { base: string }
  /** When the content changes by itself (a maintenance starting or ending), for the response cache. */
  expiresAt?: Date | null
}

/** `{data}`, the body of every /api/v1 answer but the OpenAPI document. */
export function dataResponse(request: Request, data: unknown, options: DataOptions = {}): Response {
  return jsonResponse(request, { data }, options)
}

/** A JSON body with the API's caching, CORS and `?pretty` conventions. */
export function jsonResponse(request: Request, value: unknown, options: DataOptions = {}): Response {
  const url = new URL(request.url)
  const body = url.searchParams.has('pretty') ? `${JSON.stringify(value, null, 2)}\n` : JSON.stringify(value)
  const headers = new Headers({ ...CORS_HEADERS, 'cache-control': PUBLIC_CACHE_CONTROL, vary: 'Accept-Encoding' })
  if (options.page) {
    headers.set('link', linkHeader(url, options.page.base, options.page))
    headers.set('x-total-count', String(options.page.totalDocs))
  }
  if (options.expiresAt) headers.set(EXPIRES_HEADER, String(options.expiresAt.getTime()))
  return taggedResponse(request, body, 'application/json; charset=utf-8', headers)
}

/**
 * A 200 of `body` with its ETag, or a 304 when the client holds that version already (the pages, the API, the
 * badges); HEAD gets the headers only. `headers` carry the rest (caching, CORS, the expiry).
 */
export function taggedResponse(request: Request, body: string, contentType: string, headers: Headers): Response {
  const etag = etagOf(body)
  headers.set('etag', etag)
  if (ifNoneMatchMatches(request.headers.get('if-none-match') ?? undefined, etag))
    return new Response(null, { status: 304, headers })
  headers.set('content-type', contentType)
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
}

export function problemResponse(
  request: Request,
  problem: Omit<Problem, 'type' | 'title'> & { title?: string },
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body: Problem = {
    type: 'about:blank',
    title: problem.title ?? TITLES[problem.status] ?? 'Error',
    ...problem,
    instance: new URL(request.url).pathname,
  }
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { ...CORS_HEADERS, ...headers, 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
  })
}

const IN_ENGLISH = translator()

/** A 404 for an incident or maintenance no page shows, said in `t`'s language. */
export function notFound(request: Request, what: 'incident' | 'maintenance', t: Translate = IN_ENGLISH): Response {
  return problemResponse(request, { status: 404, detail: t('api.problem.notFound', { what }) })
}

/** A 400 naming every bad parameter (`invalid-params`), its detail in `t`'s language. */
export function invalidQueryResponse(
  request: Request,
  invalid: { name: string; reason: string }[],
  t: Translate = IN_ENGLISH,
): Response {
  return problemResponse(request, {
    status: 400,
    detail: t('api.problem.invalidQuery', { count: invalid.length, names: invalid.map((p) => p.name).join(', ') }),
    'invalid-params': invalid,
  })
}

/**
 * Parses the query with a schema; a 400 naming every bad parameter when it does not fit. A parameter sent twice
 * counts once (the last), except the `lists`, whose values are joined with commas (`?service=a&service=b` is
 * `?service=a,b`).
 */
export function parseQuery<S extends z.ZodType>(
  request: Request,
  schema: S,
  lists: readonly string[] = [],
  t: Translate = IN_ENGLISH,
): { query: z.output<S> } | { response: Response } {
  const search = new URL(request.url).searchParams
  const params: Record<string, string> = Object.fromEntries(search)
  for (const name of lists) if (search.has(name)) params[name] = search.getAll(name).join(',')
  const result = schema.safeParse(params)
  if (result.success) return { query: result.data }
  const reasons = new Map<string, string>() // the first complaint about each parameter is the useful one
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? 'query')
    if (!reasons.has(name)) reasons.set(name, issue.message)
  }
  const invalid = [...reasons].map(([name, reason]) => ({ name, reason }))
  return { response: invalidQueryResponse(request, invalid, t) }
}

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS })
}
