/**
 * The dry run behind an integration's "Send a test event": a sample notification of the integration's
 * tool goes through the same parser, service lookup and message templates as a real one
 * (apply-monitoring-event.ts), and what it would open and what its resolve would say come back. Nothing is written:
 * no incident, no event log line, no notification.
 */
import type { PayloadRequest } from 'payload'

import { relationIds } from '@/db/relation-id'
import { eventImpact, type IntegrationKind } from '@/domain/monitoring-event'
import type { NamedImpact } from '@/domain/alert-incident'
import { samplePayloads } from '@/domain/sample-event'
import type { ServiceStatus } from '@/domain/statuses'
import { parsePayload } from '@/integrations/parse'
import { parseOptions } from '@/integrations/parse-options'
import type { Integration } from '@/payload-types'
import { customerMessage, customerTitle, servicesOf } from './internal'

export interface EventPreview {
  /** The notifications that were read, in the tool's own shape. */
  sample: { firing: unknown; resolved: unknown }
  /** null when the sample names no known service and the integration has no default services: nothing would open. */
  incident: {
    title: string
    status: 'investigating'
    services: { id: number; name: string; status: ServiceStatus }[]
    message: string
    notifySubscribers: boolean
  } | null
  resolve: { status: 'resolved'; message: string; services: string }
  /** Service slugs the sample named that no service has. */
  unknownServices: string[]
  note: string
}

/** The slug the sample names: the one asked for, else the page's first service (none: the defaults apply). */
async function sampleSlugs(req: PayloadRequest, asked: string | null): Promise<string[]> {
  if (asked) return [asked]
  const { docs } = await req.payload.find({
    collection: 'services',
    sort: 'id',
    limit: 1,
    select: { slug: true },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs.length > 0 ? [docs[0].slug as string] : []
}

export async function previewMonitoringEvent(
  req: PayloadRequest,
  integration: Integration,
  askedSlug: string | null,
): Promise<EventPreview | { error: string }> {
  const options = parseOptions(integration)
  const kind = integration.kind as IntegrationKind
  const sample = samplePayloads(kind, options.serviceLabel, await sampleSlugs(req, askedSlug))
  const firing = parsePayload(kind, sample.firing, options)
  const resolved = parsePayload(kind, sample.resolved, options)
  // The samples are ours; a parser refusing one is a defect, said plainly rather than as a 500.
  if (!firing.ok || !('event' in firing) || !resolved.ok || !('event' in resolved))
    return { error: `The sample ${kind} notification could not be read.` }

  const defaults = relationIds(integration.defaultServices)
  const { bySlug, names, unknown } = await servicesOf(req, firing.event, defaults)
  const impact = eventImpact(
    firing.event,
    (slug) => bySlug.get(slug),
    defaults.filter((id) => names.has(id)),
  )
  const named: NamedImpact[] = [...impact].map(([id, status]) => ({ name: names.get(id) ?? String(id), status }))
  const resolveMessage = customerMessage(integration, 'resolved', resolved.event, [])
  const resolve = {
    status: 'resolved' as const,
    message: resolveMessage,
    services: 'Restored to their status before the incident',
  }
  if (impact.size === 0) {
    return {
      sample,
      incident: null,
      resolve,
      unknownServices: unknown,
      note: 'No service matched, and the integration has no default services: a real notification like this opens nothing.',
    }
  }
  return {
    sample,
    incident: {
      title: customerTitle(integration, firing.event, named),
      status: 'investigating',
      services: [...impact].map(([id, status]) => ({ id, name: names.get(id) ?? String(id), status })),
      message: customerMessage(integration, 'opening', firing.event, named),
      notifySubscribers: integration.notifySubscribers !== false,
    },
    resolve,
    unknownServices: unknown,
    note: 'A dry run: nothing was created and nobody was notified.',
  }
}
