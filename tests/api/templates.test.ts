/**
 * Incident and maintenance templates through the CMS API: who may keep them, and what `template: <id>` on a new
 * incident or maintenance gives it, with every field of the body taking precedence.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'
import { plainRichText } from '../helpers/rich-text'

let admin: TestUser
let editor: TestUser
let payments: number
let search: number

async function incidentTemplate(body: Record<string, unknown> = {}) {
  const res = await api('POST', '/incident-templates', {
    key: editor.key,
    body: {
      name: 'Payments degraded',
      title: 'Payments are slow',
      status: 'identified',
      message: 'We know why payments are slow and are fixing it.',
      services: [
        { service: payments, status: 'partial' },
        { service: search, status: 'degraded' },
      ],
      notify: false,
      ...body,
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number }
}

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Template group' } })
  payments = (await api('POST', '/services', { key: admin.key, body: { name: 'Payments', group: group.body.doc.id } }))
    .body.doc.id
  search = (await api('POST', '/services', { key: admin.key, body: { name: 'Search', group: group.body.doc.id } })).body
    .doc.id
})

describe('templates are kept by editors and admins', () => {
  it('are refused to anonymous clients (401), listed for editors, deleted by admins only', async () => {
    const template = await incidentTemplate()
    expect((await api('GET', '/incident-templates')).status).toBe(401)
    expect(
      (
        await api('POST', '/incident-templates', {
          body: { name: 'x', title: 'x', status: 'investigating', message: 'x' },
        })
      ).status,
    ).toBe(401)
    const listed = await api('GET', '/incident-templates', { key: editor.key })
    expect(listed.status).toBe(200)
    expect(listed.body.docs.map((d: { id: number }) => d.id)).toContain(template.id)
    expect((await api('DELETE', `/incident-templates/${template.id}`, { key: editor.key })).status).toBe(403)
    expect((await api('DELETE', `/incident-templates/${template.id}`, { key: admin.key })).status).toBe(200)
  })

  it('refuse a template without its first update’s message, naming the field', async () => {
    const res = await api('POST', '/incident-templates', {
      key: editor.key,
      body: { name: 'x', title: 'x', status: 'investigating' },
    })
    expect(res.status).toBe(400)
    expect(res.text).toContain('message')
  })
})

describe('POST /api/incidents with a template', () => {
  it('starts the incident from the template: title, first update, affected services and the statuses it sets', async () => {
    const template = await incidentTemplate()
    const res = await api('POST', '/incidents', { key: editor.key, body: { template: template.id } })
    expect(res.status, res.text).toBe(201)
    const doc = res.body.doc
    expect(doc.title).toBe('Payments are slow')
    expect(doc.status).toBe('identified')
    expect(doc.updates).toHaveLength(1)
    expect(doc.updates[0]).toMatchObject({
      status: 'identified',
      message: 'We know why payments are slow and are fixing it.',
      notify: false,
    })
    expect(doc.affectedServices.map((s: { id: number } | number) => (typeof s === 'object' ? s.id : s)).sort()).toEqual(
      [payments, search].sort(),
    )
    expect(doc.template).toBeUndefined()
    const statuses = await api('GET', `/services?where[id][in]=${payments},${search}&depth=0`, { key: editor.key })
    const byId = Object.fromEntries(statuses.body.docs.map((s: { id: number; status: string }) => [s.id, s.status]))
    expect(byId).toEqual({ [payments]: 'partial', [search]: 'degraded' })
  })

  it('keeps every field the body gives over the template’s', async () => {
    const template = await incidentTemplate({ name: 'Other' })
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        template: template.id,
        title: 'Card payments fail',
        updates: [{ status: 'investigating', message: 'Looking into it.' }],
        affectedServices: [payments],
      },
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body.doc.title).toBe('Card payments fail')
    expect(res.body.doc.updates.map((u: { message: string }) => u.message)).toEqual(['Looking into it.'])
    expect(
      res.body.doc.affectedServices.map((s: { id: number } | number) => (typeof s === 'object' ? s.id : s)),
    ).toEqual([payments])
  })

  it('answers 400 naming `template` for a template that does not exist, and stores nothing', async () => {
    const before = (await api('GET', '/incidents?limit=0', { key: editor.key })).body.totalDocs
    const res = await api('POST', '/incidents', { key: editor.key, body: { template: 999999 } })
    expect(res.status).toBe(400)
    expect(res.text).toContain('template')
    expect((await api('GET', '/incidents?limit=0', { key: editor.key })).body.totalDocs).toBe(before)
  })
  it('answers 400 naming `template` for a value that is not an id (an object, a list, text, a negative or huge number), and stores nothing', async () => {
    const before = (await api('GET', '/incidents?limit=0', { key: editor.key })).body.totalDocs
    for (const template of [{ equals: 1 }, { id: 1 }, [1], '1 or 1=1', -1, 0, 1.5, 1e30, true]) {
      for (const path of ['/incidents', '/maintenances']) {
        const res = await api('POST', path, {
          key: editor.key,
          body: { template, scheduledStartAt: new Date(Date.now() + 86_400_000).toISOString() },
        })
        expect(res.status, `${path} ${JSON.stringify(template)}: ${res.text}`).toBe(400)
        expect(res.body.errors[0].data.errors).toEqual([
          { path: 'template', message: 'template must be the id of a template (a whole number from 1)' },
        ])
      }
    }
    expect((await api('GET', '/incidents?limit=0', { key: editor.key })).body.totalDocs).toBe(before)
  })
})

describe('POST /api/maintenances with a template', () => {
  it('takes title, description, services and switches from the template, and places the end by its duration', async () => {
    const made = await api('POST', '/maintenance-templates', {
      key: editor.key,
      body: {
        name: 'DB upgrade',
        title: 'Database upgrade',
        description: plainRichText('Minor version upgrade.'),
        durationMinutes: 90,
        services: [payments],
        setServicesUnderMaintenance: true,
        notifySubscribers: false,
      },
    })
    expect(made.status, made.text).toBe(201)
    const start = '2030-05-01T10:00:00.000Z'
    const res = await api('POST', '/maintenances', {
      key: editor.key,
      body: { template: made.body.doc.id, scheduledStartAt: start },
    })
    expect(res.status, res.text).toBe(201)
    const doc = res.body.doc
    expect(doc.title).toBe('Database upgrade')
    expect(new Date(doc.scheduledEndAt).toISOString()).toBe('2030-05-01T11:30:00.000Z')
    expect(doc.setServicesUnderMaintenance).toBe(true)
    expect(doc.notifySubscribers).toBe(false)
    expect(JSON.stringify(doc.description)).toContain('Minor version upgrade.')
    expect(doc.affectedServices.map((s: { id: number } | number) => (typeof s === 'object' ? s.id : s))).toEqual([
      payments,
    ])

    const own = await api('POST', '/maintenances', {
      key: editor.key,
      body: {
        template: made.body.doc.id,
        title: 'Own title',
        scheduledStartAt: start,
        scheduledEndAt: '2030-05-01T10:15:00.000Z',
      },
    })
    expect(own.status, own.text).toBe(201)
    expect(own.body.doc.title).toBe('Own title')
    expect(new Date(own.body.doc.scheduledEndAt).toISOString()).toBe('2030-05-01T10:15:00.000Z')
  })
})
