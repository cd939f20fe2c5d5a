/**
 * What the admin dashboard tells an operator: what is missing before subscribers can be reached (e-mail, SMS, the
 * public base URL), the first steps on an empty site, and the status visitors see now.
 */
import type { Payload } from 'payload'

import type { ServiceStatus } from '../domain/statuses'
import { configuredChannels } from '../notify/channels'
import { statusSummary } from '../public-api/read-model'
import { configuredBaseUrl } from '../settings/base-url'

export interface DashboardFacts {
  missing: { what: string; fix: string; href: string }[]
  counts: { groups: number; services: number; incidents: number }
  status: ServiceStatus
  activeIncidents: { title: string; status: string; shortId: string }[]
}

export async function dashboardFacts(payload: Payload): Promise<DashboardFacts> {
  const count = async (collection: 'service-groups' | 'services' | 'incidents') => (await payload.count({ collection, overrideAccess: true })).totalDocs
  const [channels, base, groups, services, incidents, summary] = await Promise.all([
    configuredChannels(payload),
    configuredBaseUrl(payload),
    count('service-groups'),
    count('services'),
    count('incidents'),
    statusSummary(payload, { base: '' }),
  ])
  const missing: DashboardFacts['missing'] = []
  if (!channels.email) missing.push({ what: 'E-mail is not configured', fix: 'Set the SMTP host and From address in E-mail settings (or SMTP_URL): until then visitors cannot subscribe by e-mail, and password resets are not sent.', href: '/admin/globals/email-settings' })
  if (!channels.sms) missing.push({ what: 'SMS is not configured', fix: 'Switch on and fill in SMS settings to offer subscriptions by text message.', href: '/admin/globals/sms-settings' })
  if (!base) missing.push({ what: 'No public base URL', fix: 'Set the Public base URL in Settings (or PUBLIC_URL): links in e-mails and SMS point to http://localhost until then.', href: '/admin/globals/settings' })
  return {
    missing,
    counts: { groups, services, incidents },
    status: summary.status,
    activeIncidents: summary.activeIncidents.map((i) => ({ title: i.title, status: i.status, shortId: i.shortId })),
  }
}
