import { jsonResponse, preflightResponse } from '@/public-api/http'
import { openApiDocument } from '@/public-api/openapi'

export const dynamic = 'force-dynamic'

/** The document itself, not wrapped in `{data}`: OpenAPI tools read it as it is. */
export function GET(request: Request): Response {
  return jsonResponse(request, openApiDocument())
}

export const OPTIONS = preflightResponse
