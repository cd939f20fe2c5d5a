/**
 * What every public page shows around its content, read once per data version and shared by the pages of that
 * version: the site's presentation settings, the overall status (the default favicon's colour), whether anyone can
 * subscribe (the header's Subscribe link). A page miss otherwise read the settings three times and both channels'
 * settings before its own data (the base of its links is shared the same way, src/settings/base-url.ts); the static
 * mirror reads some thirty pages in a row after each change (docs/reliability.md). A page other than the default
 * one (docs/pages.md) shows its own name, description and branding where it has them, and its own services' status.
 */
import type { Payload } from 'payload'

import { DEFAULT_UPTIME_WINDOW } from '@/domain/page-display'
import { type PageScope, WHOLE_SITE } from '@/domain/pages'
import { configuredChannels } from '@/notify/channels'
import { currentOverallStatus } from '@/public-api/read-model'
import { currentDataVersion } from '@/runtime/data-version'
import { sharedPerVersion } from '@/runtime/version-memo'
import { brandingOver } from '@/settings/branding'
import type { PageRecord } from '@/settings/pages'
import { type SiteSettings, siteSettings } from '@/settings/site-settings'

export type PageShell = Required<Pick<SiteSettings, 'status' | 'subscribable'>> & SiteSettings

async function readShell(payload: Payload): Promise<PageShell> {
  const [loaded, status, subscribable] = await Promise.all([
    siteSettings(payload),
    currentOverallStatus(payload, WHOLE_SITE),
    // The header's Subscribe link leads nowhere while no channel can send; unknown, it stays.
    configuredChannels(payload).then(
      (c) => c.email || c.sms,
      () => true,
    ),
  ])
  return { ...loaded, status, subscribable }
}

/** The default page's shell of the current data version: read by the first page of a version, shared by the others. */
const defaultShell: (payload: Payload) => Promise<PageShell> = sharedPerVersion(currentDataVersion, readShell)

/** The shell of the page a request is for. */
export async function pageShell(payload: Payload, page: PageRecord | null, scope: PageScope): Promise<PageShell> {
  const shell = await pageShellOf(payload, page, scope)
  const days = scope.display?.uptimeDays
  // Only a page that chose another window says so: a 90-day page's shell is what it was.
  return days === undefined || days === DEFAULT_UPTIME_WINDOW ? shell : { ...shell, uptimeDays: days }
}

async function pageShellOf(payload: Payload, page: PageRecord | null, scope: PageScope): Promise<PageShell> {
  const shell = await defaultShell(payload)
  if (!page && !scope.sections) return shell
  const status = await currentOverallStatus(payload, scope)
  if (!page) return { ...shell, status }
  return {
    ...shell,
    status,
    siteName: page.name,
    description: page.description,
    timeZone: page.timeZone ?? shell.timeZone,
    logo: page.logo ? { url: page.logo.url, alt: page.logo.alt } : shell.logo,
    favicon: page.favicon ? { url: page.favicon.url, mimeType: page.favicon.mimeType } : shell.favicon,
    ...brandingOver(page.branding, shell),
    // Each page decides for itself, not after the default page.
    noindex: page.noindex || undefined,
  }
}
