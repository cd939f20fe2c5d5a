import { describe, expect, it } from 'vitest'

import {
  deriveIncidentState,
  newestUpdate,
  sameUpdates,
  type IncidentUpdateInput,
  updatesNewestFirst,
} from '@/domain/incident-status'
import type { IncidentStatus } from '@/domain/statuses'

// The contract: "the incident `status` always equals the status of its newest update"; updates are "ordered
// newest first"; resolvedAt is a timestamp or null, ISO 8601 in UTC with milliseconds.
type Row = IncidentUpdateInput & { message: string }
const row = (status: IncidentStatus, createdAt: string | Date, message: string = status): Row => ({
  status,
  createdAt,
  message,
})

describe('deriveIncidentState', () => {
  it('has nothing to derive from no updates', () => {
    expect(deriveIncidentState([])).toBeUndefined()
  })

  it('takes the status of a single update', () => {
    expect(deriveIncidentState([row('investigating', '2026-01-01T10:00:00.000Z')])).toEqual({
      status: 'investigating',
      resolvedAt: null,
    })
  })

  it('takes the newest update by createdAt, not the last array element', () => {
    const updates = [
      row('monitoring', '2026-01-01T12:00:00.000Z'),
      row('investigating', '2026-01-01T10:00:00.000Z'),
      row('identified', '2026-01-01T11:00:00.000Z'),
    ]
    expect(deriveIncidentState(updates)?.status).toBe('monitoring')
  })

  it('does not treat the first element as newest either (out-of-order list)', () => {
    const updates = [
      row('identified', '2026-01-01T11:00:00.000Z'),
      row('resolved', '2026-01-01T13:00:00.000Z'),
      row('investigating', '2026-01-01T10:00:00.000Z'),
      row('monitoring', '2026-01-01T12:00:00.000Z'),
    ]
    expect(deriveIncidentState(updates)).toEqual({ status: 'resolved', resolvedAt: '2026-01-01T13:00:00.000Z' })
  })

  it('on equal createdAt takes the later array element', () => {
    const at = '2026-01-01T10:00:00.000Z'
    expect(deriveIncidentState([row('investigating', at), row('resolved', at)])).toEqual({
      status: 'resolved',
      resolvedAt: at,
    })
    expect(deriveIncidentState([row('resolved', at), row('investigating', at)])).toEqual({
      status: 'investigating',
      resolvedAt: null,
    })
  })

  it('a tie among the newest only: an older later element does not win', () => {
    const updates = [
      row('identified', '2026-01-01T11:00:00.000Z'),
      row('monitoring', '2026-01-01T11:00:00.000Z'),
      row('investigating', '2026-01-01T10:00:00.000Z'),
    ]
    expect(deriveIncidentState(updates)?.status).toBe('monitoring')
  })

  it("sets resolvedAt to the resolving update's createdAt, in UTC with milliseconds", () => {
    const updates = [row('investigating', '2026-03-01T09:00:00Z'), row('resolved', '2026-03-01T11:30:15+02:00')]
    expect(deriveIncidentState(updates)).toEqual({ status: 'resolved', resolvedAt: '2026-03-01T09:30:15.000Z' })
  })

  it('accepts Date objects as createdAt', () => {
    const updates = [
      row('identified', new Date('2026-01-01T10:00:00.000Z')),
      row('resolved', new Date('2026-01-01T10:00:00.001Z')),
    ]
    expect(deriveIncidentState(updates)).toEqual({ status: 'resolved', resolvedAt: '2026-01-01T10:00:00.001Z' })
  })

  it('compares instants, not strings: a later time in another offset wins', () => {
    // As text "2026-01-01T11:00:00+05:00" sorts after "2026-01-01T10:00:00Z", but it is 06:00Z, five hours earlier.
    const updates = [row('resolved', '2026-01-01T10:00:00.000Z'), row('investigating', '2026-01-01T11:00:00+05:00')]
    expect(deriveIncidentState(updates)).toEqual({ status: 'resolved', resolvedAt: '2026-01-01T10:00:00.000Z' })
  })

  it('a resolved incident that gets a newer update is reopened and loses resolvedAt', () => {
    const resolved = [row('investigating', '2026-01-01T10:00:00.000Z'), row('resolved', '2026-01-01T11:00:00.000Z')]
    expect(deriveIncidentState(resolved)).toEqual({ status: 'resolved', resolvedAt: '2026-01-01T11:00:00.000Z' })
    const reopened = [...resolved, row('investigating', '2026-01-01T12:00:00.000Z')]
    expect(deriveIncidentState(reopened)).toEqual({ status: 'investigating', resolvedAt: null })
    const resolvedAgain = [...reopened, row('resolved', '2026-01-01T14:00:00.000Z')]
    // resolvedAt is the second resolution, not the first.
    expect(deriveIncidentState(resolvedAgain)).toEqual({ status: 'resolved', resolvedAt: '2026-01-01T14:00:00.000Z' })
  })

  it('an older resolved update does not resolve an incident whose newest update is not resolved', () => {
    const updates = [row('monitoring', '2026-01-01T12:00:00.000Z'), row('resolved', '2026-01-01T11:00:00.000Z')]
    expect(deriveIncidentState(updates)).toEqual({ status: 'monitoring', resolvedAt: null })
  })

  it('every status is reachable as the newest', () => {
    for (const status of ['investigating', 'identified', 'monitoring', 'resolved'] as const) {
      expect(
        deriveIncidentState([row('investigating', '2026-01-01T00:00:00.000Z'), row(status, '2026-01-02T00:00:00.000Z')])
          ?.status,
      ).toBe(status)
    }
  })
})

describe('newestUpdate', () => {
  it('returns the row itself (with its other fields) and undefined for none', () => {
    const newest = row('identified', '2026-01-01T11:00:00.000Z', 'found it')
    expect(newestUpdate([row('investigating', '2026-01-01T10:00:00.000Z'), newest])).toBe(newest)
    expect(newestUpdate([])).toBeUndefined()
  })
})

describe('updatesNewestFirst', () => {
  it('orders by createdAt, newest first, whatever the input order', () => {
    const updates = [
      row('identified', '2026-01-01T11:00:00.000Z', 'b'),
      row('resolved', '2026-01-01T13:00:00.000Z', 'd'),
      row('investigating', '2026-01-01T10:00:00.000Z', 'a'),
      row('monitoring', '2026-01-01T12:00:00.000Z', 'c'),
    ]
    expect(updatesNewestFirst(updates).map((u) => u.message)).toEqual(['d', 'c', 'b', 'a'])
  })

  it('puts the later array element first on equal createdAt, so the first shown is the one that sets the status', () => {
    const at = '2026-01-01T10:00:00.000Z'
    const updates = [
      row('investigating', at, 'first'),
      row('identified', '2026-01-01T09:00:00.000Z', 'older'),
      row('monitoring', at, 'second'),
    ]
    const ordered = updatesNewestFirst(updates)
    expect(ordered.map((u) => u.message)).toEqual(['second', 'first', 'older'])
    expect(ordered[0]).toBe(newestUpdate(updates))
    expect(ordered[0].status).toBe(deriveIncidentState(updates)?.status)
  })

  it('does not change the input array and keeps every row', () => {
    const updates = [row('investigating', '2026-01-01T10:00:00.000Z'), row('resolved', '2026-01-01T11:00:00.000Z')]
    const copy = [...updates]
    const ordered = updatesNewestFirst(updates)
    expect(updates).toEqual(copy)
    expect(ordered).not.toBe(updates)
    expect(ordered).toHaveLength(2)
    expect(updatesNewestFirst([])).toEqual([])
  })

  it('agrees with deriveIncidentState on many shuffled lists with ties', () => {
    // A fixed pseudo-random sequence keeps the test deterministic.
    let seed = 42
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const statuses = ['investigating', 'identified', 'monitoring', 'resolved'] as const
    for (let n = 0; n < 200; n++) {
      const updates = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, i) =>
        row(statuses[Math.floor(next() * 4)], new Date(Date.UTC(2026, 0, 1, Math.floor(next() * 3))), String(i)),
      )
      const ordered = updatesNewestFirst(updates)
      for (let i = 1; i < ordered.length; i++) {
        expect(new Date(ordered[i - 1].createdAt).getTime()).toBeGreaterThanOrEqual(
          new Date(ordered[i].createdAt).getTime(),
        )
      }
      expect(deriveIncidentState(updates)?.status).toBe(ordered[0].status)
    }
  })
})

describe('sameUpdates', () => {
  const rows = (...ids: string[]) => ids.map((id) => ({ id }))
  it('holds for the same rows in the same order', () => {
    expect(sameUpdates(rows('a', 'b'), rows('a', 'b'))).toBe(true)
    expect(sameUpdates([], [])).toBe(true)
  })
  it('fails when a row was added, removed, replaced or moved since the read', () => {
    expect(sameUpdates(rows('a'), rows('a', 'b'))).toBe(false)
    expect(sameUpdates(rows('a', 'b'), rows('a'))).toBe(false)
    expect(sameUpdates(rows('a', 'b'), rows('a', 'c'))).toBe(false)
    expect(sameUpdates(rows('a', 'b'), rows('b', 'a'))).toBe(false)
  })
})
