/**
 * While the invalidation bus (Redis) is down, a peer's write does not move this instance's data version: the
 * uptime table must then be read afresh rather than from the memo of the version it keeps (code review #6). The
 * edge's health probe is what says so; here the test sets it, and a write made without bumping the local version
 * stands in for the peer's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { setEdgeHealthProbe } from '@/runtime/health'
import { api, createUser, payload } from '../helpers/api'
import { v1 } from '../helpers/public-api'

let service: { id: number; slug: string }

const majorSeconds = async () =>
  (await v1(`/uptime?days=1&service=${service.slug}`)).body.data[0].days[0].seconds.major as number

const T0 = Date.parse('2026-05-04T10:00:00.000Z')

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
  const admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Peers' } })
  const created = await api('POST', '/services', {
    key: admin.key,
    body: { name: 'Peer-written', group: group.body.doc.id },
  })
  service = { id: created.body.doc.id, slug: created.body.doc.slug }
})

afterAll(() => {
  setEdgeHealthProbe(() => ({}))
  vi.useRealTimers()
})

describe('memos while peers go unheard', () => {
  it('serve a peer’s write at once when Redis is down, where the memo would still say nothing happened', async () => {
    setEdgeHealthProbe(() => ({ redis: 'up' }))
    vi.setSystemTime(T0 + 10 * 60_000)
    expect(await majorSeconds()).toBe(0)
    // A peer's write: the history says major for the last five minutes; this instance's data version does not move.
    const p = await payload()
    await p.create({
      collection: 'service-status-changes',
      overrideAccess: true,
      data: {
        service: service.id,
        fromStatus: 'operational',
        toStatus: 'major',
        at: new Date(T0 + 5 * 60_000).toISOString(),
        source: 'manual',
      },
    })
    // With the bus up, the memo is right to be kept: a peer's write would have bumped the version.
    expect(await majorSeconds()).toBe(0)
    setEdgeHealthProbe(() => ({ redis: 'down' }))
    expect(await majorSeconds()).toBe(5 * 60)
  })
})
