import { cmsErrorResponse, ServiceError } from '@/errors'
import { checkWriteBody } from './request-body'

type Handler = (request: Request) => Promise<Response>

interface GraphqlError {
  extensions?: { statusCode?: number; name?: unknown }
  [key: string]: unknown
}

/**
 * The HTTP status an answer whose every error is a refusal should have: 401 for strangers, 403 for a role, and one
 * shared 4xx (a 400 for a refused value, sort or cost) as itself. Mixed or partial answers stay 200.
 */
function refusalStatus(errors: GraphqlError[]): number | null {
  if (!errors.length) return null
  const codes = errors.map((error) => error.extensions?.statusCode)
  if (codes.every((code) => code === 401)) return 401
  if (codes.every((code) => code === 401 || code === 403)) return 403
  const [first] = codes
  if (typeof first === 'number' && first >= 400 && first < 500 && codes.every((code) => code === first)) return first
  return null
}

const errorResponse = (status: number, message: string) => cmsErrorResponse(new ServiceError(status, message))

/**
 * The GraphQL route, guarded. A body that is not a JSON object (or nests absurdly deep) is a 400 in the contract's
 * shape; Payload threw on it (a 500 with an empty body). GraphQL reports errors inside a 200; an operation refused
 * only because the caller is not authenticated is 401 on the wire, one refused for the caller's role 403, and one
 * refused for its input 400, as the REST API does, so clients and proxies can tell "log in" from "not allowed". Class names (minified in the build)
 * are dropped from the errors.
 */
export function withGraphqlAuthStatus(handler: Handler): Handler {
  return async (request) => {
    const body = await checkWriteBody(request)
    if (!body.ok) return errorResponse(body.status, body.message)
    const response = await handler(body.request)
    if (!response.headers.get('content-type')?.includes('json')) return response
    const text = await response.text()
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    let parsed: { errors?: GraphqlError[] }
    try {
      parsed = JSON.parse(text) as { errors?: GraphqlError[] }
    } catch {
      return new Response(text, { status: response.status, headers })
    }
    if (!Array.isArray(parsed.errors)) return new Response(text, { status: response.status, headers })
    const errors = parsed.errors.map((error) => {
      if (!error.extensions) return error
      const { name: _name, ...extensions } = error.extensions
      return { ...error, extensions }
    })
    const status =
      response.status === 200 || response.status === 400 ? (refusalStatus(errors) ?? response.status) : response.status
    return new Response(JSON.stringify({ ...parsed, errors }), { status, headers })
  }
}
