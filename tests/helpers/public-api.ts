/**
 * Calls the /api/v1 route handlers in process with real Requests, and checks every response it receives against
 * the OpenAPI document the API serves, so the document and the behaviour cannot drift apart.
 */
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'

import * as incident from '@/app/api/v1/incidents/[shortId]/route'
import * as incidents from '@/app/api/v1/incidents/route'
import * as maintenance from '@/app/api/v1/maintenances/[shortId]/route'
import * as maintenances from '@/app/api/v1/maintenances/route'
import * as metric from '@/app/api/v1/metrics/[slug]/route'
import * as metrics from '@/app/api/v1/metrics/route'
import * as openapi from '@/app/api/v1/openapi.json/route'
import * as services from '@/app/api/v1/services/route'
import * as status from '@/app/api/v1/status/route'
import * as uptime from '@/app/api/v1/uptime/route'
import { BASE } from './api'

type RouteModule = {
  GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> | Response
  OPTIONS?: () => Response
}

const routes: [RegExp, string, RouteModule][] = [
  [/^\/status$/, '/status', status],
  [/^\/services$/, '/services', services],
  [/^\/incidents$/, '/incidents', incidents],
  [/^\/incidents\/(?<shortId>[^/]+)$/, '/incidents/{shortId}', incident],
  [/^\/maintenances$/, '/maintenances', maintenances],
  [/^\/maintenances\/(?<shortId>[^/]+)$/, '/maintenances/{shortId}', maintenance],
  [/^\/uptime$/, '/uptime', uptime],
  [/^\/metrics$/, '/metrics', metrics],
  [/^\/metrics\/(?<slug>[^/]+)$/, '/metrics/{slug}', metric],
  [/^\/openapi\.json$/, '/openapi.json', openapi],
]

export interface V1Response<T = any> {
  status: number
  headers: Headers
  text: string
  body: T
}

let validator: Promise<(template: string, status: number, response: V1Response) => void> | undefined

/** The served document, checked by a real OpenAPI 3.1 parser: any tool must be able to read it as served. */
export async function servedOpenApiDocument(): Promise<any> {
  const document = await (await openapi.GET(new Request(`${BASE}/api/v1/openapi.json`))).json()
  const result = await validateOpenApi(structuredClone(document))
  expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  return document
}

async function buildValidator() {
  const document = await servedOpenApiDocument()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  for (const [id, schema] of Object.entries(document.components.schemas))
    ajv.addSchema(schema as object, `#/components/schemas/${id}`)
  return (template: string, status: number, response: V1Response) => {
    const operation = document.paths[template]?.get
    expect(operation, `the document describes GET ${template}`).toBeDefined()
    const described = operation.responses[String(status)]
    expect(described, `the document describes status ${status} of GET ${template}`).toBeDefined()
    if (status === 304) return expect(response.text).toBe('')
    const [mediaType, { schema }] = Object.entries(described.content as Record<string, { schema: object }>)[0]
    expect(response.headers.get('content-type')).toContain(mediaType)
    const validate = ajv.compile(schema)
    const valid = validate(response.body)
    expect(valid, `GET ${template} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true)
  }
}

/** GET (or another method) of a public API path such as "/incidents?status=active". */
export async function v1<T = any>(
  path: string,
  options: { headers?: Record<string, string>; method?: 'GET' | 'HEAD' | 'OPTIONS' } = {},
): Promise<V1Response<T>> {
  const url = new URL(`/api/v1${path}`, BASE)
  const routePath = url.pathname.replace(/^\/api\/v1/, '')
  const match = routes.find(([pattern]) => pattern.test(routePath))
  if (!match) throw new Error(`no /api/v1 route for ${routePath}`)
  const [pattern, template, module] = match
  const params = Object.fromEntries(
    Object.entries(pattern.exec(routePath)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
  )
  const method = options.method ?? 'GET'
  const request = new Request(url, { method: method === 'HEAD' ? 'GET' : method, headers: options.headers })
  const response =
    method === 'OPTIONS' ? module.OPTIONS!() : await module.GET(request, { params: Promise.resolve(params) })
  const text = await response.text()
  const result: V1Response<T> = {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  }
  if (method === 'GET') {
    validator ??= buildValidator()
    ;(await validator)(template, response.status, result)
  }
  return result
}
