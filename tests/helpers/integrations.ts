/** Calls the integration webhook's route handlers (src/app/api/integrations/webhook) with real Requests. */
import * as webhookTokenRoute from '@/app/api/integrations/webhook/[token]/route'
import * as webhookRoute from '@/app/api/integrations/webhook/route'
import { api, BASE, type TestUser } from './api'

export interface WebhookAnswer {
  status: number
  body: any
  headers: Headers
}

async function read(response: Response): Promise<WebhookAnswer> {
  const text = await response.text()
  let body: any
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return { status: response.status, body, headers: response.headers }
}

/** POST /api/integrations/webhook with `Authorization: Bearer <token>` (or no header when token is null). */
export async function webhook(
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<WebhookAnswer> {
  const requestHeaders = new Headers({ 'content-type': 'application/json', ...headers })
  if (token !== null) requestHeaders.set('authorization', `Bearer ${token}`)
  const raw =
    typeof body === 'string' || body instanceof Uint8Array || body instanceof FormData ? body : JSON.stringify(body)
  if (body instanceof FormData) requestHeaders.delete('content-type')
  return read(
    await webhookRoute.POST(
      new Request(`${BASE}/api/integrations/webhook`, {
        method: 'POST',
        headers: requestHeaders,
        body: raw as BodyInit,
      }),
    ),
  )
}

/** POST /api/integrations/webhook/<token>, for tools that cannot set a header. */
export async function webhookWithTokenInPath(token: string, body: unknown): Promise<WebhookAnswer> {
  const request = new Request(`${BASE}/api/integrations/webhook/${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return read(await webhookTokenRoute.POST(request, { params: Promise.resolve({ token }) }))
}

/** An integration created through the CMS API by an admin; its token is in the create response, once. */
export async function createIntegration(
  admin: TestUser,
  data: Record<string, unknown>,
): Promise<{ id: number; token: string; doc: any }> {
  const created = await api('POST', '/integrations', { key: admin.key, body: data })
  if (created.status !== 201) throw new Error(`integration not created: ${created.status} ${created.text}`)
  return { id: created.body.doc.id, token: created.body.doc.token, doc: created.body.doc }
}
