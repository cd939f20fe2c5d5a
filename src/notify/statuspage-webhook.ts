/**
 * The body of a webhook delivery, in the shapes Statuspage's outgoing webhooks have (docs: "Enable webhook
 * notifications"; receivers such as Zulip's Statuspage integration parse them), so existing receivers work:
 *
 * - `{meta, page, incident}` for an incident's events, and for a maintenance's (Statuspage sends a maintenance as an
 *   incident with `impact: "maintenance"` and `scheduled_for`/`scheduled_until`);
 * - `{meta, page, component, component_update}` for a service's status change.
 *
 * Ids are the ones /api/v2 shows (src/domain/statuspage.ts's derivedId; incidents and maintenances by short id).
 * The incident is read when the delivery is sent, so it shows its updates as they are then.
 */
import type { Payload } from 'payload'

import { relationId } from '@/db/relation-id'
import { reminderLeadMs, type MaintenanceReminderChoice, type ReminderLead } from '@/domain/reminders'
import type { MaintenanceStatus, ServiceStatus } from '@/domain/statuses'
import {
  componentStatus,
  derivedId,
  incidentImpact,
  maintenanceStatus,
  maintenanceStatusAt,
  maintenanceTimeline,
  pageStatus,
  statuspagePageId,
  statuspageTimeline,
  type TimelineUpdate,
} from '@/domain/statuspage'
import { richTextToText } from '@/format/rich-text'
import type { Incident, Maintenance, Notification, Service } from '@/payload-types'
import { pageServiceIds, scopeOfPage } from '@/settings/pages'

import type { NotificationContent } from './content'

const iso = (value: string | Date) => new Date(value).toISOString()
const isoOrNull = (value: string | Date | null | undefined) => (value ? iso(value) : null)

interface SiteFacts {
  pageId: string
  indicator: string
  description: string
  services: Map<number, Service>
  /** The site's maintenance reminder, which a maintenance's "default" takes. */
  reminderLead: ReminderLead
}

/** The site as the page `pageId` shows it (null: the default page): its id, and the status of its services. */
async function siteFacts(payload: Payload, pageId: number | null): Promise<SiteFacts> {
  const [settings, services, shown] = await Promise.all([
    payload.findGlobal({ slug: 'settings', depth: 0, overrideAccess: true }),
    payload.find({ collection: 'services', depth: 0, pagination: false, overrideAccess: true }),
    scopeOfPage(payload, pageId).then((scope) => pageServiceIds(payload, scope)),
  ])
  const status = pageStatus(
    services.docs.filter((s) => !shown || shown.has(s.id)).map((s) => s.status as ServiceStatus),
    Boolean(settings.maintenanceMode),
  )
  return {
    pageId: statuspagePageId(pageId, settings.createdAt),
    indicator: status.indicator,
    description: status.description,
    services: new Map(services.docs.map((s) => [s.id, s])),
    reminderLead: (settings.maintenanceReminder ?? '1h') as ReminderLead,
  }
}

function component(service: Service, site: SiteFacts) {
  const groupId = relationId(service.group)
  const siblings = [...site.services.values()]
    .filter((s) => relationId(s.group) === groupId)
    .sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || a.name.localeCompare(b.name))
  return {
    status: componentStatus(service.status as ServiceStatus),
    name: service.name,
    created_at: iso(service.createdAt),
    updated_at: iso(service.updatedAt),
    position: siblings.findIndex((s) => s.id === service.id) + 1,
    description: service.description ?? null,
    showcase: true,
    id: derivedId('service', service.id),
    page_id: site.pageId,
    group_id: groupId === null ? null : derivedId('group', groupId),
  }
}

const components = (refs: unknown[] | null | undefined, site: SiteFacts) =>
  (refs ?? []).flatMap((ref) => {
    const service = site.services.get(relationId(ref) ?? -1)
    return service ? [component(service, site)] : []
  })

function incidentObject(doc: Incident, site: SiteFacts) {
  const id = doc.shortId ?? derivedId('incident', doc.id)
  const { updates, set, newestStatus } = statuspageTimeline(
    { id: doc.id, shortId: id, createdAt: iso(doc.createdAt), updates: (doc.updates ?? []) as TimelineUpdate[] },
    (serviceId) => {
      const service = site.services.get(serviceId)
      return service ? { code: derivedId('service', serviceId), name: service.name } : undefined
    },
  )
  return {
    id,
    name: doc.title,
    status: doc.status ?? newestStatus ?? 'investigating',
    impact: incidentImpact(set),
    impact_override: null,
    created_at: iso(doc.createdAt),
    updated_at: iso(doc.updatedAt),
    monitoring_at: updates.find((u) => u.status === 'monitoring')?.created_at ?? null,
    resolved_at: isoOrNull(doc.resolvedAt),
    started_at: updates[0]?.created_at ?? iso(doc.createdAt),
    shortlink: '',
    page_id: site.pageId,
    backfilled: Boolean(doc.backfilled),
    postmortem_body: doc.postmortemPublishedAt ? richTextToText(doc.postmortem) || null : null,
    postmortem_published_at: isoOrNull(doc.postmortemPublishedAt),
    scheduled_for: null,
    scheduled_until: null,
    scheduled_remind_prior: false,
    scheduled_auto_in_progress: false,
    scheduled_auto_completed: false,
    incident_updates: updates.reverse(),
    components: components(doc.affectedServices as unknown[], site),
  }
}

function maintenanceObject(doc: Maintenance, site: SiteFacts) {
  const id = doc.shortId ?? derivedId('maintenance', doc.id)
  const status = maintenanceStatus(doc.status as MaintenanceStatus)
  // Each update with the status the maintenance had when it was written, as /api/v2 shows it.
  const updates = maintenanceTimeline(
    { id: doc.id, shortId: id, createdAt: iso(doc.createdAt), updates: doc.updates ?? [] },
    (at) => maintenanceStatusAt(doc, at),
  )
  updates.sort((a, b) => b.created_at.localeCompare(a.created_at))
  return {
    id,
    name: doc.title,
    status,
    impact: 'maintenance',
    impact_override: null,
    created_at: iso(doc.createdAt),
    updated_at: iso(doc.updatedAt),
    monitoring_at: null,
    resolved_at: isoOrNull(doc.completedAt ?? doc.cancelledAt),
    started_at: iso(doc.scheduledStartAt),
    shortlink: '',
    page_id: site.pageId,
    backfilled: false,
    postmortem_body: null,
    postmortem_published_at: null,
    scheduled_for: iso(doc.scheduledStartAt),
    scheduled_until: isoOrNull(doc.scheduledEndAt),
    scheduled_remind_prior:
      reminderLeadMs(doc.remindBefore as MaintenanceReminderChoice | null | undefined, site.reminderLead) !== null,
    scheduled_auto_in_progress: true,
    scheduled_auto_completed: true,
    incident_updates: updates,
    components: components(doc.affectedServices as unknown[], site),
  }
}

type Subject = { page: Record<string, unknown> } & Record<string, unknown>

/**
 * What every subscriber of one run gets alike (page, incident or component), built once per run: the run's content
 * object is the key, so a fan-out to many webhooks reads the site and the incident once.
 */
const subjects = new WeakMap<NotificationContent, Promise<Subject | null>>()

async function subjectOf(
  payload: Payload,
  notification: Notification,
  content: NotificationContent,
): Promise<Subject | null> {
  const site = await siteFacts(payload, content.pageId ?? null)
  const page = { id: site.pageId, status_indicator: site.indicator, status_description: site.description }
  const incidentId = relationId(notification.incident)
  const maintenanceId = relationId(notification.maintenance)
  if (content.change) {
    const { change } = content
    const service = site.services.get(change.serviceId)
    if (!service) return null
    const componentUpdate = {
      old_status: componentStatus(change.from),
      new_status: componentStatus(change.to),
      created_at: change.at,
      component_type: 'Component',
      id: derivedId('service-status-change', change.changeId),
      component_id: derivedId('service', change.serviceId),
    }
    return { page, component: component(service, site), component_update: componentUpdate }
  }
  if (incidentId !== null) {
    const doc = await payload.findByID({
      collection: 'incidents',
      id: incidentId,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    return doc ? { page, incident: { ...incidentObject(doc, site), shortlink: content.url } } : null
  }
  if (maintenanceId !== null) {
    const doc = await payload.findByID({
      collection: 'maintenances',
      id: maintenanceId,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    return doc ? { page, incident: { ...maintenanceObject(doc, site), shortlink: content.url } } : null
  }
  return null
}

/** The Statuspage-shaped body of one notification, or null when its incident, maintenance or service is gone. */
export async function statuspageWebhookBody(
  payload: Payload,
  notification: Notification,
  content: NotificationContent,
  unsubscribeUrl: string,
  now: Date,
): Promise<Record<string, unknown> | null> {
  let subject = subjects.get(content)
  if (!subject) {
    subject = subjectOf(payload, notification, content)
    subjects.set(content, subject)
  }
  const shared = await subject
  if (!shared) return null
  return {
    meta: { unsubscribe: unsubscribeUrl, documentation: content.url, generated_at: now.toISOString() },
    ...shared,
  }
}
