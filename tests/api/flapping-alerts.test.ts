/**
 * A flapping alert (security review: 50 cycles made 50 incidents and 100 notifications): a key that fires again
 * within INTEGRATION_REOPEN_MINUTES (10) of its incident's resolution reopens that incident; later, a new one
 * opens. Through the webhook for the flaps, and the use case with an injected clock for "later".
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_SEVERITY_STATUSES, type MonitoringEvent } from '@/domain/monitoring-event'
import { parsePayload } from '@/integrations/parse'
import { applyMonitoringEvent } from '@/services/incidents/apply-monitoring-event'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'

let admin: TestUser
let token: string
let integrationId: number
let slug: string

const firing = {
  key: 'flappy',
  state: 'firing',
  services: [] as string[],
  severity: 'critical',
  title: 'Checkout probe fails',
}
const resolved = { key: 'flappy', state: 'resolved' }
const incidentsOfKey = async () =>
  (await api('GET', `/incidents?where[integrationKey][equals]=flappy&sort=createdAt&depth=0`, { key: admin.key })).body
    .docs as { id: number; status: string; updates: unknown[] }[]

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Flaps' } })
  slug = (
    await api('POST', '/services', { key: admin.key, body: { name: 'Checkout probe', group: group.body.doc.id } })
  ).body.doc.slug
  firing.services = [slug]
  const created = await createIntegration(admin, { name: 'Flapping', kind: 'generic' })
  token = created.token
  integrationId = created.id
})

describe('a flapping alert', () => {
  it('reopens its incident on each flap inside the window: one incident, one update per flap', async () => {
    expect((await webhook(token, firing)).body.outcome).toBe('opened')
    for (let flap = 0; flap < 5; flap++) {
      expect((await webhook(token, resolved)).body.outcome).toBe('resolved')
      const again = await webhook(token, firing)
      expect(again.body.outcome).toBe('updated')
      expect(again.body.detail).toContain('reopened')
    }
    const incidents = await incidentsOfKey()
    expect(incidents).toHaveLength(1)
    expect(incidents[0].status).toBe('investigating')
    expect(incidents[0].updates).toHaveLength(11)
  })

  it('opens a new incident when it fires again after the window', async () => {
    expect((await webhook(token, resolved)).body.outcome).toBe('resolved')
    const p = await payload()
    const integration = await p.findByID({
      collection: 'integrations',
      id: integrationId,
      depth: 0,
      overrideAccess: true,
    })
    const parsed = parsePayload('generic', firing, {
      serviceLabel: 'service',
      severityStatuses: { ...DEFAULT_SEVERITY_STATUSES },
      defaultStatus: 'major',
    })
    expect(parsed.ok && 'event' in parsed).toBe(true)
    const event = (parsed as { event: MonitoringEvent }).event
    const later = await applyMonitoringEvent(p, integration, event, new Date(Date.now() + 11 * 60_000))
    expect(later.outcome).toBe('opened')
    expect(await incidentsOfKey()).toHaveLength(2)
  })
})
