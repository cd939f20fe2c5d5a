/**
 * The transport of POST /api/integrations/webhook (token in `Authorization: Bearer`) and
 * /api/integrations/webhook/<token> (for tools that cannot set a header): authenticate the integration by its
 * token, read at most 1 MB, parse the payload of the integration's kind, apply it, and log what happened in the
 * integration's events. Answers: 401 without a valid token, 413 over 1 MB, 400 naming what is wrong with the
 * payload, 200 otherwise (a test payload or a duplicate included), 503 when the database fails (monitoring tools
 * retry 5xx), 500 for a defect. Never the token or an error's own message in an answer, never the token in a log
 * line.
 */
import config from '@payload-config'
import { and, eq, lt } from '@payloadcms/db-sqlite/drizzle'
import { APIError, getPayload, type Payload, ValidationError } from 'payload'

import type { IntegrationEventOutcome } from '@/domain/integration-outcomes'
import type { IntegrationKind, MonitoringEvent } from '@/domain/monitoring-event'
import { connectionFor, tableOf } from '@/db/sql'
import { cmsErrorResponse, ServiceError } from '@/errors'
import { readBodyBytes } from '@/net/request-body'
import type { Integration } from '@/payload-types'
import { applyMonitoringEvent } from '@/services/incidents/apply-monitoring-event'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { parsePayload } from './parse'
import { parseOptions } from './parse-options'
import {
  hashIntegrationToken,
  looksLikeToken,
  tokenFromHeader,
  WEBHOOK_UNAUTHORIZED_MESSAGE,
} from '@/domain/integration-token'

export const MAX_WEBHOOK_BYTES = 1024 * 1024

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } })
const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  cmsErrorResponse(new ServiceError(status, message, headers))

async function integrationFor(payload: Payload, token: string | null): Promise<Integration | null> {
  if (!token || !looksLikeToken(token)) return null
  const { docs } = await payload.find({
    collection: 'integrations',
    where: { tokenHash: { equals: hashIntegrationToken(token) } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return (docs[0] as Integration | undefined) ?? null
}

type Body = { ok: true; bytes: Buffer } | { ok: false; tooLarge: true }

async function readBody(request: Request): Promise<Body> {
  const bytes = await readBodyBytes(request, MAX_WEBHOOK_BYTES)
  return bytes ? { ok: true, bytes } : { ok: false, tooLarge: true }
}

/** JSON, or Uptime Kuma's form-data / urlencoded body with the JSON in its `data` field. */
async function parseJson(
  request: Request,
  bytes: Buffer,
): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase()
  let text = bytes.toString('utf8')
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    let data: FormDataEntryValue | null
    try {
      data = await new Response(new Uint8Array(bytes), {
        headers: { 'content-type': request.headers.get('content-type') ?? type },
      })
        .formData()
        .then((form) => form.get('data'))
    } catch {
      return { ok: false, message: 'The form body is malformed.' }
    }
    if (typeof data !== 'string')
      return { ok: false, message: 'The form body has no "data" field holding the JSON payload.' }
    text = data
  }
  if (text.trim() === '') return { ok: false, message: 'The request body is empty: send the tool’s JSON payload.' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' }
  }
}

function summarise(event: MonitoringEvent): string {
  const firing = event.alerts.filter((alert) => alert.firing).length
  const counts = event.alerts.length > 1 ? ` (${firing} of ${event.alerts.length} alerts firing)` : ''
  return `${event.state === 'firing' ? 'Firing' : 'Resolved'}: ${event.title}${counts}`.slice(0, 500)
}

/** The events log keeps EVENT_RETENTION_DAYS of each integration (one indexed DELETE, usually of nothing). */
export const EVENT_RETENTION_DAYS = 30

async function pruneEvents(payload: Payload, integration: number): Promise<void> {
  const t = tableOf(payload, 'integration_events')
  const cutoff = new Date(Date.now() - EVENT_RETENTION_DAYS * 86_400_000).toISOString()
  await (await connectionFor(payload)).delete(t).where(and(eq(t.integration, integration), lt(t.createdAt, cutoff)))
}

async function record(
  payload: Payload,
  integration: Integration,
  entry: {
    outcome: IntegrationEventOutcome
    summary: string
    detail?: string
    key?: string
    incident?: number | null
    statuses?: string
  },
): Promise<void> {
  try {
    await payload.create({
      collection: 'integration-events',
      data: { integration: integration.id, ...entry, summary: entry.summary.slice(0, 500) },
      depth: 0,
      overrideAccess: true,
    })
    await pruneEvents(payload, integration.id)
  } catch (error) {
    // The log is for people; losing one line must not turn a handled notification into a retry.
    payload.logger.warn(`Integration ${integration.id}: the event could not be logged: ${(error as Error).message}`)
  }
}

export async function handleWebhook(request: Request, pathToken: string | null): Promise<Response> {
  let payload: Payload
  try {
    payload = await getPayload({ config })
    const integration = await integrationFor(
      payload,
      pathToken ?? tokenFromHeader(request.headers.get('authorization')),
    )
    if (!integration) return refuse(401, WEBHOOK_UNAUTHORIZED_MESSAGE, { 'www-authenticate': 'Bearer' })

    const body = await readBody(request)
    if (!body.ok) {
      await record(payload, integration, {
        outcome: 'bad-payload',
        summary: 'A body over 1 MB',
        detail: 'Refused with 413.',
      })
      return refuse(413, `The request body is too large (at most ${MAX_WEBHOOK_BYTES / 1024 / 1024} MB).`)
    }
    const json = await parseJson(request, body.bytes)
    const parsed = json.ok
      ? parsePayload(integration.kind as IntegrationKind, json.value, parseOptions(integration))
      : json
    if (!parsed.ok) {
      await record(payload, integration, {
        outcome: 'bad-payload',
        summary: `A payload this ${integration.kind} integration cannot read (${body.bytes.length} bytes)`,
        detail: parsed.message,
      })
      return refuse(400, parsed.message)
    }
    if ('ignored' in parsed) {
      const test = parsed.ignored.startsWith('Test')
      await record(payload, integration, {
        outcome: test ? 'test' : 'ignored',
        summary: test ? 'A test notification' : 'A notification without an alert state',
        detail: parsed.ignored,
      })
      return answer(200, { outcome: test ? 'test' : 'ignored', detail: parsed.ignored, incident: null })
    }
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined
    const applied = await applyMonitoringEvent(payload, integration, parsed.event, new Date(), address)
    await record(payload, integration, {
      outcome: applied.outcome,
      summary: summarise(parsed.event),
      detail: applied.detail,
      key: parsed.event.key.slice(0, 2000),
      incident: applied.incident?.id ?? null,
      statuses: applied.statuses,
    })
    return answer(200, { outcome: applied.outcome, detail: applied.detail, incident: applied.incident })
  } catch (error) {
    // A write the incidents' rules refuse (an incident with 500 updates, say) will not succeed on a retry: a 400,
    // which monitoring tools do not retry.
    if (error instanceof ValidationError || (error instanceof APIError && error.status >= 400 && error.status < 500)) {
      return refuse(400, `The notification could not be applied: ${error.message}`)
    }
    // Through the one translator: 503 with Retry-After only when the database failed, which a retry can outlive;
    // anything else is a defect, a 500, which monitoring tools do not retry for ever.
    const response = cmsErrorResponse(error, {
      fallback: 'The notification could not be processed because of an error on the server; it is logged.',
    })
    // Logged without the request: its path or headers carry the token.
    // One line, however long the failure's message (a failed query carries its SQL and every parameter).
    const message = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0].slice(0, 300)
    console.error(`Integration webhook failed (answered ${response.status}):`, message)
    return response
  }
}
