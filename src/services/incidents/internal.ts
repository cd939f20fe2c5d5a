/** What the incident verbs share: the incident as a holder of statuses, and a monitoring event's services and words. */
import type { PayloadRequest } from 'payload'

import { incidentClaims } from '@/domain/service-status-change'
import type { NamedImpact } from '@/domain/alert-incident'
import {
  listNames,
  type MessageTemplateKind,
  renderTemplate,
  renderTitle,
  templateOrDefault,
  type TemplateValues,
} from '@/domain/message-template'
import type { MonitoringEvent } from '@/domain/monitoring-event'
import type { UpdateLike } from '@/domain/notifications'
import { SERVICE_STATUS_LABELS } from '@/domain/statuses'
import type { Integration } from '@/payload-types'

import { type Holder, incidentUpdatesWithClaims } from '../service-status/internal'

export type UpdateRow = UpdateLike & { serviceStatuses?: unknown }

export const rowsOf = (value: unknown): UpdateRow[] => (Array.isArray(value) ? (value as UpdateRow[]) : [])

/** The incident as a holder of its services' statuses: what its updates said about each. */
export function incidentHolder(doc: { id: number; shortId?: string | null; updates?: unknown }): Holder {
  const claims = new Map(
    [...incidentClaims(incidentUpdatesWithClaims(doc.updates))].map(([id, claim]) => [id, claim.claimedAt]),
  )
  return { source: 'incident', ref: String(doc.shortId), id: doc.id, claims }
}

/** The services the event names (and the defaults), by slug, with their ids and names. */
export async function servicesOf(req: PayloadRequest, event: MonitoringEvent, defaults: number[]) {
  const slugs = [...new Set(event.alerts.flatMap((alert) => alert.services))]
  const { docs } = await req.payload.find({
    collection: 'services',
    where: { or: [{ slug: { in: slugs.length ? slugs : ['-'] } }, { id: { in: defaults.length ? defaults : [0] } }] },
    select: { slug: true, name: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const bySlug = new Map(docs.map((doc) => [doc.slug as string, doc.id as number]))
  const names = new Map(docs.map((doc) => [doc.id as number, doc.name as string]))
  const unknown = slugs.filter((slug) => !bySlug.has(slug))
  return { bySlug, names, unknown }
}

export const describeImpact = (impact: readonly NamedImpact[]) =>
  impact.map(({ name, status }) => `${name}: ${SERVICE_STATUS_LABELS[status]}`).join(', ')

/** The values of the integration's placeholders for this event (src/domain/message-template.ts). */
function templateValues(
  event: MonitoringEvent,
  named: readonly NamedImpact[],
  recovered: readonly string[],
): TemplateValues {
  return {
    services: named.length > 0 ? listNames(named.map((impact) => impact.name)) : 'the affected services',
    statuses: listNames(named.map(({ name, status }) => `${name} (${SERVICE_STATUS_LABELS[status]})`)),
    recovered: listNames(recovered),
    title: event.title,
    alerts: event.alerts
      .filter((alert) => alert.firing)
      .slice(0, 20)
      .map((alert) => `- ${alert.summary}`)
      .join('\n'),
    description: event.message,
  }
}

/**
 * An update's words, from the integration's template for `kind` (src/domain/message-template.ts): the alert's own
 * texts reach customers only through the placeholders that ask for them.
 */
export function customerMessage(
  integration: Integration,
  kind: MessageTemplateKind,
  event: MonitoringEvent,
  named: readonly NamedImpact[],
  recovered: readonly string[] = [],
): string {
  const stored = {
    opening: integration.openingMessage,
    update: integration.updateMessage,
    resolved: integration.resolvedMessage,
  }[kind]
  return renderTemplate(templateOrDefault(kind, stored), templateValues(event, named, recovered))
}

/** The title of the incident the event opens, from the integration's title template, as the messages are. */
export function customerTitle(integration: Integration, event: MonitoringEvent, named: readonly NamedImpact[]): string {
  const values = templateValues(event, named, [])
  // One line: the firing alerts' summaries side by side rather than as a list.
  const alerts = event.alerts.filter((alert) => alert.firing).map((alert) => alert.summary)
  return renderTitle(integration.incidentTitle, { ...values, alerts: alerts.slice(0, 20).join('; ') })
}
