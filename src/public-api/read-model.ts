/**
 * The public read model: what /api/v1 shows, read through Payload's Local API with only the fields it needs, and
 * shaped by the rules in src/domain. Nothing here writes: time moves maintenances through a job, not a read.
 */
import type { Payload, Where } from 'payload'

import { displayDuration } from '@/domain/duration'
import { ACTIVE_INCIDENT_STATUSES, incidentStartedAt, updatesNewestFirst } from '@/domain/incident-status'
import { ACTIVE_MAINTENANCE_STATUSES, nextTransitionAt } from '@/domain/maintenance-lifecycle'
import { overallStatus, worstStatus } from '@/domain/overall-status'
import { visibleNow } from '@/domain/page-display'
import { incidentPageUrl, maintenancePageUrl } from '@/domain/page-address'
import type { ServiceStatus } from '@/domain/statuses'
import { forbiddenControlCharacter } from '@/domain/text'
import { type Recurrence, repeatsLabel, repeatsParts, type RepeatsParts, rruleOf } from '@/domain/recurrence'
import { windowBound } from '@/domain/time-window'
import { richTextToHtml, richTextToText } from '@/format/rich-text'
import type {
  Incident as IncidentDoc,
  Maintenance as MaintenanceDoc,
  Service as ServiceDoc,
  ServiceGroup as GroupDoc,
} from '@/payload-types'
import type { Links } from '@/settings/base-url'
import { shownOnPagesWhere } from '@/settings/page-where'
import { byOrderThenName } from '@/domain/display-order'
import { type ContentLanguage, copyFallbacks, localizedField, readsOtherLanguages } from '@/domain/content-language'
import { DEFAULT_LOCALE } from '@/domain/locales'
import { type PageScope, showsOnPage } from '@/domain/pages'
import { relationIds } from '@/db/relation-id'
import { readTableAsArrays } from '@/db/sql'
import { currentServicesVersion } from '@/runtime/data-version'
import { sharedPerVersion } from '@/runtime/version-memo'

import { countOf } from './count-cache'
import type { Page } from './http'
import type {
  Incident,
  IncidentListQuery,
  Maintenance,
  MaintenanceListQuery,
  Service,
  ServiceGroup,
  StatusSummary,
} from './schemas'
import { type SetStatus, updateServiceStatuses } from './update-statuses'

/**
 * The incidents and maintenances readers see as current, as the domain's sets say (`not_equals` also keeps an
 * incident without a status). Fresh objects per query: Payload may rewrite a `where` it is given.
 */
/** A draft is never public: every read of incidents and maintenances here goes through this (src/fields/draft.ts). */
export const published = (): Where => ({ draft: { not_equals: true } })
// Listed rather than "not resolved": `status IN (…)` reads a few rows of incidents_status_idx, where `<>` scans every
// incident.
const activeIncidents = (): Where => ({ and: [published(), { status: { in: [...ACTIVE_INCIDENT_STATUSES] } }] })
const activeMaintenances = (): Where => ({ and: [published(), { status: { in: [...ACTIVE_MAINTENANCE_STATUSES] } }] })

const iso = (value: string | Date) => new Date(value).toISOString()
const isoOrNull = (value: string | Date | null | undefined) => (value ? iso(value) : null)

function serviceRefs(services: (number | ServiceDoc)[] | null | undefined) {
  return (services ?? [])
    .filter((s): s is ServiceDoc => typeof s === 'object' && s !== null)
    .map((s) => ({ slug: s.slug ?? '', name: s.name }))
}

/**
 * The `locale` of the Local API reads of a response in this language: every language when it may need another's
 * (docs/languages.md, "Content"); a page read in English reads as it always did, with no more rows.
 */
const localeOf = (language: ContentLanguage | undefined): { locale?: 'all' } =>
  readsOtherLanguages(language) ? { locale: 'all' } : {}

type Localizable = {
  title?: unknown
  postmortem?: unknown
  description?: unknown
  affectedServices?: unknown
  updates?: unknown
}
type Row = Record<string, unknown>

/** A populated service read in every language, named in this one. */
function refIn<T>(ref: T, language: ContentLanguage): T {
  if (typeof ref !== 'object' || ref === null || !('name' in ref)) return ref
  return { ...ref, name: localizedField(ref.name, language, null, '') }
}

/**
 * An incident or maintenance read in every language, its texts in this one (each marked where it fell back:
 * src/domain/content-language.ts); as read when the response reads only the default language.
 */
function contentIn<T extends Localizable>(doc: T, language: ContentLanguage | undefined): T {
  if (!readsOtherLanguages(language)) return doc
  const out: Row = { ...doc }
  for (const field of ['title', 'postmortem', 'description'] as const)
    if (field in doc)
      out[field] = localizedField(doc[field], language, { shape: out, field }, field === 'title' ? '' : null)
  if (Array.isArray(doc.affectedServices))
    out.affectedServices = doc.affectedServices.map((ref) => refIn(ref, language))
  if (Array.isArray(doc.updates))
    out.updates = (doc.updates as Row[]).map((u) => {
      const update: Row = { ...u }
      update.message = localizedField(u.message, language, { shape: update, field: 'message' }, '')
      if (Array.isArray(u.serviceStatuses))
        update.serviceStatuses = (u.serviceStatuses as Row[]).map((row) => ({
          ...row,
          service: refIn(row.service, language),
        }))
      return update
    })
  return out as T
}

function toIncident(doc: IncidentDoc, links: Links): Incident {
  const updates = updatesNewestFirst(
    (doc.updates ?? []).map((u) =>
      copyFallbacks(u, {
        status: u.status,
        message: u.message,
        createdAt: iso(u.createdAt ?? doc.createdAt),
      }),
    ),
  )
  return copyFallbacks(doc, {
    shortId: doc.shortId ?? '',
    title: doc.title,
    status: doc.status ?? updates[0]?.status ?? 'investigating',
    url: incidentPageUrl(links.base, doc.shortId),
    affectedServices: serviceRefs(doc.affectedServices),
    updates,
    createdAt: iso(
      incidentStartedAt(
        doc.createdAt,
        updates.map((u) => u.createdAt),
      ),
    ),
    updatedAt: iso(doc.updatedAt),
    resolvedAt: isoOrNull(doc.resolvedAt),
    postmortem: doc.postmortemPublishedAt
      ? {
          html: richTextToHtml(doc.postmortem),
          text: richTextToText(doc.postmortem),
          publishedAt: iso(doc.postmortemPublishedAt),
        }
      : null,
  })
}

function toMaintenance(doc: MaintenanceDoc, links: Links): Maintenance {
  const start = new Date(doc.scheduledStartAt)
  const end = doc.scheduledEndAt ? new Date(doc.scheduledEndAt) : null
  const updates = updatesNewestFirst(
    (doc.updates ?? []).map((u) =>
      copyFallbacks(u, { message: u.message, createdAt: iso(u.createdAt ?? doc.createdAt) }),
    ),
  )
  return copyFallbacks(doc, {
    shortId: doc.shortId ?? '',
    title: doc.title,
    status: doc.status,
    url: maintenancePageUrl(links.base, doc.shortId),
    descriptionHtml: richTextToHtml(doc.description),
    descriptionText: richTextToText(doc.description),
    scheduledStartAt: iso(start),
    scheduledEndAt: end ? iso(end) : null,
    duration: displayDuration(doc.duration, start, end),
    affectedServices: serviceRefs(doc.affectedServices),
    updates,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
    completedAt: isoOrNull(doc.completedAt),
    cancelledAt: isoOrNull(doc.cancelledAt),
  })
}

const refSelect = { slug: true, name: true } as const
/** The columns every public incident read fetches, /api/v1's and the pages' and /api/v2's alike. */
export const incidentSelect = {
  shortId: true,
  title: true,
  status: true,
  affectedServices: true,
  updates: true,
  createdAt: true,
  updatedAt: true,
  resolvedAt: true,
} as const
/** /api/v1's and the pages' incidents also carry the postmortem (/api/v2's Statuspage shape has none to read). */
const incidentWithPostmortemSelect = { ...incidentSelect, postmortem: true, postmortemPublishedAt: true } as const
const maintenanceSelect = {
  shortId: true,
  title: true,
  status: true,
  description: true,
  scheduledStartAt: true,
  scheduledEndAt: true,
  duration: true,
  affectedServices: true,
  updates: true,
  createdAt: true,
  updatedAt: true,
  completedAt: true,
  cancelledAt: true,
} as const

/** The ids of the services with these slugs that the page shows. */
async function serviceIdsBySlug(payload: Payload, slugs: readonly string[], scope: PageScope): Promise<number[]> {
  if (slugs.length === 0) return []
  const wanted = new Set(slugs)
  if (scope.sections) {
    const loaded = await loadServices(payload)
    const shown = pageServiceIds(loaded, scope)
    return loaded.services.filter((s) => s.slug != null && wanted.has(s.slug) && shown?.has(s.id)).map((s) => s.id)
  }
  const found = await payload.find({
    collection: 'services',
    where: { slug: { in: [...wanted] } },
    limit: wanted.size,
    depth: 0,
    pagination: false,
    select: { slug: true },
  })
  return found.docs.map((doc) => doc.id)
}

/**
 * What an incident or maintenance must affect: one service of each set of slugs asked for (`?service=`, a service's
 * or group's feeds), as `where`s; null: a set names no service the page shows, so nothing matches.
 */
async function affectingWheres(
  payload: Payload,
  scope: PageScope,
  asked: (readonly string[] | undefined)[],
): Promise<Where[] | null> {
  const wheres: Where[] = []
  for (const slugs of asked) {
    if (!slugs) continue
    const ids = await serviceIdsBySlug(payload, slugs, scope)
    if (ids.length === 0) return null
    wheres.push({ affectedServices: { in: ids } })
  }
  return wheres
}

type ServiceRow = Pick<
  ServiceDoc,
  'id' | 'slug' | 'name' | 'description' | 'status' | 'group' | 'displayOrder' | 'updatedAt' | 'createdAt'
>
type GroupRow = Pick<GroupDoc, 'id' | 'slug' | 'name' | 'description' | 'displayOrder'>
export type Loaded = { groups: GroupRow[]; services: ServiceRow[] }

/** A timestamp as either adapter returns it from a raw read: ISO from SQLite, a Date or `2026-03-01 10:00:00.123+00` from PostgreSQL. */
export function timestampOf(value: string | Date): number {
  if (value instanceof Date) return value.getTime()
  const direct = Date.parse(value)
  if (!Number.isNaN(direct)) return direct
  return Date.parse(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))
}

/** The services' and groups' rows as stored: the texts of each language beside them (docs/languages.md, "Content"). */
interface Stored {
  groups: Omit<GroupRow, 'name' | 'description'>[]
  services: Omit<ServiceRow, 'name' | 'description'>[]
  groupTexts: Texts
  serviceTexts: Texts
}
/** Per record id, per language: its name and description. */
type Texts = Map<number, Map<string, { name: string | null; description: string | null }>>

/**
 * Every service and group with the texts of every language: four raw statements of the columns the public shapes
 * need (Payload's find builds 1,000 whole documents for this, several times the time), read again only after a write
 * that may have touched services or groups (src/runtime/data-version.ts, the services version: an incident's update
 * leaves the list as it was) and shared meanwhile.
 */
const readStored: (payload: Payload) => Promise<Stored> = sharedPerVersion(currentServicesVersion, readServices)

const inDefaultLanguage: ContentLanguage = { reader: DEFAULT_LOCALE, pageDefault: DEFAULT_LOCALE }
const perLanguage = new Map<string, (payload: Payload) => Promise<Loaded>>()

/**
 * Every service with a group, in display order, and every group, in a language (the default language's when none is
 * given): derived from the stored rows once per services version and language, and shared meanwhile: `/` reads it for
 * its list and for the favicon.
 */
export function loadServices(payload: Payload, language: ContentLanguage = inDefaultLanguage): Promise<Loaded> {
  const key = `${language.reader}/${language.pageDefault}`
  let load = perLanguage.get(key)
  if (!load) {
    load = sharedPerVersion(currentServicesVersion, async (p: Payload) => inLanguage(await readStored(p), language))
    perLanguage.set(key, load)
  }
  return load(payload)
}

function textsOf(rows: unknown[][]): Texts {
  const texts: Texts = new Map()
  for (const [parent, locale, name, description] of rows) {
    const id = Number(parent)
    let perLocale = texts.get(id)
    if (!perLocale) texts.set(id, (perLocale = new Map()))
    perLocale.set(String(locale), {
      name: name === null ? null : String(name),
      description: description === null ? null : String(description),
    })
  }
  return texts
}

async function readServices(payload: Payload): Promise<Stored> {
  const localeColumns = ['_parent_id', '_locale', 'name', 'description'] as const
  const [groupRows, serviceRows, groupTexts, serviceTexts] = await Promise.all([
    readTableAsArrays(payload, 'service_groups', ['id', 'slug', 'display_order']),
    readTableAsArrays(payload, 'services', [
      'id',
      'slug',
      'status',
      'group_id',
      'display_order',
      'updated_at',
      'created_at',
    ]),
    readTableAsArrays(payload, 'service_groups_locales', localeColumns),
    readTableAsArrays(payload, 'services_locales', localeColumns),
  ])
  const order = (value: unknown) => (value === null ? null : Number(value))
  const text = (value: unknown) => (value === null ? null : String(value))
  return {
    groups: groupRows.map(([id, slug, displayOrder]) => ({
      id: Number(id),
      slug: text(slug),
      displayOrder: order(displayOrder),
    })),
    services: serviceRows.map(([id, slug, status, group, displayOrder, updatedAt, createdAt]) => ({
      id: Number(id),
      slug: text(slug),
      status: status as ServiceStatus,
      group: Number(group),
      displayOrder: order(displayOrder),
      updatedAt: new Date(timestampOf(String(updatedAt))).toISOString(),
      createdAt: new Date(timestampOf(String(createdAt))).toISOString(),
    })),
    groupTexts: textsOf(groupTexts),
    serviceTexts: textsOf(serviceTexts),
  }
}

/** A record's name and description in the language, each marked where it fell back (src/domain/content-language.ts). */
function withTexts<T extends { id: number }>(
  row: T,
  texts: Texts,
  language: ContentLanguage,
): T & { name: string; description: string | null } {
  const perLocale = texts.get(row.id)
  const field = (name: 'name' | 'description') =>
    perLocale && Object.fromEntries([...perLocale].map(([locale, values]) => [locale, values[name]]))
  const shaped = { ...row, name: '', description: null as string | null }
  shaped.name = localizedField(field('name'), language, { shape: shaped, field: 'name' }, '')
  shaped.description = localizedField<string | null>(
    field('description'),
    language,
    { shape: shaped, field: 'description' },
    null,
  )
  return shaped
}

function inLanguage(stored: Stored, language: ContentLanguage): Loaded {
  const groups: GroupRow[] = stored.groups.map((g) => withTexts(g, stored.groupTexts, language))
  const services: ServiceRow[] = stored.services.map((s) => withTexts(s, stored.serviceTexts, language))
  const groupId = (s: ServiceRow) => (typeof s.group === 'object' ? s.group.id : s.group)
  const known = new Set(groups.map((g) => g.id))
  const groupOrder = new Map([...groups].sort(byOrderThenName).map((g, index) => [g.id, index]))
  const ordered = services
    .filter((s) => s.group !== null && known.has(groupId(s)))
    .sort((a, b) => (groupOrder.get(groupId(a)) ?? 0) - (groupOrder.get(groupId(b)) ?? 0) || byOrderThenName(a, b))
  return { groups, services: ordered }
}

/** A heading of a page and the services under it, in display order (a section's in the order it lists them). */
interface Shown {
  group: GroupRow
  services: ServiceRow[]
}

const groupIdOf = (s: ServiceRow) => (typeof s.group === 'object' ? s.group.id : s.group)

/**
 * The headings a page shows: every group with its services, as the services say (the default page without
 * sections), or the page's sections, each a group with the services it lists or else the group's own.
 */
function shownOn({ groups, services }: Loaded, scope: PageScope): Shown[] {
  const groupById = new Map(groups.map((g) => [g.id, g]))
  if (!scope.sections) {
    const members = new Map<number, ServiceRow[]>()
    for (const service of services) {
      const list = members.get(groupIdOf(service))
      if (list) list.push(service)
      else members.set(groupIdOf(service), [service])
    }
    return [...groups].sort(byOrderThenName).map((group) => ({ group, services: members.get(group.id) ?? [] }))
  }
  const serviceById = new Map(services.map((s) => [s.id, s]))
  return scope.sections.flatMap(({ groupId, serviceIds }) => {
    const group = groupById.get(groupId)
    if (!group) return []
    const listed = serviceIds
      ? serviceIds.flatMap((id) => serviceById.get(id) ?? [])
      : services.filter((s) => groupIdOf(s) === groupId)
    return [{ group, services: listed }]
  })
}

/**
 * The headings a page shows as ids, in order (for /api/v2, which reads its own columns); null: every group with its
 * own services (the default page without sections).
 */
export async function pageHeadings(
  payload: Payload,
  scope: PageScope,
): Promise<{ groupId: number; serviceIds: number[] }[] | null> {
  if (!scope.sections) return null
  return shownOn(await loadServices(payload), scope).map(({ group, services }) => ({
    groupId: group.id,
    serviceIds: services.map((s) => s.id),
  }))
}

/** The ids of the services a page shows; null: every service (the default page without sections). */
function pageServiceIds(loaded: Loaded, scope: PageScope): Set<number> | null {
  return scope.sections ? new Set(shownOn(loaded, scope).flatMap((s) => s.services.map((service) => service.id))) : null
}

function toService(s: ServiceRow, group: GroupRow): Service {
  return copyFallbacks(s, {
    slug: s.slug ?? '',
    name: s.name,
    description: s.description ?? null,
    status: s.status,
    group: { slug: group.slug ?? '', name: group.name },
    // Already ISO (readServices): a Date per service again was a tenth of a first /api/v1/status at 1,000 services.
    updatedAt: s.updatedAt,
  })
}

/** Every service the page shows, in display order; on a page that lists one under two headings, the first. */
export async function listServices(payload: Payload, scope: PageScope, language?: ContentLanguage): Promise<Service[]> {
  const seen = new Set<number>()
  return shownOn(await loadServices(payload, language), scope).flatMap(({ group, services }) =>
    services.flatMap((s) => (seen.has(s.id) ? [] : (seen.add(s.id), [toService(s, group)]))),
  )
}

/**
 * What a page lists now (src/domain/page-display.ts's visibleNow): the groups and services it shows only while not
 * operational left out while they are. Its site and /api/v1/status list this; the subscribe form, badges and
 * /api/v1/services list everything the page shows.
 */
function visibleOn(shown: Shown[], scope: PageScope): Shown[] {
  if (!scope.display) return shown
  const rated = shown.map(({ group, services }) => ({
    id: group.id,
    status: worstStatus(services.map((s) => s.status)),
    group,
    services,
  }))
  return visibleNow(rated, scope.display).map(({ group, services }) => ({ group, services }))
}

/** Whether a list is for the page's visitors now (its site, /api/v1/status): quiet groups and services left out. */
export interface Listing {
  visibleNow?: boolean
}

function serviceGroups(shown: Shown[]): ServiceGroup[] {
  return shown.map(({ group, services }) => {
    const members = services.map((s) => {
      const { group: _group, ...service } = toService(s, group)
      return copyFallbacks(s, service)
    })
    return copyFallbacks(group, {
      slug: group.slug ?? '',
      name: group.name,
      description: group.description ?? null,
      status: worstStatus(members.map((s) => s.status)),
      services: members,
    })
  })
}

/** Every service group the page shows with its services, in display order (the groups of /api/v1/status). */
export async function listServiceGroups(
  payload: Payload,
  scope: PageScope,
  language?: ContentLanguage,
  listing: Listing = {},
): Promise<ServiceGroup[]> {
  const shown = shownOn(await loadServices(payload, language), scope)
  return serviceGroups(listing.visibleNow ? visibleOn(shown, scope) : shown)
}

/** When the clock next moves some maintenance: public responses that show maintenances go stale then. */
export async function nextMaintenanceTransition(payload: Payload, now = new Date()): Promise<Date | null> {
  const [starting, ending] = await Promise.all([
    payload.find({
      collection: 'maintenances',
      where: {
        and: [
          published(),
          { status: { equals: 'upcoming' } },
          { scheduledStartAt: { greater_than: now.toISOString() } },
        ],
      },
      sort: 'scheduledStartAt',
      limit: 1,
      depth: 0,
      pagination: false,
      select: { scheduledStartAt: true, scheduledEndAt: true, status: true },
    }),
    payload.find({
      collection: 'maintenances',
      where: {
        and: [
          published(),
          { status: { equals: 'in_progress' } },
          { scheduledEndAt: { greater_than: now.toISOString() } },
        ],
      },
      sort: 'scheduledEndAt',
      limit: 1,
      depth: 0,
      pagination: false,
      select: { scheduledStartAt: true, scheduledEndAt: true, status: true },
    }),
  ])
  const windows = [...starting.docs, ...ending.docs].map((m) => ({
    status: m.status,
    scheduledStartAt: new Date(m.scheduledStartAt),
    scheduledEndAt: m.scheduledEndAt ? new Date(m.scheduledEndAt) : null,
  }))
  return nextTransitionAt(windows, now)
}

/** When the next maintenance starts, whatever its status: lists of what has started (the history) change then. */
export async function nextMaintenanceStart(payload: Payload, now = new Date()): Promise<Date | null> {
  const found = await payload.find({
    collection: 'maintenances',
    where: { and: [published(), { scheduledStartAt: { greater_than: now.toISOString() } }] },
    sort: 'scheduledStartAt',
    limit: 1,
    depth: 0,
    pagination: false,
    select: { scheduledStartAt: true },
  })
  return found.docs[0] ? new Date(found.docs[0].scheduledStartAt) : null
}

/** What the default page's settings say in the summary; another page says its own (src/settings/pages.ts). */
export interface PageWords {
  name: string
  statusMessage: string | null
}

export async function statusSummary(
  payload: Payload,
  links: Links,
  page: PageWords | null,
  listing: Listing = {},
): Promise<StatusSummary> {
  // Active incidents and maintenances are read at depth 0 and their services looked up in the service list this
  // summary loads anyway: a busy day touches hundreds of services, and depth 1 would populate them with one more
  // query whose `id in (…)` grows with them (and which the `where` guard refuses beyond 500 ids).
  // Only a page with sections needs its services before the incidents: the default page reads them side by side.
  const onPage = await pageFilter(payload, links.scope)
  const [settings, loaded, incidents, maintenances] = await Promise.all([
    payload.findGlobal({ slug: 'settings', depth: 0 }),
    loadServices(payload, links.content),
    payload.find({
      collection: 'incidents',
      where: withPage(activeIncidents(), onPage),
      sort: ['-createdAt', '-id'],
      pagination: false,
      depth: 0,
      select: incidentWithPostmortemSelect,
      ...localeOf(links.content),
    }),
    payload.find({
      collection: 'maintenances',
      where: withPage(activeMaintenances(), onPage),
      sort: ['scheduledStartAt', 'id'],
      pagination: false,
      depth: 0,
      select: maintenanceSelect,
      ...localeOf(links.content),
    }),
  ])
  const serviceById = new Map(loaded.services.map((s) => [s.id, s]))
  const withServices = <T extends { affectedServices?: (number | ServiceDoc)[] | null }>(doc: T): T =>
    copyFallbacks(doc, {
      ...doc,
      affectedServices: (doc.affectedServices ?? []).flatMap((ref) => {
        const found = serviceById.get(typeof ref === 'object' ? ref.id : ref)
        return found ? [found as ServiceDoc] : []
      }),
    })
  const shown = shownOn(loaded, links.scope)
  const groups = serviceGroups(listing.visibleNow ? visibleOn(shown, links.scope) : shown)
  return {
    status: overallStatus(
      groups.flatMap((g) => g.services.map((s) => s.status)),
      Boolean(settings.maintenanceMode),
    ),
    message: (page ? page.statusMessage : settings.statusMessage?.trim()) || null,
    siteName: page ? page.name : settings.siteName,
    serviceGroups: groups,
    activeIncidents: incidents.docs.map((doc) => toIncident(withServices(contentIn(doc, links.content)), links)),
    activeMaintenances: maintenances.docs.map((doc) =>
      toMaintenance(withServices(contentIn(doc, links.content)), links),
    ),
  }
}

/** The overall status alone, by the summary's rule: every public page's default favicon is drawn in its colour. */
export async function currentOverallStatus(payload: Payload, scope: PageScope): Promise<ServiceStatus> {
  const [settings, loaded] = await Promise.all([
    payload.findGlobal({ slug: 'settings', depth: 0, select: { maintenanceMode: true } }),
    loadServices(payload),
  ])
  return overallStatus(
    shownOn(loaded, scope).flatMap((shown) => shown.services.map((s) => s.status)),
    Boolean(settings.maintenanceMode),
  )
}

/**
 * How many unresolved incidents the page shows (`/api/v1/incidents?status=active`'s total); with `slugs`, only those
 * affecting one of these services (`?service=`'s, for a group's or a service's badge), which every page showing the
 * services shows.
 */
export async function countActiveIncidents(
  payload: Payload,
  scope: PageScope,
  slugs?: readonly string[],
): Promise<number> {
  if (!slugs) return countOf(payload, 'incidents', withPage(activeIncidents(), await pageFilter(payload, scope)))
  const named = new Set(slugs)
  const ids = (await loadServices(payload)).services.flatMap((s) => (s.slug && named.has(s.slug) ? [s.id] : []))
  if (ids.length === 0) return 0
  return countOf(payload, 'incidents', { and: [activeIncidents(), { affectedServices: { in: ids } }] })
}

/**
 * The incidents or maintenances a page shows, as a `where` (src/settings/pages.ts); null: all of them (the default
 * page without sections).
 */
function pageWhere(scope: PageScope, pageServices: Set<number> | null): Where | null {
  return pageServices === null ? null : shownOnPagesWhere([scope.id], pageServices)
}

export const withPage = (where: Where, onPage: Where | null): Where => (onPage ? { and: [where, onPage] } : where)

/** The page's `where` for a list or a single record: loads the service list only for a page that needs it. */
export async function pageFilter(payload: Payload, scope: PageScope): Promise<Where | null> {
  return scope.sections ? pageWhere(scope, pageServiceIds(await loadServices(payload), scope)) : null
}

export interface Listed<T> {
  items: T[]
  page: Page
}

const dayBound = (value: string, edge: 'start' | 'end'): string => windowBound(value, edge).toISOString()

/**
 * One page of a list in two steps: the page's ids (and the total, src/public-api/count-cache.ts), then those
 * documents with their updates and services. Asked in one step, PostgreSQL builds the updates and services of every row that OFFSET skips (page 2000
 * of 100,000 incidents: about a second); this way only the ids are skipped.
 */
async function findPage<T extends { id: number } & Localizable>(
  payload: Payload,
  collection: 'incidents' | 'maintenances',
  args: {
    where: Where
    sort: string[]
    page: number
    limit: number
    select: typeof incidentWithPostmortemSelect | typeof maintenanceSelect
    language?: ContentLanguage
  },
): Promise<{ docs: T[]; totalDocs: number }> {
  const [ids, totalDocs] = await Promise.all([
    payload.find({
      collection,
      where: args.where,
      sort: args.sort,
      page: args.page,
      limit: args.limit,
      pagination: false,
      depth: 0,
      select: {},
    }),
    countOf(payload, collection, args.where),
  ])
  const pageIds = (ids.docs as { id: number }[]).map((doc) => doc.id)
  if (pageIds.length === 0) return { docs: [], totalDocs }
  const found = await payload.find({
    collection,
    where: { id: { in: pageIds } },
    pagination: false,
    limit: pageIds.length,
    depth: 1,
    select: args.select as never,
    populate: { services: refSelect },
    ...localeOf(args.language),
  })
  const byId = new Map((found.docs as unknown as T[]).map((doc) => [doc.id, contentIn(doc, args.language)]))
  // A document deleted between the two queries is left out.
  return { docs: pageIds.flatMap((id) => byId.get(id) ?? []), totalDocs }
}

/** `services`: only the incidents that affect one of these (a service's or group's feeds). */
export async function listIncidents(
  payload: Payload,
  query: IncidentListQuery,
  links: Links,
  services?: readonly string[],
): Promise<Listed<Incident>> {
  const and: Where[] = [published()]
  if (query.status === 'active') and.push(activeIncidents())
  else if (query.status) and.push({ status: { equals: query.status } })
  if (query.from) and.push({ createdAt: { greater_than_equal: dayBound(query.from, 'start') } })
  if (query.to) and.push({ createdAt: { less_than_equal: dayBound(query.to, 'end') } })
  const affecting = await affectingWheres(payload, links.scope, [query.service ? [query.service] : undefined, services])
  if (!affecting) return { items: [], page: { page: query.page, limit: query.limit, totalDocs: 0 } }
  and.push(...affecting)
  const onPage = await pageFilter(payload, links.scope)
  if (onPage) and.push(onPage)
  const result = await findPage<IncidentDoc>(payload, 'incidents', {
    where: and.length ? { and } : {},
    sort: ['-createdAt', '-id'],
    page: query.page,
    limit: query.limit,
    select: incidentWithPostmortemSelect,
    language: links.content,
  })
  return {
    items: result.docs.map((doc) => toIncident(doc, links)),
    page: { page: query.page, limit: query.limit, totalDocs: result.totalDocs },
  }
}

/** `services`: only the maintenances that affect one of these (a service's or group's feeds and calendar). */
export async function listMaintenances(
  payload: Payload,
  query: MaintenanceListQuery,
  links: Links,
  services?: readonly string[],
): Promise<Listed<Maintenance>> {
  const and: Where[] = [published()]
  if (query.status === 'active') and.push(activeMaintenances())
  else if (query.status) and.push({ status: { equals: query.status } })
  if (query.from) {
    const from = dayBound(query.from, 'start')
    and.push({
      or: [
        { scheduledEndAt: { greater_than_equal: from } },
        {
          and: [
            { scheduledEndAt: { exists: false } },
            { or: [{ scheduledStartAt: { greater_than_equal: from } }, activeMaintenances()] },
          ],
        },
      ],
    })
  }
  if (query.to) and.push({ scheduledStartAt: { less_than_equal: dayBound(query.to, 'end') } })
  const affecting = await affectingWheres(payload, links.scope, [query.service ? [query.service] : undefined, services])
  if (!affecting) return { items: [], page: { page: query.page, limit: query.limit, totalDocs: 0 } }
  and.push(...affecting)
  const onPage = await pageFilter(payload, links.scope)
  if (onPage) and.push(onPage)
  const soonestFirst = query.status === 'active' || query.status === 'upcoming'
  const result = await findPage<MaintenanceDoc>(payload, 'maintenances', {
    where: and.length ? { and } : {},
    sort: soonestFirst ? ['scheduledStartAt', 'id'] : ['-scheduledStartAt', '-id'],
    page: query.page,
    limit: query.limit,
    select: maintenanceSelect,
    language: links.content,
  })
  return {
    items: result.docs.map((doc) => toMaintenance(doc, links)),
    page: { page: query.page, limit: query.limit, totalDocs: result.totalDocs },
  }
}

/** No record's short id holds a control character, and PostgreSQL cannot compare with a NUL (it answered 500). */
const cannotExist = (shortId: string) => forbiddenControlCharacter(shortId) !== null

/** Whether the page shows this incident or maintenance, as read with its services and pages. */
async function shownOnPage(
  payload: Payload,
  scope: PageScope,
  doc: { affectedServices?: (number | ServiceDoc)[] | null; pages?: (number | { id: number })[] | null },
): Promise<boolean> {
  if (!scope.sections) return true
  return showsOnPage(scope, pageServiceIds(await loadServices(payload), scope), {
    serviceIds: relationIds(doc.affectedServices),
    pageIds: relationIds(doc.pages),
  })
}

async function findIncidentDoc(
  payload: Payload,
  shortId: string,
  { scope, content }: Links,
): Promise<IncidentDoc | null> {
  if (cannotExist(shortId)) return null
  const found = await payload.find({
    collection: 'incidents',
    where: { and: [published(), { shortId: { equals: shortId } }] },
    limit: 1,
    pagination: false,
    depth: 1,
    select: { ...incidentWithPostmortemSelect, pages: true },
    populate: { services: refSelect, pages: { slug: true } },
    ...localeOf(content),
  })
  const doc = found.docs[0]
  return doc && (await shownOnPage(payload, scope, doc)) ? contentIn(doc, content) : null
}

export async function findIncident(payload: Payload, shortId: string, links: Links): Promise<Incident | null> {
  const doc = await findIncidentDoc(payload, shortId, links)
  return doc ? toIncident(doc, links) : null
}

/** The incident page's one read: the public incident and, per update newest first, the statuses it set. */
export async function findIncidentPage(
  payload: Payload,
  shortId: string,
  links: Links,
): Promise<{ incident: Incident; setStatuses: SetStatus[][] } | null> {
  const doc = await findIncidentDoc(payload, shortId, links)
  return doc ? { incident: toIncident(doc, links), setStatuses: updateServiceStatuses(doc) } : null
}

export async function findMaintenance(payload: Payload, shortId: string, links: Links): Promise<Maintenance | null> {
  if (cannotExist(shortId)) return null
  const found = await payload.find({
    collection: 'maintenances',
    where: { and: [published(), { shortId: { equals: shortId } }] },
    limit: 1,
    pagination: false,
    depth: 1,
    select: { ...maintenanceSelect, pages: true },
    populate: { services: refSelect, pages: { slug: true } },
    ...localeOf(links.content),
  })
  const doc = found.docs[0]
  return doc && (await shownOnPage(payload, links.scope, doc))
    ? toMaintenance(contentIn(doc, links.content), links)
    : null
}

export interface SeriesPlace {
  /** The short id of the series' first maintenance. */
  origin: string
  /** iCalendar RRULE in the site's zone, on the first maintenance of a series that still repeats. */
  rrule: string | null
  /** The slot an occurrence fills (its first start); null on the first maintenance. */
  slot: string | null
  /** How the series repeats in words ("repeats weekly on Tuesday"), while it still repeats; else null. */
  repeats: string | null
  /** The same, as its parts, for a page that says it in its own language. */
  repeatsParts: RepeatsParts | null
}

/**
 * Where each of these maintenances stands in a recurring series, if it does: the calendar's RRULE and RECURRENCE-ID,
 * and the line the page shows a series with.
 */
export async function maintenanceSeries(
  payload: Payload,
  shortIds: string[],
  timeZone: string,
): Promise<Map<string, SeriesPlace>> {
  const places = new Map<string, SeriesPlace>()
  if (shortIds.length === 0) return places
  const { docs } = await payload.find({
    collection: 'maintenances',
    where: {
      and: [
        published(),
        { shortId: { in: shortIds } },
        { or: [{ series: { exists: true } }, { 'recurrence.frequency': { in: ['daily', 'weekly', 'monthly'] } }] },
      ],
    },
    select: { shortId: true, scheduledStartAt: true, recurrence: true, series: true, seriesSlot: true },
    populate: { maintenances: { shortId: true, scheduledStartAt: true, recurrence: true } },
    pagination: false,
    depth: 1,
  })
  const repeats = (m: { recurrence?: unknown; scheduledStartAt: string }) =>
    m.recurrence ? repeatsLabel(m.recurrence as Recurrence, new Date(m.scheduledStartAt), timeZone) : null
  const parts = (m: { recurrence?: unknown; scheduledStartAt: string }) =>
    m.recurrence ? repeatsParts(m.recurrence as Recurrence, new Date(m.scheduledStartAt), timeZone) : null
  for (const doc of docs) {
    const origin = doc.series && typeof doc.series === 'object' ? doc.series : null
    if (origin)
      places.set(doc.shortId ?? '', {
        origin: origin.shortId ?? '',
        rrule: null,
        slot: iso(doc.seriesSlot ?? doc.scheduledStartAt),
        repeats: repeats(origin),
        repeatsParts: parts(origin),
      })
    else if (!doc.series)
      places.set(doc.shortId ?? '', {
        origin: doc.shortId ?? '',
        rrule: rruleOf(doc.recurrence as Recurrence, new Date(doc.scheduledStartAt), timeZone),
        slot: null,
        repeats: repeats(doc),
        repeatsParts: parts(doc),
      })
  }
  return places
}
