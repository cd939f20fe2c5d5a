/**
 * The Statuspage v2 read model (/api/v2, docs/api.md): our services, groups, incidents and maintenances in the
 * shapes Statuspage's clients parse, mapped by the rules of src/domain/statuspage.ts. Nothing here writes.
 */
import type { Payload, Where } from 'payload'

import { incidentStartedAt, RESOLVED_INCIDENT_STATUS } from '@/domain/incident-status'
import { worstStatus } from '@/domain/overall-status'
import { incidentPageUrl, maintenancePageUrl } from '@/domain/page-address'
import type { ServiceStatus } from '@/domain/statuses'
import { type ContentLanguage, fallbackChain, readsOtherLanguages } from '@/domain/content-language'
import type { Locale } from '@/domain/locales'
import {
  componentStatus,
  derivedId,
  incidentImpact,
  maintenanceStatus,
  maintenanceStatusAt,
  maintenanceTimeline,
  pageStatus,
  statuspageTimeline,
  statuspagePageId,
  statuspageTimeZone,
  type TimelineUpdate,
} from '@/domain/statuspage'
import type { Translate } from '@/i18n/translate'
import type { Incident as IncidentDoc, Maintenance as MaintenanceDoc } from '@/payload-types'
import type { Links } from '@/settings/base-url'
import { DEFAULT_DISPLAY, type PageDisplay } from '@/domain/page-display'
import type { PageScope } from '@/domain/pages'
import type { PageRecord } from '@/settings/pages'
import { statuspageDescription } from '../localized'
import { incidentSelect, pageFilter, pageHeadings, published, withPage } from '../read-model'

import type { Component, Incident, IncidentUpdate, Page, ScheduledMaintenance } from './schemas'

/** Statuspage's lists hold the 50 most recent. */
export const LIST_LIMIT = 50

const iso = (value: string | Date) => new Date(value).toISOString()
const isoOrNull = (value: string | Date | null | undefined) => (value ? iso(value) : null)
const newest = (values: string[]) => values.reduce((a, b) => (a > b ? a : b))

const byOrderThenName = (
  a: { displayOrder?: number | null; name: string },
  b: { displayOrder?: number | null; name: string },
) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || a.name.localeCompare(b.name)

/** What every response is built from: the page, its components, and a service's component by database id. */
export interface Site {
  page: Page
  components: Component[]
  serviceStatuses: ServiceStatus[]
  maintenanceMode: boolean
  byServiceId: Map<number, Component>
  /** Which incidents and maintenances the page shows (null: all). */
  onPage: Where | null
  /** The translator of the texts the service writes (the status description, a cancelled maintenance's note). */
  t: Translate
  /** How the texts people wrote are read: in the response's language, falling back as the pages do. */
  read: ContentRead
}

type ContentRead = { locale?: Locale; fallbackLocale?: Locale[] }

/**
 * The Local API's `locale` and `fallbackLocale` of a response in this content language (docs/languages.md, "Content"):
 * none for a site read in English, so that its reads stay what they were.
 */
function contentRead(language: ContentLanguage | undefined): ContentRead {
  if (!readsOtherLanguages(language)) return {}
  const [locale, ...fallbackLocale] = fallbackChain(language)
  return { locale, fallbackLocale }
}

const readSiteDocs = (payload: Payload, read: ContentRead) =>
  Promise.all([
    payload.findGlobal({ slug: 'settings', depth: 0 }),
    payload.find({
      collection: 'service-groups',
      ...read,
      depth: 0,
      pagination: false,
      select: { name: true, description: true, displayOrder: true, createdAt: true, updatedAt: true },
    }),
    payload.find({
      collection: 'services',
      ...read,
      depth: 0,
      pagination: false,
      select: {
        name: true,
        description: true,
        status: true,
        group: true,
        displayOrder: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
  ])

type SiteDocs = Awaited<ReturnType<typeof readSiteDocs>>
type GroupDoc = SiteDocs[1]['docs'][number]
type ServiceDoc = SiteDocs[2]['docs'][number]

/**
 * A service's component. `showcase` and `only_show_if_degraded` are the page's choices (src/domain/page-display.ts):
 * a component shown only while degraded stays listed, with the flag, as Statuspage lists it, and its clients decide.
 */
function serviceComponent(
  service: ServiceDoc,
  position: number,
  groupId: string,
  pageId: string,
  display: PageDisplay,
): Component {
  return {
    id: derivedId('service', service.id),
    name: service.name,
    status: componentStatus(service.status),
    created_at: iso(service.createdAt),
    updated_at: iso(service.updatedAt),
    position,
    description: service.description ?? null,
    showcase: !display.withoutUptime.has(service.id),
    start_date: iso(service.createdAt).slice(0, 10),
    group_id: groupId,
    page_id: pageId,
    group: false,
    only_show_if_degraded: display.onlyWhenNotOperational.services.has(service.id),
  }
}

/** A group's component: the worst status of its services, updated when the group or any of them last was. */
function groupComponent(
  group: GroupDoc,
  id: string,
  members: ServiceDoc[],
  children: Component[],
  position: number,
  pageId: string,
  display: PageDisplay,
): Component {
  const updates = [group.updatedAt, ...members.map((s) => s.updatedAt)].map(iso)
  return {
    id,
    name: group.name,
    status: componentStatus(worstStatus(members.map((s) => s.status))),
    created_at: iso(group.createdAt),
    updated_at: newest(updates),
    position,
    description: group.description ?? null,
    showcase: false,
    start_date: null,
    group_id: null,
    page_id: pageId,
    group: true,
    only_show_if_degraded: display.onlyWhenNotOperational.groups.has(group.id),
    components: children.map((c) => c.id),
  }
}

/** The groups the page shows, each with its services in display order (src/public-api/read-model.ts's headings). */
async function headingsOf(
  payload: Payload,
  scope: PageScope,
  groups: GroupDoc[],
  services: ServiceDoc[],
): Promise<{ group: GroupDoc; members: ServiceDoc[] }[]> {
  const headings = await pageHeadings(payload, scope)
  if (headings) {
    const groupById = new Map(groups.map((g) => [g.id, g]))
    const serviceById = new Map(services.map((s) => [s.id, s]))
    return headings.flatMap(({ groupId, serviceIds }) => {
      const group = groupById.get(groupId)
      return group ? [{ group, members: serviceIds.flatMap((id) => serviceById.get(id) ?? []) }] : []
    })
  }
  return [...groups].sort(byOrderThenName).map((group) => ({
    group,
    members: services
      .filter((s) => (typeof s.group === 'object' ? s.group.id : s.group) === group.id)
      .sort(byOrderThenName),
  }))
}

/** `page`: the page the request is for (null: the default page, the site's settings); `t`: the response's language. */
export async function loadSite(payload: Payload, links: Links, page: PageRecord | null, t: Translate): Promise<Site> {
  const read = contentRead(links.content)
  const [settings, groups, services] = await readSiteDocs(payload, read)
  const [headings, onPage] = await Promise.all([
    headingsOf(payload, links.scope, groups.docs, services.docs),
    pageFilter(payload, links.scope),
  ])
  // The default page's id is what it always was; another page's is made from its own row.
  const pageId = statuspagePageId(page?.id ?? null, settings.createdAt)
  const components: Component[] = []
  const byServiceId = new Map<number, Component>()
  const statuses: ServiceStatus[] = []
  const display = links.scope.display ?? DEFAULT_DISPLAY
  headings.forEach(({ group, members }, groupIndex) => {
    const groupId = derivedId('group', group.id)
    const children = members.map((service, index) => {
      statuses.push(service.status)
      const component = serviceComponent(service, index + 1, groupId, pageId, display)
      byServiceId.set(service.id, component)
      return component
    })
    components.push(groupComponent(group, groupId, members, children, groupIndex + 1, pageId, display), ...children)
  })
  const updatedAt = newest([iso(settings.updatedAt ?? new Date(0)), ...components.map((c) => c.updated_at)])
  return {
    page: {
      id: pageId,
      name: page ? page.name : settings.siteName,
      url: links.base,
      time_zone: statuspageTimeZone(page?.timeZone ?? settings.timeZone),
      updated_at: updatedAt,
    },
    components,
    serviceStatuses: statuses,
    maintenanceMode: Boolean(settings.maintenanceMode),
    byServiceId,
    onPage,
    t,
    read,
  }
}

/** The page's rollup, its description in the response's language (Statuspage's English words without `?locale`). */
export function statusOf(site: Site) {
  const { indicator, description } = pageStatus(site.serviceStatuses, site.maintenanceMode)
  return { indicator, description: statuspageDescription(description, site.t) }
}

const serviceIdOf = (ref: number | { id: number } | null | undefined) =>
  ref === null || ref === undefined ? null : typeof ref === 'object' ? ref.id : ref

function toIncident(doc: IncidentDoc, site: Site): Incident {
  const id = doc.shortId ?? derivedId('incident', doc.id)
  const { updates, set, newestStatus } = statuspageTimeline(
    { id: doc.id, shortId: id, createdAt: iso(doc.createdAt), updates: (doc.updates ?? []) as TimelineUpdate[] },
    (serviceId) => {
      const component = site.byServiceId.get(serviceId)
      return component ? { code: component.id, name: component.name } : undefined
    },
  ) as { updates: IncidentUpdate[]; set: ServiceStatus[]; newestStatus: Incident['status'] | undefined }
  const createdAt = iso(doc.createdAt)
  return {
    id,
    name: doc.title,
    status: doc.status ?? newestStatus ?? 'investigating',
    created_at: createdAt,
    updated_at: iso(doc.updatedAt),
    monitoring_at: updates.find((u) => u.status === 'monitoring')?.created_at ?? null,
    resolved_at: isoOrNull(doc.resolvedAt),
    impact: incidentImpact(set) as Incident['impact'],
    shortlink: incidentPageUrl(site.page.url, doc.shortId),
    started_at: iso(
      incidentStartedAt(
        createdAt,
        updates.map((u) => u.created_at),
      ),
    ),
    page_id: site.page.id,
    incident_updates: updates.reverse(),
    components: (doc.affectedServices ?? []).flatMap((ref) => site.byServiceId.get(serviceIdOf(ref) ?? -1) ?? []),
  }
}

function toMaintenance(doc: MaintenanceDoc, site: Site): ScheduledMaintenance {
  const id = doc.shortId ?? derivedId('maintenance', doc.id)
  const updates: IncidentUpdate[] = maintenanceTimeline(
    { id: doc.id, shortId: id, createdAt: iso(doc.createdAt), updates: doc.updates ?? [] },
    (at) => maintenanceStatusAt(doc, at),
  )
  // Statuspage has no cancelled maintenances: ours reads as completed, and a last update says why.
  if (doc.status === 'cancelled' && doc.cancelledAt) {
    const at = iso(doc.cancelledAt)
    updates.push({
      id: derivedId('maintenance-cancelled', doc.id),
      status: 'completed',
      body: site.t('api.v2.maintenance.cancelled'),
      incident_id: id,
      created_at: at,
      updated_at: at,
      display_at: at,
      affected_components: null,
      deliver_notifications: false,
      custom_tweet: null,
      tweet_id: null,
    })
  }
  updates.sort((a, b) => b.created_at.localeCompare(a.created_at))
  const start = iso(doc.scheduledStartAt)
  return {
    id,
    name: doc.title,
    status: maintenanceStatus(doc.status),
    created_at: iso(doc.createdAt),
    updated_at: iso(doc.updatedAt),
    monitoring_at: null,
    resolved_at: isoOrNull(doc.completedAt ?? doc.cancelledAt),
    impact: 'maintenance',
    shortlink: maintenancePageUrl(site.page.url, doc.shortId),
    started_at: start,
    page_id: site.page.id,
    incident_updates: updates,
    components: (doc.affectedServices ?? []).flatMap((ref) => site.byServiceId.get(serviceIdOf(ref) ?? -1) ?? []),
    scheduled_for: start,
    scheduled_until: isoOrNull(doc.scheduledEndAt),
  }
}

const maintenanceSelect = {
  shortId: true,
  title: true,
  status: true,
  scheduledStartAt: true,
  scheduledEndAt: true,
  affectedServices: true,
  updates: true,
  createdAt: true,
  updatedAt: true,
  completedAt: true,
  cancelledAt: true,
} as const

/** `unresolved`: every incident not resolved; else the 50 most recent. */
export async function incidents(payload: Payload, site: Site, which: 'recent' | 'unresolved'): Promise<Incident[]> {
  const where: Where = withPage(
    which === 'unresolved' ? { and: [published(), { status: { not_equals: RESOLVED_INCIDENT_STATUS } }] } : published(),
    site.onPage,
  )
  const found = await payload.find({
    collection: 'incidents',
    ...site.read,
    where,
    sort: ['-createdAt', '-id'],
    depth: 0,
    select: incidentSelect,
    ...(which === 'recent' ? { limit: LIST_LIMIT } : { pagination: false }),
  })
  return found.docs.map((doc) => toIncident(doc as IncidentDoc, site))
}

/**
 * `recent`: the 50 most recent by start; `upcoming`: every one still scheduled, soonest first; `active`: every one in
 * progress; `current`: both (the summary's).
 */
export async function maintenances(
  payload: Payload,
  site: Site,
  which: 'recent' | 'upcoming' | 'active' | 'current',
): Promise<ScheduledMaintenance[]> {
  const statuses = {
    upcoming: ['upcoming'],
    active: ['in_progress'],
    current: ['in_progress', 'upcoming'],
    recent: null,
  }[which]
  const found = await payload.find({
    collection: 'maintenances',
    ...site.read,
    where: withPage(statuses ? { and: [published(), { status: { in: statuses } }] } : published(), site.onPage),
    sort: which === 'recent' ? ['-scheduledStartAt', '-id'] : ['scheduledStartAt', 'id'],
    depth: 0,
    select: maintenanceSelect,
    ...(which === 'recent' ? { limit: LIST_LIMIT } : { pagination: false }),
  })
  return found.docs.map((doc) => toMaintenance(doc as MaintenanceDoc, site))
}
