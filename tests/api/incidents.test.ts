import { beforeAll, describe, expect, it } from 'vitest'

import { SHORT_ID_ALPHABET } from '@/domain/short-id'
import { api, createUser, type TestUser } from '../helpers/api'

let admin: TestUser
let editor: TestUser
let serviceId: number

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 15, 12, 0, 0) - minutesAgo * 60_000).toISOString()

async function createIncident(body: Record<string, unknown>, key = editor.key) {
  const res = await api('POST', '/incidents', {
    key,
    body: { title: 'Incident', affectedServices: [serviceId], ...body },
  })
  return res
}

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Incident group' } })
  const service = await api('POST', '/services', {
    key: admin.key,
    body: { name: 'Checkout', group: group.body.doc.id },
  })
  expect(service.status).toBe(201)
  serviceId = service.body.doc.id
})

describe('incident status follows the newest update', () => {
  it('takes the status of the update with the greatest createdAt, whatever the list order', async () => {
    const res = await createIncident({
      updates: [
        { status: 'identified', message: 'second', createdAt: at(20) },
        { status: 'monitoring', message: 'third (newest)', createdAt: at(5) },
        { status: 'investigating', message: 'first', createdAt: at(30) },
      ],
    })
    expect(res.status).toBe(201)
    expect(res.body.doc.status).toBe('monitoring')
    expect(res.body.doc.resolvedAt).toBeNull()
    expect(res.body.doc.affectedServices.map((s: any) => s.id ?? s)).toEqual([serviceId])

    const read = await api('GET', `/incidents/${res.body.doc.id}`)
    expect(read.body.status).toBe('monitoring')
    expect(read.body.updates).toHaveLength(3)
  })

  it('on equal createdAt takes the later element of the list', async () => {
    const same = at(10)
    const a = await createIncident({
      updates: [
        { status: 'investigating', message: 'a', createdAt: same },
        { status: 'identified', message: 'b', createdAt: same },
      ],
    })
    const b = await createIncident({
      updates: [
        { status: 'identified', message: 'b', createdAt: same },
        { status: 'investigating', message: 'a', createdAt: same },
      ],
    })
    expect(a.body.doc.status).toBe('identified')
    expect(b.body.doc.status).toBe('investigating')
  })

  it('sets resolvedAt to the resolving update time when the newest update is resolved', async () => {
    const res = await createIncident({
      updates: [
        { status: 'resolved', message: 'fixed', createdAt: at(1) },
        { status: 'investigating', message: 'looking', createdAt: at(40) },
      ],
    })
    expect(res.status).toBe(201)
    expect(res.body.doc.status).toBe('resolved')
    expect(res.body.doc.resolvedAt).toBe(at(1))
  })

  it('leaves resolvedAt null when a resolved update is followed by a newer one', async () => {
    const res = await createIncident({
      updates: [
        { status: 'resolved', message: 'thought so', createdAt: at(30) },
        { status: 'investigating', message: 'it is back', createdAt: at(10) },
      ],
    })
    expect(res.body.doc.status).toBe('investigating')
    expect(res.body.doc.resolvedAt).toBeNull()
  })

  it('reopens a resolved incident through a PATCH and clears resolvedAt', async () => {
    const created = await createIncident({
      updates: [
        { status: 'investigating', message: 'looking', createdAt: at(60) },
        { status: 'resolved', message: 'fixed', createdAt: at(30) },
      ],
    })
    expect(created.body.doc).toMatchObject({ status: 'resolved', resolvedAt: at(30) })
    const id = created.body.doc.id

    const patched = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: {
        updates: [
          { status: 'investigating', message: 'looking', createdAt: at(60) },
          { status: 'resolved', message: 'fixed', createdAt: at(30) },
          { status: 'identified', message: 'regressed', createdAt: at(5) },
        ],
      },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.doc).toMatchObject({ status: 'identified', resolvedAt: null })

    const read = await api('GET', `/incidents/${id}`)
    expect(read.body).toMatchObject({ status: 'identified', resolvedAt: null })

    const resolvedAgain = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: { updates: [...read.body.updates, { status: 'resolved', message: 'fixed again', createdAt: at(2) }] },
    })
    expect(resolvedAgain.body.doc).toMatchObject({ status: 'resolved', resolvedAt: at(2) })
  })
})

describe('PATCH with updates', () => {
  it('replaces the whole list', async () => {
    const created = await createIncident({
      updates: [
        { status: 'investigating', message: 'one', createdAt: at(30) },
        { status: 'identified', message: 'two', createdAt: at(20) },
        { status: 'monitoring', message: 'three', createdAt: at(10) },
      ],
    })
    const id = created.body.doc.id
    const patched = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: { updates: [{ status: 'investigating', message: 'only this', createdAt: at(50) }] },
    })
    expect(patched.status).toBe(200)
    const read = await api('GET', `/incidents/${id}`)
    expect(read.body.updates).toHaveLength(1)
    expect(read.body.updates[0]).toMatchObject({ status: 'investigating', message: 'only this', createdAt: at(50) })
    expect(read.body.status).toBe('investigating')
  })

  it('keeps the list and the status when the PATCH does not send updates', async () => {
    const created = await createIncident({
      updates: [
        { status: 'investigating', message: 'one', createdAt: at(30) },
        { status: 'monitoring', message: 'two', createdAt: at(20) },
      ],
    })
    const id = created.body.doc.id
    const patched = await api('PATCH', `/incidents/${id}`, { key: editor.key, body: { title: 'Renamed' } })
    expect(patched.status).toBe(200)
    const read = await api('GET', `/incidents/${id}`)
    expect(read.body.title).toBe('Renamed')
    expect(read.body.status).toBe('monitoring')
    expect(read.body.updates.map((u: any) => u.message)).toEqual(['one', 'two'])
  })
})

describe('update createdAt', () => {
  it('defaults to now when omitted', async () => {
    const before = Date.now()
    const res = await createIncident({ updates: [{ status: 'investigating', message: 'just now' }] })
    const after = Date.now()
    expect(res.status).toBe(201)
    const stamped = Date.parse(res.body.doc.updates[0].createdAt)
    expect(stamped).toBeGreaterThanOrEqual(before - 1)
    expect(stamped).toBeLessThanOrEqual(after + 1)
  })

  it('makes an update sent without createdAt the newest one', async () => {
    const created = await createIncident({ updates: [{ status: 'investigating', message: 'old', createdAt: at(60) }] })
    const id = created.body.doc.id
    const patched = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: {
        updates: [
          { status: 'investigating', message: 'old', createdAt: at(60) },
          { status: 'resolved', message: 'now' },
        ],
      },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.doc.status).toBe('resolved')
    const resolvedAt = Date.parse(patched.body.doc.resolvedAt)
    expect(Math.abs(resolvedAt - Date.now())).toBeLessThan(60_000)
    expect(patched.body.doc.resolvedAt).toBe(patched.body.doc.updates[1].createdAt)
  })
})

describe('invalid incidents', () => {
  it('refuses an incident without updates with a 400 naming updates', async () => {
    for (const body of [{ title: 'No updates' }, { title: 'Empty updates', updates: [] }]) {
      const res = await api('POST', '/incidents', { key: editor.key, body })
      expect(res.status).toBe(400)
      expect(res.body.errors[0].message).toMatch(/updates/i)
    }
    const list = await api('GET', '/incidents?where[title][like]=updates')
    expect(list.body.totalDocs).toBe(0)
  })

  it('refuses a PATCH that empties the updates', async () => {
    const created = await createIncident({ updates: [{ status: 'identified', message: 'x', createdAt: at(3) }] })
    const res = await api('PATCH', `/incidents/${created.body.doc.id}`, { key: editor.key, body: { updates: [] } })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/updates/i)
    const read = await api('GET', `/incidents/${created.body.doc.id}`)
    expect(read.body.updates).toHaveLength(1)
    expect(read.body.status).toBe('identified')
  })
})

describe('derived fields cannot be written', () => {
  it('ignores status and resolvedAt sent on create', async () => {
    const res = await createIncident({
      status: 'resolved',
      resolvedAt: '2020-01-01T00:00:00.000Z',
      updates: [{ status: 'investigating', message: 'still looking', createdAt: at(5) }],
    })
    expect(res.status).toBe(201)
    expect(res.body.doc).toMatchObject({ status: 'investigating', resolvedAt: null })
  })

  it('ignores status and resolvedAt sent on update', async () => {
    const created = await createIncident({ updates: [{ status: 'monitoring', message: 'watching', createdAt: at(5) }] })
    const id = created.body.doc.id
    const res = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: { status: 'resolved', resolvedAt: '2020-01-01T00:00:00.000Z' },
    })
    expect(res.status).toBe(200)
    const read = await api('GET', `/incidents/${id}`)
    expect(read.body).toMatchObject({ status: 'monitoring', resolvedAt: null })
  })

  it('derives resolvedAt from the update, not from the value sent', async () => {
    const res = await createIncident({
      resolvedAt: '2020-01-01T00:00:00.000Z',
      updates: [{ status: 'resolved', message: 'done', createdAt: at(7) }],
    })
    expect(res.body.doc.resolvedAt).toBe(at(7))
  })
})

describe('shortId', () => {
  it('is generated, 10 characters from the alphabet, and unique', async () => {
    const shortIds: string[] = []
    for (let i = 0; i < 6; i++) {
      const res = await createIncident({ title: `Short ${i}`, updates: [{ status: 'investigating', message: 'x' }] })
      expect(res.status).toBe(201)
      shortIds.push(res.body.doc.shortId)
    }
    for (const shortId of shortIds) {
      expect(shortId).toHaveLength(10)
      expect([...shortId].every((c) => SHORT_ID_ALPHABET.includes(c))).toBe(true)
    }
    expect(new Set(shortIds).size).toBe(shortIds.length)
    const found = await api('GET', `/incidents?where[shortId][equals]=${shortIds[2]}`)
    expect(found.body.docs.map((d: any) => d.title)).toEqual(['Short 2'])
  })

  it('cannot be chosen on create', async () => {
    const res = await createIncident({ shortId: 'abcdefghjk', updates: [{ status: 'investigating', message: 'x' }] })
    expect(res.status).toBe(201)
    expect(res.body.doc.shortId).toHaveLength(10)
    expect(res.body.doc.shortId).not.toBe('abcdefghjk')
  })

  it('cannot be changed on update, by an editor or an admin', async () => {
    const created = await createIncident({ updates: [{ status: 'investigating', message: 'x' }] })
    const { id, shortId } = created.body.doc
    for (const key of [editor.key, admin.key]) {
      const res = await api('PATCH', `/incidents/${id}`, { key, body: { shortId: 'zzzzzzzzzz', title: 'Still mine' } })
      expect(res.status).toBe(200)
      expect(res.body.doc.shortId).toBe(shortId)
    }
    const read = await api('GET', `/incidents/${id}`)
    expect(read.body).toMatchObject({ shortId, title: 'Still mine' })
  })
})
