import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, graphql, type ApiResponse, type TestUser } from '../helpers/api'

/**
 * M8: a control character in any text field made the Atom and RSS feeds unparseable for every reader (XML 1.0
 * forbids them), and NUL cannot be stored on PostgreSQL at all. Every text field of every collection and global
 * refuses them with a 400 naming the field; tab, line feed and carriage return stay allowed.
 */

let admin: TestUser
let editor: TestUser
let groupId: number
let serviceId: number

const FORBIDDEN = ['\u0000', '\u0001', '\u0002', '\u0008', '\u000B', '\u000C', '\u000E', '\u001B', '\u001F', '\u007F']

function expectFieldRefused(res: ApiResponse, path: string) {
  expect(res.status, res.text.slice(0, 400)).toBe(400)
  const errors = res.body.errors.flatMap(
    (e: { data?: { errors?: { path: string; message: string }[] } }) => e.data?.errors ?? [],
  )
  expect(errors.map((e: { path: string }) => e.path)).toContain(path)
  expect(JSON.stringify(errors)).toMatch(
    /contains a control character \(U\+00[0-9A-F]{2}\); only tab, line feed and carriage return are allowed/,
  )
}

const updates = (message: string) => [{ status: 'investigating', message }]

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Control group' } })
  groupId = group.body.doc.id
  serviceId = (await api('POST', '/services', { key: admin.key, body: { name: 'Control service', group: groupId } }))
    .body.doc.id
})

describe('text fields refuse control characters other than tab, LF and CR', () => {
  it('an incident title and an update message, each forbidden character', async () => {
    for (const c of FORBIDDEN) {
      expectFieldRefused(
        await api('POST', '/incidents', { key: editor.key, body: { title: `a${c}b`, updates: updates('x') } }),
        'title',
      )
    }
    expectFieldRefused(
      await api('POST', '/incidents', { key: editor.key, body: { title: 'Fine', updates: updates('x\u0002y') } }),
      'updates.0.message',
    )
    const listed = await api('GET', '/incidents?limit=100')
    expect(listed.body.totalDocs).toBe(0)
  })

  it('on update as well as create', async () => {
    const created = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'Clean', updates: updates('ok') },
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    expectFieldRefused(
      await api('PATCH', `/incidents/${id}`, { key: editor.key, body: { title: 'Dirty\u0001' } }),
      'title',
    )
    expectFieldRefused(
      await api('PATCH', `/incidents/${id}`, {
        key: editor.key,
        body: { updates: [...created.body.doc.updates, { status: 'resolved', message: 'done\u0008' }] },
      }),
      'updates.1.message',
    )
    expect((await api('GET', `/incidents/${id}`)).body.title).toBe('Clean')
  })

  it('service and group names and descriptions, maintenance titles and messages', async () => {
    expectFieldRefused(await api('POST', '/service-groups', { key: admin.key, body: { name: 'G\u001b[31m' } }), 'name')
    expectFieldRefused(
      await api('PATCH', `/service-groups/${groupId}`, { key: admin.key, body: { description: 'd\u0000' } }),
      'description',
    )
    expectFieldRefused(
      await api('POST', '/services', { key: admin.key, body: { name: 'S\u0007', group: groupId } }),
      'name',
    )
    expectFieldRefused(
      await api('PATCH', `/services/${serviceId}`, { key: editor.key, body: { description: '\u007f' } }),
      'description',
    )
    const maintenance = { title: 'Work', scheduledStartAt: '2030-01-01T00:00:00Z' }
    expectFieldRefused(
      await api('POST', '/maintenances', { key: editor.key, body: { ...maintenance, title: 'W\u0001' } }),
      'title',
    )
    expectFieldRefused(
      await api('POST', '/maintenances', {
        key: editor.key,
        body: { ...maintenance, updates: [{ message: 'm\u0002' }] },
      }),
      'updates.0.message',
    )
  })

  it('text inside rich text', async () => {
    const description = {
      root: {
        type: 'root',
        version: 1,
        children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text: 'bad\u0001' }] }],
      },
    }
    const res = await api('POST', '/maintenances', {
      key: editor.key,
      body: { title: 'Rich', scheduledStartAt: '2030-01-01T00:00:00Z', description },
    })
    expect(res.status).toBe(400)
    expect(res.text).toMatch(/description contains a control character \(U\+0001\)/)
  })

  it('the site settings (a global)', async () => {
    expectFieldRefused(
      await api('POST', '/globals/settings', { key: admin.key, body: { siteName: 'Status\u0000' } }),
      'siteName',
    )
    expectFieldRefused(
      await api('POST', '/globals/settings', { key: admin.key, body: { statusMessage: 'msg\u0003' } }),
      'statusMessage',
    )
    expectFieldRefused(
      await api('POST', '/globals/settings', { key: admin.key, body: { description: '\u000c' } }),
      'description',
    )
  })

  it('a user name and a subscriber address', async () => {
    expectFieldRefused(
      await api('PATCH', `/users/${editor.id}`, { key: editor.key, body: { name: 'Ed\u0001' } }),
      'name',
    )
    const res = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: 'x\u0001@example.com' },
    })
    expect(res.status).toBe(400)
    expect(res.text).toMatch(/email/)
  })

  it('through GraphQL too', async () => {
    const res = await graphql(
      'mutation ($t: String!) { createIncident(data: { title: $t, updates: [{ status: investigating, message: "x" }] }) { id } }',
      { t: 'g\u0001' },
      { key: editor.key },
    )
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body.errors)).toMatch(/title contains a control character/)
  })

  it('tab, line feed and carriage return, and any other Unicode, are kept', async () => {
    const message = 'line one\r\nline two\n\tindented — café ✓ 日本'
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'Tabs\tand ✓', updates: updates(message) },
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body.doc.title).toBe('Tabs\tand ✓')
    expect(res.body.doc.updates[0].message).toBe(message)
  })
})
