/**
 * What the public pages show beyond the public read model: the site's presentation settings (name, description,
 * logo, favicon, time zone, branding). Everything about services, incidents and maintenances comes from
 * src/public-api/read-model.ts.
 */
import type { Payload, PayloadRequest } from 'payload'

import type { PageLanguage } from './page-language'

import type { ServiceStatus } from '@/domain/statuses'
import { validTimeZone } from '@/domain/time-zone'
import { DEFAULT_SITE_NAME } from '@/domain/site'

import { languageReadRequest } from '@/db/language-read'

import { type Branding, brandingOf } from './branding'
import { mediaRef } from './media'

/** The branding is optional: a page rendered without settings (the fallback of an error) has the site's own look. */
export interface SiteSettings extends Partial<Branding> {
  siteName: string
  description: string | null
  timeZone: string
  logo: { url: string; alt: string } | null
  /** An uploaded favicon; without one the pages use the default icon in the overall status's colour. */
  favicon: { url: string; mimeType: string | null } | null
  /** The overall status now (read with the settings for every page): the default favicon's colour. */
  status?: ServiceStatus
  /** false: no channel can send, so the header and footer offer no Subscribe link (read with the settings per page). */
  subscribable?: boolean
  /** true: search engines are asked not to list the page (a private page's, docs/private-pages.md). */
  noindex?: boolean
  /** true: the footer offers to sign out of the private page (its access cookie). */
  signOut?: boolean
  /** The language the response is in (src/settings/page-language.ts); absent: the default language, English. */
  language?: PageLanguage
  /** The page's uptime window (src/domain/page-display.ts); absent: 90 days. */
  uptimeDays?: number
}

/** `req`: read inside the caller's transaction, on its connection, rather than taking a second one from the pool. */
export async function siteSettings(payload: Payload, req?: PayloadRequest): Promise<SiteSettings> {
  const settings = await payload.findGlobal({
    slug: 'settings',
    req: req && languageReadRequest(req),
    depth: 1,
    // The banner's texts in every language they are written in; the other fields are written once.
    locale: 'all',
    select: {
      siteName: true,
      description: true,
      timeZone: true,
      logo: true,
      favicon: true,
      accentColor: true,
      bannerTexts: true,
      footerLinks: true,
      dateFormat: true,
      noindex: true,
    },
    // Payload computes an upload's url from its filename: without the filename the url reads as null.
    populate: { media: { url: true, filename: true, alt: true, mimeType: true } },
  })
  const logo = mediaRef(settings.logo)
  const favicon = mediaRef(settings.favicon)
  return {
    siteName: settings.siteName?.trim() || DEFAULT_SITE_NAME,
    description: settings.description?.trim() || null,
    timeZone: validTimeZone(settings.timeZone),
    logo: logo ? { url: logo.url, alt: logo.alt } : null,
    favicon: favicon ? { url: favicon.url, mimeType: favicon.mimeType } : null,
    ...brandingOf(settings),
    ...(settings.noindex && { noindex: true }),
  }
}
