/**
 * Calls the service's own route handlers (the files under src/app) with real Requests: the HTTP contract as a
 * client sees it, in process, without a server.
 */
import { randomUUID } from 'node:crypto'

import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import * as graphqlRoute from '@/app/(payload)/api/graphql/route'
import * as restRoute from '@/app/(payload)/api/[...slug]/route'
import * as subscribeRoute from '@/app/api/subscribe/route'

export const BASE = 'http://localhost:3000'

export interface CallOptions {
  body?: unknown
  rawBody?: string
  headers?: Record<string, string>
  key?: string
  token?: string
}

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

async function read<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text()
  let body: any = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, body, text }
}

function buildHeaders(options: CallOptions): Headers {
  const headers = new Headers(options.headers)
  if (options.body !== undefined || options.rawBody !== undefined) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  if (options.key) headers.set('authorization', `users API-Key ${options.key}`)
  if (options.token) headers.set('authorization', `JWT ${options.token}`)
  return headers
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'

/** `path` is what follows /api, e.g. "/incidents?limit=5". */
export async function api<T = any>(method: Method, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(`/api${path}`, BASE)
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const request = new Request(url, { method, headers: buildHeaders(options), body })
  const slug = url.pathname
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent)
  const handler = restRoute[method] as (
    req: Request,
    args: { params: Promise<{ slug: string[] }> },
  ) => Promise<Response>
  return read<T>(await handler(request, { params: Promise.resolve({ slug }) }))
}

export async function graphql<T = any>(query: string, variables?: Record<string, unknown>, options: CallOptions = {}) {
  const request = new Request(new URL('/api/graphql', BASE), {
    method: 'POST',
    headers: buildHeaders({ ...options, body: true }),
    body: JSON.stringify({ query, variables }),
  })
  return read<T>(await graphqlRoute.POST(request))
}

let payloadPromise: Promise<Payload> | undefined
export function payload(): Promise<Payload> {
  payloadPromise ??= getPayload({ config })
  return payloadPromise
}

export interface TestUser {
  id: number
  email: string
  password: string
  key: string
  role: 'admin' | 'editor'
}

/** A user with an API key, made through the Local API (the thing under test is what the key can then do). */
export async function createUser(role: 'admin' | 'editor', name: string = role): Promise<TestUser> {
  const p = await payload()
  const email = `${name}-${randomUUID().slice(0, 8)}@example.test`
  const password = `pw-${randomUUID()}`
  const key = randomUUID()
  const user = await p.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password, role, enableAPIKey: true, apiKey: key },
  })
  return { id: user.id as number, email, password, key, role }
}

/** POST /api/subscribe with a JSON body, as a visitor's script sends it: the status and the JSON answer. */
export async function subscribeJson(body: unknown): Promise<{ status: number; body: any }> {
  const response = await subscribeRoute.POST(
    new Request(`${BASE}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, body: await response.json() }
}
