type Handler = (request: Request) => Promise<Response>

interface GraphqlBody {
  errors?: { extensions?: { statusCode?: number } }[]
}

/**
 * GraphQL reports errors inside a 200. An operation refused only because the caller is not authenticated is
 * answered 401 on the wire as well, as the REST API does, so clients and proxies can tell "log in" from "wrong".
 */
export function withGraphqlAuthStatus(handler: Handler): Handler {
  return async (request) => {
    const response = await handler(request)
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('json')) return response
    const text = await response.text()
    let status = 200
    try {
      const body = JSON.parse(text) as GraphqlBody
      if (body.errors?.length && body.errors.every((e) => e.extensions?.statusCode === 401)) status = 401
    } catch {
      // Not JSON after all: pass it through untouched.
    }
    return new Response(text, { status, headers: response.headers })
  }
}
