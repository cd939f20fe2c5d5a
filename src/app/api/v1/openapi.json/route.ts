import { dataResponse, preflightResponse } from '../../../../public-api/http'
import { openApiDocument } from '../../../../public-api/openapi'

export const dynamic = 'force-dynamic'

export function GET(request: Request): Response {
  return dataResponse(request, openApiDocument())
}

export const OPTIONS = preflightResponse
