import { configuredChannels } from '@/notify/channels'
import { listIncidents, maintenanceSeries, nextMaintenanceTransition, statusSummary } from '@/public-api/read-model'
import { barsInline, homePage, placeCharts } from '@/site/pages'
import { chartChangesAt } from '@/site/metric-charts'
import { pageCharts } from '@/public-api/metrics'
import { sitePage } from '@/site/respond'
import { barsShown, uptimeChangesAt, uptimeOptions, uptimeTable } from '@/public-api/uptime'

export const dynamic = 'force-dynamic'

const WEEK = 7 * 24 * 60 * 60 * 1000

/** `/`: overall status, services by group, active incidents, scheduled maintenances, the past 7 days. */
export const GET = sitePage(async (_request, { payload, links, page, settings, clock }) => {
  const [summary, recent, transition, channels, metrics] = await Promise.all([
    statusSummary(payload, links, page, { visibleNow: true }),
    listIncidents(
      payload,
      { status: 'resolved', from: new Date(clock.now.getTime() - WEEK).toISOString(), page: 1, limit: 25 },
      links,
    ),
    nextMaintenanceTransition(payload, clock.now),
    configuredChannels(payload),
    pageCharts(payload, links.scope, 'day', clock.now),
  ])
  // The day's charts move on when a new 5-minute bucket starts; without metrics the page is as it always was.
  const charts = metrics.count ? placeCharts(metrics, summary) : null
  if (charts) clock.changesAt(chartChangesAt('day', clock.now))
  // The page changes by itself when a maintenance moves on, and when an incident leaves "Past 7 days".
  clock.changesAt(transition)
  if (recent.items.length)
    clock.changesAt(new Date(Math.min(...recent.items.map((i) => Date.parse(i.createdAt))) + WEEK))
  const series = await maintenanceSeries(
    payload,
    summary.activeMaintenances.map((m) => m.shortId),
    settings.timeZone,
  )
  // Many services: the bars are on the group pages, and the uptime history is not read for this page at all.
  if (!barsInline(summary.serviceGroups.reduce((n, g) => n + g.services.length, 0)))
    return { body: homePage(summary, recent.items, settings, channels, null, clock, series, charts), charts: !!charts }
  const uptime = await uptimeTable(payload, clock.now, links.content, uptimeOptions(links.scope))
  // The bars move with the clock: at the next minute while some service has downtime, else at midnight (UTC).
  clock.changesAt(uptimeChangesAt(uptime.services, uptime.services[0]?.days.length ?? 1, clock.now))
  return {
    body: homePage(
      summary,
      recent.items,
      settings,
      channels,
      barsShown(uptime.services, links.scope),
      clock,
      series,
      charts,
    ),
    charts: !!charts,
  }
})
