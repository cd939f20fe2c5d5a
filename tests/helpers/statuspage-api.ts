/**
 * Calls the /api/v2 (Statuspage-compatible) route handlers in process with real Requests, and checks every
 * response against the OpenAPI document /api/v2/openapi.json serves.
 */
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'

import * as components from '@/app/api/v2/components.json/route'
import * as unresolved from '@/app/api/v2/incidents/unresolved.json/route'
import * as incidents from '@/app/api/v2/incidents.json/route'
import * as openapi from '@/app/api/v2/openapi.json/route'
import * as active from '@/app/api/v2/scheduled-maintenances/active.json/route'
import * as upcoming from '@/app/api/v2/scheduled-maintenances/upcoming.json/route'
import * as maintenances from '@/app/api/v2/scheduled-maintenances.json/route'
import * as status from '@/app/api/v2/status.json/route'
import * as summary from '@/app/api/v2/summary.json/route'
import { BASE } from './api'

type RouteModule = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> | Response }

export const V2_ROUTES: Record<string, RouteModule> = {
  '/summary.json': summary,
  '/status.json': status,
  '/components.json': components,
  '/incidents.json': incidents,
  '/incidents/unresolved.json': unresolved,
  '/scheduled-maintenances.json': maintenances,
  '/scheduled-maintenances/upcoming.json': upcoming,
  '/scheduled-maintenances/active.json': active,
  '/openapi.json': openapi,
}

export interface V2Response<T = any> {
  status: number
  headers: Headers
  text: string
  body: T
}

let validator: Promise<(path: string, response: V2Response) => void> | undefined

async function buildValidator() {
  const document = await (await openapi.GET(new Request(`${BASE}/api/v2/openapi.json`))).json()
  const result = await validateOpenApi(structuredClone(document))
  expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  for (const [id, schema] of Object.entries(document.components.schemas))
    ajv.addSchema(schema as object, `#/components/schemas/${id}`)
  return (path: string, response: V2Response) => {
    const described = document.paths[path]?.get?.responses?.[String(response.status)]
    expect(described, `the document describes ${response.status} of GET ${path}`).toBeDefined()
    if (response.status === 304) return expect(response.text).toBe('')
    // A 200 is JSON, a problem (400, 404) problem+json: the one content type the document gives it.
    const [{ schema }] = Object.values(described.content as Record<string, { schema: object }>)
    const validate = ajv.compile(schema)
    expect(validate(response.body), `GET ${path}: ${ajv.errorsText(validate.errors)}`).toBe(true)
  }
}

/** GET of an /api/v2 path such as "/summary.json", validated against the served document. */
export async function v2<T = any>(path: string, headers: Record<string, string> = {}): Promise<V2Response<T>> {
  const url = new URL(`/api/v2${path}`, BASE)
  const module = V2_ROUTES[url.pathname.replace(/^\/api\/v2/, '')]
  if (!module) throw new Error(`no /api/v2 route for ${path}`)
  const response = await module.GET(new Request(url, { headers }), { params: Promise.resolve({}) })
  const text = await response.text()
  const result: V2Response<T> = {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  }
  validator ??= buildValidator()
  ;(await validator)(url.pathname.replace(/^\/api\/v2/, ''), result)
  return result
}
