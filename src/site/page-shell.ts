/**
 * What every public page shows around its content, read once per data version and shared by the pages of that
 * version: the site's presentation settings, the overall status (the default favicon's colour), whether anyone can
 * subscribe (the header's Subscribe link). A page miss otherwise read the settings three times and both channels'
 * settings before its own data (the base of its links is shared the same way, src/settings/base-url.ts); the static
 * mirror reads some thirty pages in a row after each change (docs/reliability.md).
 */
import type { Payload } from 'payload'

import { configuredChannels } from '@/notify/channels'
import { currentOverallStatus } from '@/public-api/read-model'
import { currentDataVersion } from '@/runtime/data-version'
import { sharedPerVersion } from '@/runtime/version-memo'
import { type SiteSettings, siteSettings } from '@/settings/site-settings'

export type PageShell = Required<Pick<SiteSettings, 'status' | 'subscribable'>> & SiteSettings

async function readShell(payload: Payload): Promise<PageShell> {
  const [loaded, status, subscribable] = await Promise.all([
    siteSettings(payload),
    currentOverallStatus(payload),
    // The header's Subscribe link leads nowhere while no channel can send; unknown, it stays.
    configuredChannels(payload).then(
      (c) => c.email || c.sms,
      () => true,
    ),
  ])
  return { ...loaded, status, subscribable }
}

/** The shell of the current data version: read by the first page of a version, shared by the others. */
export const pageShell: (payload: Payload) => Promise<PageShell> = sharedPerVersion(currentDataVersion, readShell)
