import { describe, expect, it } from 'vitest'

import {
  incidentEvent,
  maintenanceEvent,
  MAX_DELIVERY_ATTEMPTS,
  nextAttemptAt,
  notificationOutcome,
  retryDelayMs,
  followerHears,
  subscriberWantsEvent,
  type UpdateLike,
  updateFingerprint,
} from '@/domain/notifications'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute)).toISOString()
const update = (
  status: UpdateLike['status'],
  minute: number,
  message = `${status} at ${minute}`,
  notify?: boolean,
): UpdateLike => ({ status, message, createdAt: at(minute), notify })

describe('the event an incident write causes', () => {
  it('is "created" for a new incident, about its newest update', () => {
    const event = incidentEvent(7, null, [update('investigating', 0), update('identified', 5)])
    expect(event).toMatchObject({ kind: 'incident_created', status: 'identified', message: 'identified at 5' })
    expect(event?.eventKey).toBe(`incident:7:${updateFingerprint(update('identified', 5))}`)
  })

  it('is "updated" for an added update, and "resolved" when the added update resolves', () => {
    const before = [update('investigating', 0)]
    expect(incidentEvent(7, before, [...before, update('monitoring', 9)])).toMatchObject({
      kind: 'incident_updated',
      status: 'monitoring',
    })
    expect(incidentEvent(7, before, [...before, update('resolved', 9)])).toMatchObject({
      kind: 'incident_resolved',
      message: 'resolved at 9',
    })
  })

  it('recognises updates by content, since a PATCH replaces the list (and its row ids)', () => {
    const list = [update('investigating', 0), update('identified', 5)]
    expect(
      incidentEvent(
        7,
        list,
        list.map((u) => ({ ...u, createdAt: new Date(u.createdAt) })),
      ),
    ).toBeNull()
    // A message edited in a list sent without row ids is a correction of the update written at that instant.
    expect(incidentEvent(7, list, [list[0], { ...list[1], message: 'corrected' }])).toBeNull()
    // A new instant is a new update.
    expect(incidentEvent(7, list, [list[0], { ...list[1], message: 'later', createdAt: at(6) }])).toMatchObject({
      kind: 'incident_updated',
      message: 'later',
    })
  })

  it('is nothing when only an older update is corrected, with or without row ids, even after the resolution', () => {
    const resolvedIncident = [update('investigating', 0, 'Lokking into it'), update('resolved', 60, 'Fixed')]
    const fixed = [{ ...resolvedIncident[0], message: 'Looking into it' }, resolvedIncident[1]]
    expect(incidentEvent(7, resolvedIncident, fixed)).toBeNull()
    expect(incidentEvent(7, resolvedIncident, [{ ...fixed[0], status: 'identified' }, fixed[1]])).toBeNull()
    expect(incidentEvent(7, resolvedIncident, [{ ...fixed[0], createdAt: at(1) }, fixed[1]])).toBeNull()
    // A forgotten update inserted below the newest one is history, not news.
    expect(
      incidentEvent(7, resolvedIncident, [resolvedIncident[0], update('identified', 30), resolvedIncident[1]]),
    ).toBeNull()
    // The newest update's status changing is news.
    expect(
      incidentEvent(7, resolvedIncident, [resolvedIncident[0], { ...resolvedIncident[1], status: 'monitoring' }]),
    ).toMatchObject({
      kind: 'incident_updated',
      status: 'monitoring',
      message: 'Fixed',
    })
  })

  it('takes a row that kept its id and status as a correction, not news; a changed status is news', () => {
    const list = [
      { ...update('investigating', 0), id: 'a' },
      { ...update('identified', 5), id: 'b' },
    ]
    expect(incidentEvent(7, list, [list[0], { ...list[1], message: 'typo fixed', createdAt: at(6) }])).toBeNull()
    expect(incidentEvent(7, list, [list[0], { ...list[1], status: 'resolved' }])).toMatchObject({
      kind: 'incident_resolved',
      message: 'identified at 5',
    })
    expect(incidentEvent(7, list, [...list, { ...update('monitoring', 9), id: 'c' }])).toMatchObject({
      kind: 'incident_updated',
      status: 'monitoring',
    })
  })

  it('makes one event of several added updates, about the newest the operator lets notify; none when all are quiet', () => {
    const before = [update('investigating', 0)]
    const event = incidentEvent(7, before, [
      ...before,
      update('identified', 5),
      update('monitoring', 8, 'quiet', false),
      update('resolved', 3),
    ])
    expect(event).toMatchObject({ status: 'identified' })
    expect(incidentEvent(7, before, [...before, update('identified', 5, 'x', false)])).toBeNull()
    expect(incidentEvent(7, before, before)).toBeNull()
  })

  it('breaks a tie of createdAt with the later element, as the status rule does', () => {
    expect(incidentEvent(7, null, [update('investigating', 5), update('identified', 5)])?.status).toBe('identified')
  })
})

describe('the event a maintenance write causes', () => {
  const window = { scheduledStartAt: '2026-11-22T10:00:00Z', scheduledEndAt: new Date('2026-11-22T11:00:00Z') }

  it('is "scheduled" on creation for the future, "started" when created in progress, nothing when recorded afterwards', () => {
    expect(maintenanceEvent(3, null, 'upcoming', window)).toEqual({
      kind: 'maintenance_scheduled',
      eventKey: 'maintenance:3:maintenance_scheduled:2026-11-22T10:00:00.000Z/2026-11-22T11:00:00.000Z',
      status: 'upcoming',
      message: null,
    })
    expect(maintenanceEvent(3, null, 'in_progress', window)?.kind).toBe('maintenance_started')
    expect(maintenanceEvent(3, null, 'completed', window)).toBeNull()
    expect(maintenanceEvent(3, null, 'cancelled', window)).toBeNull()
  })

  it('is one event per status entered, none for a save that changes no status', () => {
    expect(maintenanceEvent(3, 'upcoming', 'in_progress', window)?.kind).toBe('maintenance_started')
    expect(maintenanceEvent(3, 'in_progress', 'completed', window)?.kind).toBe('maintenance_completed')
    expect(maintenanceEvent(3, 'upcoming', 'cancelled', window)?.kind).toBe('maintenance_cancelled')
    expect(maintenanceEvent(3, 'upcoming', 'upcoming', window)).toBeNull()
  })

  it('is news again when a status is entered again under another window (an extended overrun), the same key otherwise', () => {
    const extended = { ...window, scheduledEndAt: '2026-11-22T12:00:00Z' }
    const first = maintenanceEvent(3, 'in_progress', 'completed', window)
    expect(maintenanceEvent(3, 'upcoming', 'completed', window)?.eventKey).toBe(first?.eventKey)
    expect(maintenanceEvent(3, 'completed', 'in_progress', extended)).toMatchObject({ kind: 'maintenance_started' })
    expect(maintenanceEvent(3, 'in_progress', 'completed', extended)?.eventKey).not.toBe(first?.eventKey)
    expect(
      maintenanceEvent(3, 'completed', 'upcoming', { scheduledStartAt: '2026-11-23T10:00:00Z', scheduledEndAt: null })
        ?.kind,
    ).toBe('maintenance_scheduled')
  })
})

describe('who hears of an event', () => {
  it('everyone without a choice; a chooser when one chosen service is affected; everyone when the event names none', () => {
    expect(subscriberWantsEvent([], [1, 2])).toBe(true)
    expect(subscriberWantsEvent([2, 9], [1, 2])).toBe(true)
    expect(subscriberWantsEvent([9], [1, 2])).toBe(false)
    expect(subscriberWantsEvent([9], [])).toBe(true)
    expect(subscriberWantsEvent(['2'], [2])).toBe(true)
  })
})

describe('who follows one incident hears', () => {
  it('its updates and its resolution, nothing of another incident, a maintenance or a service', () => {
    for (const kind of ['incident_created', 'incident_updated', 'incident_resolved'] as const)
      expect(followerHears(7, { kind, incident: 7 }), kind).toBe(true)
    expect(followerHears(7, { kind: 'incident_updated', incident: 8 })).toBe(false)
    expect(followerHears(7, { kind: 'incident_postmortem', incident: 7 })).toBe(false)
    expect(followerHears(7, { kind: 'maintenance_started', incident: null })).toBe(false)
    expect(followerHears(7, { kind: 'service_status_changed', incident: null })).toBe(false)
  })
})

describe('retries of a failed delivery', () => {
  it('wait 30 s, 2 min, 8 min, 32 min, then give up; a permanent failure is not retried', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 120_000, 480_000, 1_920_000])
    const now = new Date('2026-11-22T10:00:00Z')
    expect(nextAttemptAt(1, false, now)?.toISOString()).toBe('2026-11-22T10:00:30.000Z')
    expect(nextAttemptAt(MAX_DELIVERY_ATTEMPTS, false, now)).toBeNull()
    expect(nextAttemptAt(1, true, now)).toBeNull()
  })

  it('end in sent, partly_failed or failed', () => {
    expect(notificationOutcome({ sent: 3, failed: 0 })).toBe('sent')
    expect(notificationOutcome({ sent: 0, failed: 0 })).toBe('sent')
    expect(notificationOutcome({ sent: 2, failed: 1 })).toBe('partly_failed')
    expect(notificationOutcome({ sent: 0, failed: 1 })).toBe('failed')
  })
})
