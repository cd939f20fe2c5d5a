/**
 * What the public pages show beyond the public read model: the site's presentation settings (name, description,
 * logo, time zone). Everything about services, incidents and maintenances comes from src/public-api/read-model.ts.
 */
import type { Payload } from 'payload'

import { DEFAULT_SITE_NAME } from '../globals/Settings'

import { validTimeZone } from './format'

export interface SiteSettings {
  siteName: string
  description: string | null
  timeZone: string
  logo: { url: string; alt: string } | null
}

export async function siteSettings(payload: Payload): Promise<SiteSettings> {
  const settings = await payload.findGlobal({
    slug: 'settings',
    depth: 1,
    select: { siteName: true, description: true, timeZone: true, logo: true },
    populate: { media: { url: true, alt: true } },
  })
  const logo = typeof settings.logo === 'object' && settings.logo?.url ? { url: settings.logo.url, alt: settings.logo.alt?.trim() || '' } : null
  return {
    siteName: settings.siteName?.trim() || DEFAULT_SITE_NAME,
    description: settings.description?.trim() || null,
    timeZone: validTimeZone(settings.timeZone),
    logo,
  }
}
