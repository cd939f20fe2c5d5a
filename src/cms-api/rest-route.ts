/**
 * The CMS REST route, guarded before and after Payload. Before: query parameters and bodies Payload would turn into
 * 500s or silently misread are 400s or 415s (src/cms-api/request-body.ts); endpoints that do not exist for a
 * collection (versions without versioning, e-mail verification without it) are 404s rather than database errors;
 * an anonymous caller gets no map of every collection's fields from `/api/access`. After: every error answer has the
 * contract's `{errors:[{message}]}` shape, and no class names (minified in the build: `"name":"o"`).
 */
import { getPayload, type SanitizedConfig } from 'payload'

import { cmsErrorResponse, ServiceError } from '@/errors'
import { depthError } from './list-params'
import { UNAUTHENTICATED_MESSAGE } from '@/access/unauthenticated'
import { checkWriteBody } from './request-body'

type RestHandler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>

const errorResponse = (status: number, message: string, headers?: Headers) =>
  cmsErrorResponse(new ServiceError(status, message), { headers })

/** Why the query string is refused before Payload reads it; null when Payload may have it. */
function queryError(url: URL): string | null {
  const depths = url.searchParams.getAll('depth')
  if (depths.length > 1) return 'depth must be given once'
  const depthRefusal = depthError(depths[0])
  if (depthRefusal) return depthRefusal
  const where = url.searchParams.get('where')
  if (where !== null && where !== '') {
    try {
      JSON.parse(where)
    } catch {
      return 'where must be JSON, or given as where[field][operator]=value'
    }
  }
  return null
}

/** Whether the path names an endpoint Payload routes but this configuration does not have. */
function missingEndpoint(config: SanitizedConfig, segments: string[]): boolean {
  const [first, second, third] = segments
  if (first === 'globals') {
    const global = config.globals.find((candidate) => candidate.slug === second)
    return third === 'versions' && !!global && !global.versions
  }
  const collection = config.collections.find((candidate) => candidate.slug === first)
  if (!collection) return false
  if (second === 'versions') return !collection.versions
  if (second === 'verify') return !(collection.auth && collection.auth.verify)
  return false
}

/** `/api/access` and the per-document access endpoints describe every field; they are for logged-in users. */
const isAccessEndpoint = (segments: string[]) =>
  segments[0] === 'access' || segments[1] === 'access' || (segments[0] === 'globals' && segments[2] === 'access')

async function isAnonymous(config: SanitizedConfig, request: Request): Promise<boolean> {
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: request.headers })
  return !user
}

/** The answer in the contract's error shape, without class names; other answers pass untouched. */
async function normalisedError(response: Response, pathname: string): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('json')) return response
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown; errors?: unknown } | null
  if (!body) return response
  // Payload answers a path it has no handler for with 501 "Cannot GET <url>" (e.g. /api/payload-migrations).
  if (response.status === 501 || (response.status === 404 && !Array.isArray(body.errors))) {
    return errorResponse(404, `Route not found "${pathname}"`, response.headers)
  }
  if (!Array.isArray(body.errors)) {
    return errorResponse(
      response.status,
      typeof body.message === 'string' ? body.message : 'The request failed',
      response.headers,
    )
  }
  const errors = (body.errors as unknown[]).map((error) => {
    if (error === null || typeof error !== 'object') return { message: String(error) }
    const { name: _name, ...rest } = error as Record<string, unknown>
    return rest
  })
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return Response.json({ ...body, errors }, { status: response.status, headers })
}

export function withRestGuards<A extends unknown[]>(
  handler: RestHandler<A>,
  config: Promise<SanitizedConfig> | SanitizedConfig,
): RestHandler<A> {
  return async (request, ...rest) => {
    const url = new URL(request.url)
    const refusal = queryError(url)
    if (refusal) return errorResponse(400, refusal)
    const segments = url.pathname
      .replace(/^\/api\/?/, '')
      .split('/')
      .filter(Boolean)
    const resolved = await config
    if (missingEndpoint(resolved, segments)) return errorResponse(404, `Route not found "${url.pathname}"`)
    if (isAccessEndpoint(segments) && (await isAnonymous(resolved, request)))
      return errorResponse(401, UNAUTHENTICATED_MESSAGE)
    const body = await checkWriteBody(request)
    if (!body.ok) return errorResponse(body.status, body.message)
    return normalisedError(await handler(body.request, ...rest), url.pathname)
  }
}
