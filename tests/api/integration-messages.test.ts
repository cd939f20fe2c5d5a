/**
 * Monitoring speaks to customers: the titles of the incidents an integration opens and the updates it
 * writes come from its templates, through the real webhook. An Alertmanager summary ("BlackBox Probe Failure:
 * https://server.example.org") or `description` ("5xx ratio 12% over 5 minutes") reaches the public page only where
 * a template asks for it with {title}, {alerts} or {description}; a template with an unknown placeholder is refused
 * (400).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'
import { alertmanagerFiring, alertmanagerResolved } from '../fixtures/integrations/alertmanager'

let admin: TestUser
let groupId: number

const DESCRIPTION = '5xx ratio 12% over 5 minutes'

/** The fixture as a group of its own, for `slug`, with a description common to its alerts. */
function firing(groupKey: string, slug: string) {
  return {
    ...alertmanagerFiring,
    groupKey,
    commonLabels: { ...alertmanagerFiring.commonLabels, service: slug },
    commonAnnotations: { ...alertmanagerFiring.commonAnnotations, description: DESCRIPTION },
    alerts: alertmanagerFiring.alerts.map((alert) => ({
      ...alert,
      labels: { ...alert.labels, service: slug },
      annotations: { ...alert.annotations, description: DESCRIPTION },
    })),
  }
}
function resolved(groupKey: string, slug: string) {
  const open = firing(groupKey, slug)
  return {
    ...alertmanagerResolved,
    groupKey,
    commonLabels: open.commonLabels,
    commonAnnotations: open.commonAnnotations,
    alerts: open.alerts.map((alert) => ({ ...alert, status: 'resolved', endsAt: new Date().toISOString() })),
  }
}

async function service(name: string, slug: string): Promise<number> {
  const created = await api('POST', '/services', { key: admin.key, body: { name, slug, group: groupId } })
  expect(created.status, created.text).toBe(201)
  return created.body.doc.id
}

const SUMMARY = 'BlackBox Probe Failure: https://server.example.org'

/** The incident's title as visitors read it (public CMS read). */
async function publicTitle(id: number): Promise<string> {
  const res = await api('GET', `/incidents/${id}?depth=0`)
  expect(res.status, res.text).toBe(200)
  return res.body.title
}

/** The incident's update messages as visitors read them (public CMS read), oldest first. */
async function publicMessages(id: number): Promise<string[]> {
  const res = await api('GET', `/incidents/${id}?depth=0`)
  expect(res.status, res.text).toBe(200)
  return (res.body.updates as { message: string; createdAt: string }[])
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((row) => row.message)
}

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Messages group' } })
  groupId = group.body.doc.id
})

describe('integration message templates', () => {
  it('speak with the defaults, and leave the alert’s description out', async () => {
    await service('Payments', 'payments-msg')
    const { token, doc } = await createIntegration(admin, { name: 'AM defaults', kind: 'alertmanager' })
    expect(doc).toMatchObject({
      openingMessage: 'We are investigating elevated errors on {services}.',
      resolvedMessage: 'This incident has been resolved.',
    })
    const opened = await webhook(token, firing('{}:{alertname="Defaults"}', 'payments-msg'))
    expect(opened.body.outcome, JSON.stringify(opened.body)).toBe('opened')
    await webhook(token, resolved('{}:{alertname="Defaults"}', 'payments-msg'))
    const messages = await publicMessages(opened.body.incident.id)
    expect(messages).toEqual(['We are investigating elevated errors on Payments.', 'This incident has been resolved.'])
    expect(messages.join('\n')).not.toContain(DESCRIPTION)
  })

  it('show the description and statuses where a template asks for them', async () => {
    await service('Checkout', 'checkout-msg')
    const { token } = await createIntegration(admin, {
      name: 'AM custom',
      kind: 'alertmanager',
      openingMessage: 'Trouble with {statuses}.\n{description}',
      resolvedMessage: 'All good again on {services}.',
    })
    const opened = await webhook(token, firing('{}:{alertname="Custom"}', 'checkout-msg'))
    await webhook(token, resolved('{}:{alertname="Custom"}', 'checkout-msg'))
    expect(await publicMessages(opened.body.incident.id)).toEqual([
      `Trouble with Checkout (Major outage).\n${DESCRIPTION}`,
      'All good again on the affected services.',
    ])
  })

  it('title the incident with the services by default, never with the alert’s own words', async () => {
    await service('Ledger', 'ledger-msg')
    await service('Billing', 'billing-msg')
    const { token, doc } = await createIntegration(admin, { name: 'AM titles', kind: 'alertmanager' })
    expect(doc.incidentTitle).toBe('Elevated errors on {services}')
    const opened = await webhook(token, firing('{}:{alertname="Titles"}', 'ledger-msg, billing-msg'))
    expect(opened.body.outcome, JSON.stringify(opened.body)).toBe('opened')
    const title = await publicTitle(opened.body.incident.id)
    expect(title).toBe('Elevated errors on Ledger and Billing')
    expect(title).not.toContain('BlackBox')
  })

  it('title the incident with the alert’s words where the title template asks for them, on one line', async () => {
    await service('Search', 'search-msg')
    const { token } = await createIntegration(admin, {
      name: 'AM own titles',
      kind: 'alertmanager',
      incidentTitle: '{services}: {alerts}',
    })
    const opened = await webhook(token, firing('{}:{alertname="OwnTitles"}', 'search-msg'))
    expect(opened.body.outcome, JSON.stringify(opened.body)).toBe('opened')
    const summaries = alertmanagerFiring.alerts.map(() => SUMMARY).join('; ')
    expect(await publicTitle(opened.body.incident.id)).toBe(`Search: ${summaries}`)
    // A template whose placeholders all come out empty still gives a title: the default.
    const { token: bare } = await createIntegration(admin, {
      name: 'AM empty title',
      kind: 'alertmanager',
      incidentTitle: '{recovered}',
    })
    const other = await webhook(bare, firing('{}:{alertname="EmptyTitle"}', 'search-msg'))
    expect(await publicTitle(other.body.incident.id)).toBe('Elevated errors on Search')
  })

  it('refuses a template with an unknown placeholder, naming the field (400)', async () => {
    for (const [field, template, unknown] of [
      ['openingMessage', 'Down: {service}', '{service}'],
      ['incidentTitle', '{alertname} is failing', '{alertname}'],
    ]) {
      const res = await api('POST', '/integrations', {
        key: admin.key,
        body: { name: `Bad ${field}`, kind: 'alertmanager', [field]: template },
      })
      expect(res.status, res.text).toBe(400)
      expect(res.text).toContain(field)
      expect(res.text).toContain(`unknown placeholder ${unknown}`)
    }
  })
})
