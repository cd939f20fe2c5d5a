/**
 * The pages as the public surface reads them (docs/pages.md; the rules in src/domain/pages.ts): every page and the
 * default page's sections, read once per data version (a page is a handful of rows, and every public miss needs to
 * know which page it is for), and the page a request is for.
 */
import type { Payload, Where } from 'payload'

import {
  hostOfOrigin,
  type PageAudience,
  type PageMembership,
  showsOnPage,
  type PageAddressing,
  type PageScope,
  type PageSection,
  pageFor,
  pagePathPrefix,
  type Heading,
  privateOnlyServices,
  publicDefaultSections,
  wholeGroups,
} from '@/domain/pages'
import { relationId, relationIds } from '@/db/relation-id'
import { byOrderThenName } from '@/domain/display-order'
import { shownOnPagesWhere } from './page-where'
import { env } from '@/config/env'
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/domain/locales'
import { DEFAULT_DISPLAY, minIncidentMsOf, type PageDisplay, uptimeDaysOf } from '@/domain/page-display'
import { NotFound } from '@/errors'
import type { Page as PageDoc } from '@/payload-types'
import { currentDataVersion } from '@/runtime/data-version'
import { publishPageDirectory } from '@/runtime/page-directory'
import { PAGE_SLUG_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { sharedPerVersion } from '@/runtime/version-memo'

import { REVEAL_SECRETS } from '@/fields/secret'
import type { PageAccessRule } from '@/domain/page-access'
import type { AccessLinkRule } from '@/domain/access-link'
import { DEFAULT_OIDC_SCOPES, type PageOidcRule } from '@/domain/page-oidc'

import { type Branding, brandingOf } from './branding'
import { mediaRef, type MediaRef } from './media'

/** A page beside the default one, with what it shows in place of the site's settings. */
export interface PageRecord extends PageAddressing {
  name: string
  publicUrl: string | null
  description: string | null
  statusMessage: string | null
  timeZone: string | null
  logo: MediaRef | null
  favicon: MediaRef | null
  /** Its own branding; what it leaves empty, the default page's fills (src/site/page-shell.ts). */
  branding: Branding
  sections: PageSection[]
  /** Who may read it (src/domain/page-access.ts); its password hashes never leave the server. */
  access: PageAccessRule
  /** Whether it asks search engines not to list it (src/fields/noindex.ts); a private page always does. */
  noindex: boolean
  /** What its addresses without a language prefix speak (src/fields/language.ts). */
  language: Locale
  /** Its share links and feed tokens not revoked (src/domain/access-link.ts): the gate checks a link's cookie or token. */
  accessLinks: AccessLinkRule[]
  /** Its identity provider's client secret, sealed (src/auth/secret-box.ts); null: it has no provider. */
  oidcClientSecret: string | null
  /** The origins that may frame its compact view, /embed (src/domain/embedding.ts). */
  embeddingOrigins: string[]
  /** How it shows uptime and quiet services (src/domain/page-display.ts). */
  display: PageDisplay
}

interface Pages {
  pages: PageRecord[]
  /** The default page's sections; null: every service. */
  defaultSections: PageSection[] | null
  /**
   * The default page as its gate sees it (src/settings/page-access.ts), with the settings' access: key and id 0
   * (pageKeyOf(null), which no page's id is). What the default page shows comes from the settings, not from here.
   */
  defaultPage: PageRecord
}

/** The default page's id in its gate's record: its key (pageKeyOf(null)); a page's id starts at 1. */
export const DEFAULT_PAGE_ID = 0

type SectionRows = PageDoc['sections']

function sectionsOf(rows: SectionRows): PageSection[] {
  return (rows ?? []).flatMap((row) => {
    const groupId = relationId(row.group)
    const serviceIds = relationIds(row.services)
    // A row whose group was deleted shows nothing.
    return groupId === null ? [] : [{ groupId, serviceIds: serviceIds.length ? serviceIds : null }]
  })
}

const trimmedOr = (value: string | null | undefined, fallback: string) => value?.trim() || fallback

/** A page's identity provider, when it has a complete one (the collection refuses a half-made set-up). */
function oidcOf(oidc: NonNullable<PageDoc['access']>['oidc']): PageOidcRule | null {
  const issuer = oidc?.issuer?.trim()
  const clientId = oidc?.clientId?.trim()
  if (!issuer || !clientId || !oidc?.clientSecret) return null
  return {
    issuer,
    clientId,
    label: trimmedOr(oidc.label, 'your company account'),
    scopes: trimmedOr(oidc.scopes, DEFAULT_OIDC_SCOPES),
    domains: (oidc.allowedDomains ?? []).map((row) => row.domain),
    emails: (oidc.allowedEmails ?? []).map((row) => row.email),
    groupsClaim: oidc.groupsClaim?.trim() || null,
    groups: (oidc.allowedGroups ?? []).map((row) => row.group),
  }
}

function accessOf(access: PageDoc['access']): PageAccessRule {
  return {
    private: access?.mode === 'private',
    passwordHashes: (access?.passwords ?? []).flatMap((row) => (row.password ? [row.password] : [])),
    networks: (access?.networks ?? []).map((row) => row.network),
    oidc: oidcOf(access?.oidc),
  }
}

const trimmed = (value: string | null | undefined) => value?.trim() || null

/** A page's (or the settings') uptime and quiet-service choices; a page that chose nothing gets DEFAULT_DISPLAY itself. */
function displayOf(row: PageDoc['uptimeDisplay']): PageDisplay {
  const uptimeDays = uptimeDaysOf(row?.days)
  const minIncidentMs = minIncidentMsOf(row?.minIncidentMinutes)
  const withoutUptime = relationIds(row?.withoutUptime)
  const quiet = row?.onlyWhenNotOperational ?? []
  const idsOf = (kind: 'services' | 'service-groups') =>
    new Set(relationIds(quiet.filter((item) => item.relationTo === kind).map((item) => item.value)))
  if (uptimeDays === DEFAULT_DISPLAY.uptimeDays && minIncidentMs === 0 && !withoutUptime.length && !quiet.length)
    return DEFAULT_DISPLAY
  return {
    uptimeDays,
    minIncidentMs,
    withoutUptime: new Set(withoutUptime),
    onlyWhenNotOperational: { services: idsOf('services'), groups: idsOf('service-groups') },
  }
}

const originsOf = (rows: PageDoc['embeddingOrigins']): string[] => (rows ?? []).map((row) => row.origin)

/**
 * The links not revoked, by page (DEFAULT_PAGE_ID: the default page's): a link's cookie works only while its link is
 * here (src/settings/page-access.ts).
 */
async function readAccessLinks(payload: Payload): Promise<Map<number, AccessLinkRule[]>> {
  const { docs } = await payload.find({
    collection: 'access-links',
    where: { revoked: { not_equals: true } },
    select: { page: true, kind: true, tokenHash: true, expiresAt: true },
    // The token hashes are what the gate compares; nothing here is sent anywhere.
    showHiddenFields: true,
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
  })
  const byPage = new Map<number, AccessLinkRule[]>()
  for (const doc of docs) {
    const pageId = relationId(doc.page) ?? DEFAULT_PAGE_ID
    if (!doc.tokenHash) continue
    const link = {
      id: doc.id,
      kind: doc.kind,
      tokenHash: doc.tokenHash,
      expiresAt: doc.expiresAt ? Date.parse(doc.expiresAt) : null,
    }
    byPage.set(pageId, [...(byPage.get(pageId) ?? []), link])
  }
  return byPage
}

async function readPages(payload: Payload): Promise<Pages> {
  const [found, settings, links] = await Promise.all([
    payload.find({
      collection: 'pages',
      // The gate needs the password hashes (src/settings/page-access.ts), the sign-in the provider's sealed client
      // secret (src/auth/page-oidc.ts); nothing here is sent anywhere.
      context: REVEAL_SECRETS,
      depth: 1,
      limit: 0,
      pagination: false,
      sort: 'id',
      // The banner's texts in every language they are written in (docs/languages.md, "Content").
      locale: 'all',
      populate: { media: { url: true, filename: true, alt: true, mimeType: true } },
    }),
    payload.findGlobal({
      slug: 'settings',
      context: REVEAL_SECRETS,
      depth: 0,
      select: {
        sections: true,
        access: true,
        siteName: true,
        publicUrl: true,
        timeZone: true,
        noindex: true,
        language: true,
        embeddingOrigins: true,
        uptimeDisplay: true,
      },
    }),
    readAccessLinks(payload),
  ])
  // Headings whose groups were all deleted show nothing, not everything: only no heading at all means every service.
  const defaultSections = settings.sections?.length ? sectionsOf(settings.sections) : null
  const pages: Pages = {
    defaultSections,
    defaultPage: {
      id: DEFAULT_PAGE_ID,
      slug: '',
      hosts: [],
      name: settings.siteName,
      publicUrl: (trimmed(settings.publicUrl) ?? env().PUBLIC_URL)?.replace(/\/+$/, '') || null,
      description: null,
      statusMessage: null,
      timeZone: trimmed(settings.timeZone),
      logo: null,
      favicon: null,
      branding: brandingOf({}),
      access: accessOf(settings.access),
      noindex: settings.noindex === true,
      language: isLocale(settings.language) ? settings.language : DEFAULT_LOCALE,
      accessLinks: links.get(DEFAULT_PAGE_ID) ?? [],
      oidcClientSecret: settings.access?.oidc?.clientSecret || null,
      sections: defaultSections ?? [],
      embeddingOrigins: originsOf(settings.embeddingOrigins),
      display: displayOf(settings.uptimeDisplay),
    },
    pages: found.docs.map((doc) => ({
      id: doc.id,
      slug: doc.slug ?? String(doc.id),
      hosts: (doc.hosts ?? []).map((row) => row.host),
      name: doc.name,
      publicUrl: trimmed(doc.publicUrl)?.replace(/\/+$/, '') ?? null,
      description: trimmed(doc.description),
      statusMessage: trimmed(doc.statusMessage),
      timeZone: trimmed(doc.timeZone),
      logo: mediaRef(doc.logo),
      favicon: mediaRef(doc.favicon),
      branding: brandingOf(doc),
      access: accessOf(doc.access),
      noindex: doc.noindex === true,
      language: isLocale(doc.language) ? doc.language : DEFAULT_LOCALE,
      accessLinks: links.get(doc.id) ?? [],
      oidcClientSecret: doc.access?.oidc?.clientSecret || null,
      sections: sectionsOf(doc.sections),
      embeddingOrigins: originsOf(doc.embeddingOrigins),
      display: displayOf(doc.uptimeDisplay),
    })),
  }
  publishPageDirectory(pages.pages, pages.defaultPage.access.private)
  return pages
}

export const loadPages: (payload: Payload) => Promise<Pages> = sharedPerVersion(currentDataVersion, readPages)

/** Every group with its services, in display order: what the default page without sections shows. */
async function everyHeading(payload: Payload): Promise<Heading[]> {
  const [groups, services] = await Promise.all(
    (['service-groups', 'services'] as const).map((collection) =>
      payload.find({
        collection,
        select: { name: true, displayOrder: true, ...(collection === 'services' && { group: true }) },
        depth: 0,
        limit: 0,
        pagination: false,
        overrideAccess: true,
      }),
    ),
  )
  const members = new Map<number | null, typeof services.docs>()
  for (const service of [...services.docs].sort(byOrderThenName)) {
    const groupId = relationId((service as { group?: unknown }).group)
    const list = members.get(groupId)
    if (list) list.push(service)
    else members.set(groupId, [service])
  }
  return [...groups.docs]
    .sort(byOrderThenName)
    .map((group) => ({ groupId: group.id, serviceIds: (members.get(group.id) ?? []).map((service) => service.id) }))
}

/** What private pages keep to themselves (docs/private-pages.md); computed only while private pages exist. */
interface PrivateOnly {
  headings: Heading[]
  /** The services only private pages list. */
  services: Set<number>
  /** The groups all of whose services are private-only (an empty group is nobody's). */
  groups: Set<number>
}

const privateOnly = sharedPerVersion(currentDataVersion, async (payload: Payload): Promise<PrivateOnly | null> => {
  const { pages, defaultSections, defaultPage } = await loadPages(payload)
  const defaultPrivate = defaultPage.access.private
  if (!defaultPrivate && !pages.some((page) => page.access.private)) return null
  const headings = await everyHeading(payload)
  // A public default page without sections lists whatever no private page keeps; a private one, every service.
  const defaultListing = defaultPrivate && !defaultSections ? wholeGroups(headings) : defaultSections
  const listing = [
    ...pages.map((page) => ({ private: page.access.private, sections: page.sections })),
    ...(defaultListing ? [{ private: defaultPrivate, sections: defaultListing }] : []),
  ]
  const services = privateOnlyServices(listing, headings)
  const groups = headings.filter((h) => h.serviceIds.length && h.serviceIds.every((id) => services.has(id)))
  return { headings, services, groups: new Set(groups.map((h) => h.groupId)) }
})

/**
 * What the default page shows: its sections, or (none) every service; while private pages exist, less the services
 * only private pages list, so that a private page's services and incidents stay its own.
 */
async function defaultPageSections(payload: Payload): Promise<PageSection[] | null> {
  const { defaultSections, defaultPage } = await loadPages(payload)
  // A private default page keeps nothing from its readers: they may read what any page shows.
  const hidden = defaultSections || defaultPage.access.private ? null : await privateOnly(payload)
  return hidden ? publicDefaultSections(hidden.headings, hidden.services) : defaultSections
}

/**
 * What a stranger may read of the CMS API while private pages exist (null: everything public, as the contract says):
 * incidents and maintenances some public page shows, and services and groups not private-only. Made once per data
 * version: every stranger's CMS read asks for it.
 */
export const publicReads: (payload: Payload) => Promise<PublicReads | null> = sharedPerVersion(
  currentDataVersion,
  readPublicReads,
)

interface PublicReads {
  records: Where
  services: Where
  groups: Where
}

async function readPublicReads(payload: Payload): Promise<PublicReads | null> {
  const hidden = await privateOnly(payload)
  if (!hidden) return null
  const { pages, defaultPage } = await loadPages(payload)
  const open = pages.filter((page) => !page.access.private)
  const scopes = [
    ...(defaultPage.access.private ? [] : [await scopeOfPage(payload, null)]),
    ...open.map((page) => ({ id: page.id, pathPrefix: '', sections: page.sections })),
  ]
  const services = new Set<number>()
  for (const scope of scopes) for (const id of (await pageServiceIds(payload, scope)) ?? []) services.add(id)
  const openIds = [...(defaultPage.access.private ? [] : [null]), ...open.map((page) => page.id)]
  return {
    records: shownOnPagesWhere(openIds, services),
    services: { id: { not_in: [...hidden.services, 0] } },
    groups: { id: { not_in: [...hidden.groups, 0] } },
  }
}

/** The page a public request is for, and its scope. A `/p/<slug>` no page has is a 404. */
export interface RequestPage {
  /** null: the default page. */
  page: PageRecord | null
  /** Who may read it: the page's record, or the default page's (Pages.defaultPage). */
  gate: PageRecord
  scope: PageScope
  /** Whether a page claims the request's host (whatever path form it came by). */
  hostClaimed: boolean
}

export async function pageOfRequest(payload: Payload, request: Request): Promise<RequestPage> {
  const slug = request.headers.get(PAGE_SLUG_HEADER)
  const origin = request.headers.get(PUBLIC_ORIGIN_HEADER)
  const { pages, defaultPage } = await loadPages(payload)
  const host = origin ? hostOfOrigin(origin) : null
  const page = pageFor(pages, { slug, host })
  if (page === undefined) throw new NotFound('page', 'No status page is at this address.')
  const pathPrefix = slug === null ? '' : pagePathPrefix(slug)
  const hostClaimed = host !== null && (slug === null ? page !== null : pageFor(pages, { slug: null, host }) !== null)
  return page
    ? {
        page,
        gate: page,
        scope: { id: page.id, pathPrefix, sections: page.sections, display: page.display },
        hostClaimed,
      }
    : {
        page: null,
        gate: defaultPage,
        scope: {
          id: null,
          pathPrefix,
          sections: await defaultPageSections(payload),
          display: defaultPage.display,
        },
        hostClaimed,
      }
}

/** The scope of a page by its id (a subscriber's), as its own host would give it; a page since deleted shows nothing. */
export async function scopeOfPage(payload: Payload, pageId: number | null): Promise<PageScope> {
  const { pages } = await loadPages(payload)
  if (pageId === null) return { id: null, pathPrefix: '', sections: await defaultPageSections(payload) }
  return { id: pageId, pathPrefix: '', sections: pages.find((page) => page.id === pageId)?.sections ?? [] }
}

/** The ids of the services a page shows; null: every service (the default page without sections). */
export async function pageServiceIds(payload: Payload, scope: PageScope): Promise<Set<number> | null> {
  if (!scope.sections) return null
  const ids = new Set(scope.sections.flatMap((section) => section.serviceIds ?? []))
  const wholeGroups = scope.sections.filter((section) => !section.serviceIds).map((section) => section.groupId)
  if (wholeGroups.length) {
    const { docs } = await payload.find({
      collection: 'services',
      where: { group: { in: wholeGroups } },
      select: {},
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
    for (const doc of docs) ids.add(doc.id)
  }
  return ids
}

/** Whether a page shows an incident or maintenance with these services and pages (src/domain/pages.ts's rule). */
export async function pageShows(payload: Payload, scope: PageScope, record: PageMembership): Promise<boolean> {
  return showsOnPage(scope, await pageServiceIds(payload, scope), record)
}

/** Who may subscribe to what on a page: its id, and the services it shows. */
export async function pageAudience(payload: Payload, scope: PageScope): Promise<PageAudience> {
  const { pages, defaultPage } = await loadPages(payload)
  const gate = scope.id === null ? defaultPage : pages.find((page) => page.id === scope.id)
  const access = gate?.access.private ? gate.access : undefined
  return { id: scope.id, serviceIds: await pageServiceIds(payload, scope), ...(access && { private: true, access }) }
}
