/**
 * A page's compact view, `/embed` (docs/widget.md): for an iframe on the sites the page's settings list. The overall
 * status, what is happening now (incidents, maintenances in progress) and each group's status, in the page's
 * language; the rest is one link away, on the page itself.
 */
import { html } from '@/format/html'
import { tOf } from '@/i18n/translate'
import type { ResponseClock } from '@/public-api/clock'
import type { StatusSummary } from '@/public-api/schemas'
import type { SiteSettings } from '@/settings/site-settings'

import { renderCompactDocument } from './layout'
import { banner, described, incidentCard, maintenanceCard, serviceBadge } from './pages'

export function embedPage(summary: StatusSummary, settings: SiteSettings, clock: ResponseClock): string {
  const t = tOf(settings)
  const { headline, section } = banner(summary, settings)
  const live = summary.activeMaintenances.filter((m) => m.status === 'in_progress')
  const now = summary.activeIncidents.length + live.length
  const groups = summary.serviceGroups.filter((g) => g.services.length > 0)
  const body = html`${section}
${now ? html`<ul class="plain now">${summary.activeIncidents.map((i) => incidentCard(i, settings, false))}${live.map((m) => maintenanceCard(m, settings, clock))}</ul>` : null}
${groups.length ? html`<ul class="services groups" aria-label="${t('site.home.services')}">${groups.map((g) => html`<li>${described(g)}${serviceBadge(t, g.status)}</li>`)}</ul>` : null}
<p class="full-page"><a href="/">${t('site.embed.fullPage', { site: settings.siteName })}</a></p>`
  return renderCompactDocument({ title: headline, settings, body })
}
