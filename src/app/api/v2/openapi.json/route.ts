import { jsonResponse, preflightResponse } from '@/public-api/http'
import { openApiDocumentV2 } from '@/public-api/v2/openapi'

export const dynamic = 'force-dynamic'

export function GET(request: Request): Response {
  return jsonResponse(request, openApiDocumentV2())
}

export const OPTIONS = preflightResponse
