/**
 * `POST /api/integrations/<id>/test-event` (admins, like the integration itself): a dry run of a sample notification
 * of the integration's tool (src/services/incidents/preview-monitoring-event.ts). Optional body `{service: "<slug>"}` names the
 * service the sample alerts on; without it, the page's first service. Answers what would be opened and what the
 * resolve would say; creates nothing and notifies nobody.
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { noStoreJson, recordEndpoint } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { toSlug } from '@/domain/slug'
import { BadRequest } from '@/errors'
import { previewMonitoringEvent } from '@/services/incidents/preview-monitoring-event'

async function askedService(req: PayloadRequest): Promise<string | null | { problem: string }> {
  let body: unknown
  try {
    body = await req.json?.()
  } catch {
    return null
  }
  const service = body && typeof body === 'object' ? (body as Record<string, unknown>).service : undefined
  if (service === undefined || service === null || service === '') return null
  if (typeof service !== 'string' || toSlug(service) === '') return { problem: 'service must be a service’s slug.' }
  return toSlug(service)
}

export const testEventEndpoint: Endpoint = recordEndpoint(
  { path: '/:id/test-event', method: 'post', allowed: isAdmin, collection: 'integrations' },
  async (req, integration) => {
    const asked = await askedService(req)
    if (asked && typeof asked === 'object') throw new BadRequest(asked.problem, 'service')
    const preview = await previewMonitoringEvent(req, integration, asked)
    if ('error' in preview) throw new BadRequest(preview.error)
    return noStoreJson(200, preview as unknown as Record<string, unknown>)
  },
)
