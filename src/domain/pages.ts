/**
 * Several status pages on one instance (docs/pages.md): which page a public request is for, and what a page shows.
 * The default page is the site's settings and shows every service unless its sections say otherwise; every other
 * page is a row of the `pages` collection, answering on its host names and at `/p/<slug>/…` on any host.
 */
import type { PageAccessRule } from './page-access'

/** One heading of a page: a service group, with the services listed (none listed: the group's own services). */
export interface PageSection {
  groupId: number
  serviceIds: number[] | null
}

/** Which page a response is for, and what of the data it shows. */
import type { PageDisplay } from './page-display'

export interface PageScope {
  /** null: the default page. */
  id: number | null
  /** The `/p/<slug>` form of its addresses, when the request came that way; else '' (the page's own host). */
  pathPrefix: string
  /** null: every service, grouped as the services say (the default page without sections: the site as it was). */
  sections: PageSection[] | null
  /** How it shows uptime and quiet services (src/domain/page-display.ts); absent: the defaults, the site as it was. */
  display?: PageDisplay
}

/** The default page showing everything: every read is as it was before there were pages. */
export const WHOLE_SITE: PageScope = { id: null, pathPrefix: '', sections: null }

export interface PageAddressing {
  id: number
  slug: string
  hosts: string[]
}

/** The prefix of a page's path form: `/p/<slug>`, and what follows it. */
const PATH_FORM = /^\/p\/([a-z0-9]+(?:-[a-z0-9]+)*)(\/.*)?$/

/** `/p/<slug>/rest` → the slug and `/rest` (`/` for the page itself); null for any other path. */
export function splitPagePath(pathname: string): { slug: string; rest: string } | null {
  const match = PATH_FORM.exec(pathname)
  return match ? { slug: match[1], rest: match[2] || '/' } : null
}

export function pagePathPrefix(slug: string): string {
  return `/p/${slug}`
}

/** Where a page is seen as visitors see it: its public URL, else `/p/<slug>/` on this host. */
export function pageViewUrl(page: { slug: string; publicUrl?: string | null }): string {
  return page.publicUrl?.trim() || `${pagePathPrefix(page.slug)}/`
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?$`)

/** A host name as pages store and match it: lower case, no trailing dot, the port kept when one is given. */
export function normalHost(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\.(?=:\d+$|$)/, '')
}

/** Why a typed host name cannot be a page's, or null when it can. */
export function hostProblem(value: string): string | null {
  const host = normalHost(value)
  if (host === '') return 'a host name is required'
  if (/^[a-z]+:\/\//.test(host) || host.includes('/'))
    return `"${value}" is an address; give the host name alone, such as status.example.com`
  if (!HOST_NAME.test(host) || host.length > 253) return `"${value}" is not a host name such as status.example.com`
  return null
}

/** The host of an origin (`https://status.example.com:8443` → `status.example.com:8443`), as pages match it. */
export function hostOfOrigin(origin: string): string {
  return normalHost(origin.replace(/^[a-z]+:\/\//, ''))
}

/**
 * The page a request is for: the one whose slug its `/p/<slug>` path named (undefined when none has it: a 404), else
 * the one claiming its host, else the default page (null). A host with a port matches a page listing it with that
 * port, or without one.
 */
export function pageFor<P extends PageAddressing>(
  pages: readonly P[],
  request: { slug: string | null; host: string | null },
): P | null | undefined {
  if (request.slug !== null) return pages.find((page) => page.slug === request.slug)
  if (request.host === null) return null
  const host = normalHost(request.host)
  const bare = host.replace(/:\d+$/, '')
  return pages.find((page) => page.hosts.includes(host)) ?? pages.find((page) => page.hosts.includes(bare)) ?? null
}

/** What of an incident or maintenance decides the pages it shows on. */
export interface PageMembership {
  serviceIds: readonly number[]
  pageIds: readonly number[]
}

/**
 * Whether an incident or maintenance shows on a page: one of its services is on the page, or it names the page. The
 * default page without sections shows everything; with sections, it shows what touches its services and what names
 * neither services nor pages.
 */
export function showsOnPage(
  scope: PageScope,
  pageServices: ReadonlySet<number> | null,
  record: PageMembership,
): boolean {
  if (pageServices === null) return true
  if (record.serviceIds.some((id) => pageServices.has(id))) return true
  return scope.id === null
    ? record.serviceIds.length === 0 && record.pageIds.length === 0
    : record.pageIds.includes(scope.id)
}

/** The page a subscription is for: its id (null: the default page) and the services one may choose (null: all). */
export interface PageAudience {
  id: number | null
  serviceIds: ReadonlySet<number> | null
  /** A private page (src/domain/page-access.ts): its news goes by e-mail only, never to an endpoint a reader typed. */
  private?: boolean
  /** A private page's ways in, which say to which addresses its news may go (subscriberAddressRefusal). */
  access?: PageAccessRule
}

export const DEFAULT_AUDIENCE: PageAudience = { id: null, serviceIds: null }

/** The number a subscriber's page is stored as beside its address (src/collections/Subscribers): 0 is the default page. */
export const pageKeyOf = (pageId: number | null): number => pageId ?? 0

/** Whether a page's sections list a service of group `groupId`: by name, or as one of a whole group's (null: all). */
export function listsService(sections: readonly PageSection[] | null, service: { id: number; groupId: number | null }) {
  if (!sections) return true
  return sections.some((section) =>
    section.serviceIds ? section.serviceIds.includes(service.id) : section.groupId === service.groupId,
  )
}

/** An incident or maintenance as a change to it sees it: its services with their groups, and the pages it names. */
export interface PlacedRecord {
  services: readonly { id: number; groupId: number | null }[]
  pageIds: readonly number[]
}

/**
 * The keys (pageKeyOf) of the pages whose public data a change may have touched: those listing a changed service, and
 * those showing a changed record (showsOnPage, with the page's services among the record's as its services).
 */
export function pagesTouched(
  pages: readonly { id: number | null; sections: readonly PageSection[] | null }[],
  change: { services: readonly { id: number; groupId: number | null }[]; records: readonly PlacedRecord[] },
): number[] {
  return pages
    .filter(({ id, sections }) => {
      if (change.services.some((service) => listsService(sections, service))) return true
      const scope: PageScope = { id, pathPrefix: '', sections: sections ? [...sections] : null }
      return change.records.some((record) => {
        const listed = record.services.filter((service) => listsService(sections, service)).map(({ id }) => id)
        const membership = { serviceIds: record.services.map((service) => service.id), pageIds: record.pageIds }
        return showsOnPage(scope, sections ? new Set(listed) : null, membership)
      })
    })
    .map(({ id }) => pageKeyOf(id))
}

/** A group's services in display order, as the default page without sections would show them. */
export interface Heading {
  groupId: number
  serviceIds: number[]
}

/**
 * The services only private pages list (docs/private-pages.md): listed by a private page's sections and by no public
 * page's. They are private: no public page shows them, nor what touches only them.
 */
export function privateOnlyServices(
  pages: readonly { private: boolean; sections: readonly PageSection[] }[],
  headings: readonly Heading[],
): Set<number> {
  const services = headings.flatMap(({ groupId, serviceIds }) => serviceIds.map((id) => ({ id, groupId })))
  const listedBy = (privately: boolean) =>
    services.filter((service) =>
      pages.some((page) => page.private === privately && listsService(page.sections, service)),
    )
  const publicly = new Set(listedBy(false).map(({ id }) => id))
  return new Set(listedBy(true).flatMap(({ id }) => (publicly.has(id) ? [] : [id])))
}

/** Sections showing each heading's group whole (every service in it). */
export const wholeGroups = (headings: readonly Heading[]): PageSection[] =>
  headings.map(({ groupId }) => ({ groupId, serviceIds: null }))

/**
 * The default page without sections, while private pages exist: every group with its services but the private-only
 * ones, as sections (a group whose services are all private-only is left out, so its name is not shown either).
 */
export function publicDefaultSections(headings: readonly Heading[], hidden: ReadonlySet<number>): PageSection[] {
  return headings.flatMap(({ groupId, serviceIds }) => {
    const kept = serviceIds.filter((id) => !hidden.has(id))
    return kept.length || !serviceIds.length ? [{ groupId, serviceIds: kept }] : []
  })
}
