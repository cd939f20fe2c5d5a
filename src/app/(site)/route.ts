import { listIncidents, nextMaintenanceTransition, statusSummary } from '../../public-api/read-model'
import { homePage } from '../../site/pages'
import { sitePage } from '../../site/respond'

export const dynamic = 'force-dynamic'

const WEEK = 7 * 24 * 60 * 60 * 1000

/** `/`: overall status, services by group, active incidents, scheduled maintenances, the past 7 days. */
export const GET = sitePage(async (_request, { payload, links, settings }) => {
  const now = new Date()
  const [summary, recent, expiresAt] = await Promise.all([
    statusSummary(payload, links),
    listIncidents(payload, { status: 'resolved', from: new Date(now.getTime() - WEEK).toISOString(), page: 1, limit: 25 }, links),
    nextMaintenanceTransition(payload, now),
  ])
  // The page changes by itself when a maintenance moves on, and when an incident leaves "Past 7 days".
  const agesOut = recent.items.length ? new Date(Math.min(...recent.items.map((i) => Date.parse(i.createdAt))) + WEEK) : null
  const soonest = [expiresAt, agesOut].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null
  return { body: homePage(summary, recent.items, settings), expiresAt: soonest }
})
