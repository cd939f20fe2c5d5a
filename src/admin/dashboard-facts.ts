/**
 * What the admin dashboard tells an operator: what is missing before subscribers can be reached (e-mail, SMS, the
 * public base URL), the messages that failed in the last 24 hours, the first steps on an empty site, and the status
 * visitors see now.
 */
import type { Payload } from 'payload'

import { WHOLE_SITE } from '@/domain/pages'
import type { ServiceStatus } from '@/domain/statuses'
import { configuredChannels } from '@/notify/channels'
import { statusSummary } from '@/public-api/read-model'
import { configuredBaseUrl } from '@/settings/base-url'

/** What is not configured, named by the dashboard in the operator's language. */
export type MissingSetting = 'email' | 'sms' | 'baseUrl'

export interface DashboardFacts {
  missing: { setting: MissingSetting; href: string }[]
  counts: { groups: number; services: number; incidents: number }
  status: ServiceStatus
  activeIncidents: { title: string; status: string; shortId: string }[]
  /**
   * Deliveries failed or interrupted, and confirmations not sent, in the last 24 hours, with the latest error as
   * recorded (null: none was); null when there are none.
   */
  failures: { deliveries: number; confirmations: number; latest: string | null } | null
}

const DAY_MS = 24 * 60 * 60 * 1000

/** A delivery is counted once it failed (retried or not) or was interrupted; the latest error is shown as written. */
async function recentFailures(payload: Payload, now: Date): Promise<DashboardFacts['failures']> {
  const since = new Date(now.getTime() - DAY_MS).toISOString()
  const [deliveries, confirmations] = await Promise.all([
    payload.find({
      collection: 'notification-deliveries',
      where: { and: [{ status: { in: ['failed', 'interrupted'] } }, { updatedAt: { greater_than: since } }] },
      sort: '-updatedAt',
      limit: 1,
      depth: 0,
      overrideAccess: true,
      select: { lastError: true, updatedAt: true },
    }),
    payload.find({
      collection: 'subscribers',
      where: { confirmationFailedAt: { greater_than: since } },
      sort: '-confirmationFailedAt',
      limit: 1,
      depth: 0,
      overrideAccess: true,
      select: { confirmationError: true, confirmationFailedAt: true },
    }),
  ])
  if (deliveries.totalDocs === 0 && confirmations.totalDocs === 0) return null
  const delivery = deliveries.docs[0]
  const confirmation = confirmations.docs[0]
  const deliveryAt = delivery ? Date.parse(delivery.updatedAt) : 0
  const confirmationAt = confirmation?.confirmationFailedAt ? Date.parse(confirmation.confirmationFailedAt) : 0
  const latest = (confirmationAt > deliveryAt ? confirmation?.confirmationError : delivery?.lastError) ?? null
  return { deliveries: deliveries.totalDocs, confirmations: confirmations.totalDocs, latest }
}

export async function dashboardFacts(payload: Payload, now: Date = new Date()): Promise<DashboardFacts> {
  const count = async (collection: 'service-groups' | 'services' | 'incidents') =>
    (await payload.count({ collection, overrideAccess: true })).totalDocs
  const [channels, base, groups, services, incidents, summary, failures] = await Promise.all([
    configuredChannels(payload),
    configuredBaseUrl(payload),
    count('service-groups'),
    count('services'),
    count('incidents'),
    statusSummary(payload, { base: '', scope: WHOLE_SITE }, null),
    recentFailures(payload, now),
  ])
  const missing: DashboardFacts['missing'] = []
  if (!channels.email) missing.push({ setting: 'email', href: '/admin/globals/email-settings' })
  if (!channels.sms) missing.push({ setting: 'sms', href: '/admin/globals/sms-settings' })
  if (!base) missing.push({ setting: 'baseUrl', href: '/admin/globals/settings' })
  return {
    missing,
    counts: { groups, services, incidents },
    status: summary.status,
    activeIncidents: summary.activeIncidents.map((i) => ({ title: i.title, status: i.status, shortId: i.shortId })),
    failures,
  }
}
