import { describe, expect, it } from 'vitest'

import { changeMessage, decide, type KeyState, openingMessage } from '../../src/domain/alert-incident'
import type { MonitoringEvent } from '../../src/domain/monitoring-event'

const state = (overrides: Partial<KeyState> = {}): KeyState => ({ incidentStatus: 'investigating', alertState: 'firing', signature: 'S1', ...overrides })

describe('what an event does to the incident of its key', () => {
  it('opens an incident on the first firing, and on a firing after the alerts resolved', () => {
    expect(decide(null, 'firing', 'S1', true)).toEqual({ action: 'open' })
    expect(decide(state({ alertState: 'resolved', incidentStatus: 'resolved' }), 'firing', 'S1', true)).toEqual({ action: 'open' })
  })

  it('opens nothing when no service matched', () => {
    expect(decide(null, 'firing', 'S1', false)).toEqual({ action: 'nothing', reason: 'no-service' })
  })

  it('does nothing for the same notification again', () => {
    expect(decide(state(), 'firing', 'S1', true)).toEqual({ action: 'nothing', reason: 'duplicate' })
  })

  it('adds one update for a changed firing set, keeping a person’s identified or monitoring', () => {
    expect(decide(state(), 'firing', 'S2', true)).toEqual({ action: 'update', status: 'investigating' })
    expect(decide(state({ incidentStatus: 'identified' }), 'firing', 'S2', true)).toEqual({ action: 'update', status: 'identified' })
    expect(decide(state({ incidentStatus: 'monitoring' }), 'firing', 'S2', true)).toEqual({ action: 'update', status: 'monitoring' })
  })

  it('resolves when every alert resolved, and only once', () => {
    expect(decide(state(), 'resolved', 'R', true)).toEqual({ action: 'resolve' })
    expect(decide(state({ alertState: 'resolved', incidentStatus: 'resolved' }), 'resolved', 'R', true)).toEqual({ action: 'nothing', reason: 'nothing-open' })
    expect(decide(null, 'resolved', 'R', true)).toEqual({ action: 'nothing', reason: 'nothing-open' })
  })

  it('does not reopen an incident a person resolved while its alerts fire; their resolution only closes the key', () => {
    const personResolved = state({ incidentStatus: 'resolved' })
    expect(decide(personResolved, 'firing', 'S1', true)).toEqual({ action: 'nothing', reason: 'resolved-by-person' })
    expect(decide(personResolved, 'firing', 'S2', true)).toEqual({ action: 'nothing', reason: 'resolved-by-person' })
    expect(decide(personResolved, 'resolved', 'R', true)).toEqual({ action: 'close' })
  })
})

describe('the words of the updates', () => {
  const event: MonitoringEvent = {
    key: 'k',
    state: 'firing',
    alerts: [
      { id: 'a', firing: true, services: ['api'], status: 'major', summary: 'API down' },
      { id: 'b', firing: false, services: ['web'], status: 'partial', summary: 'Web slow' },
    ],
    title: 'API down',
    message: null,
    startedAt: null,
    link: null,
  }

  it('lists what fires and what it affects', () => {
    expect(openingMessage(event, [{ name: 'API', status: 'major' }])).toBe('Monitoring reports a problem. Firing:\n- API down\nAffected: API (Major outage).')
    expect(changeMessage(event, [{ name: 'API', status: 'major' }], ['Web'])).toBe('Monitoring reports a change. Now firing:\n- API down\nAffected: API (Major outage).\nRecovered: Web.')
  })
})
