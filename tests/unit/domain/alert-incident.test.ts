import { describe, expect, it } from 'vitest'

import { decide, type KeyState } from '@/domain/alert-incident'
import {
  DEFAULT_MESSAGE_TEMPLATES,
  listNames,
  renderTemplate,
  templateOrDefault,
  templateProblem,
} from '@/domain/message-template'

const state = (overrides: Partial<KeyState> = {}): KeyState => ({
  incidentStatus: 'investigating',
  alertState: 'firing',
  signature: 'S1',
  ...overrides,
})

describe('what an event does to the incident of its key', () => {
  it('opens an incident on the first firing, and on a firing after the alerts resolved', () => {
    expect(decide(null, 'firing', 'S1', true)).toEqual({ action: 'open' })
    expect(decide(state({ alertState: 'resolved', incidentStatus: 'resolved' }), 'firing', 'S1', true)).toEqual({
      action: 'open',
    })
  })

  it('opens nothing when no service matched', () => {
    expect(decide(null, 'firing', 'S1', false)).toEqual({ action: 'nothing', reason: 'no-service' })
  })

  it('does nothing for the same notification again', () => {
    expect(decide(state(), 'firing', 'S1', true)).toEqual({ action: 'nothing', reason: 'duplicate' })
  })

  it('adds one update for a changed firing set, keeping a person’s identified or monitoring', () => {
    expect(decide(state(), 'firing', 'S2', true)).toEqual({ action: 'update', status: 'investigating' })
    expect(decide(state({ incidentStatus: 'identified' }), 'firing', 'S2', true)).toEqual({
      action: 'update',
      status: 'identified',
    })
    expect(decide(state({ incidentStatus: 'monitoring' }), 'firing', 'S2', true)).toEqual({
      action: 'update',
      status: 'monitoring',
    })
  })

  it('resolves when every alert resolved, and only once', () => {
    expect(decide(state(), 'resolved', 'R', true)).toEqual({ action: 'resolve' })
    expect(decide(state({ alertState: 'resolved', incidentStatus: 'resolved' }), 'resolved', 'R', true)).toEqual({
      action: 'nothing',
      reason: 'nothing-open',
    })
    expect(decide(null, 'resolved', 'R', true)).toEqual({ action: 'nothing', reason: 'nothing-open' })
  })

  it('does not reopen an incident a person resolved while its alerts fire; their resolution only closes the key', () => {
    const personResolved = state({ incidentStatus: 'resolved' })
    expect(decide(personResolved, 'firing', 'S1', true)).toEqual({ action: 'nothing', reason: 'resolved-by-person' })
    expect(decide(personResolved, 'firing', 'S2', true)).toEqual({ action: 'nothing', reason: 'resolved-by-person' })
    expect(decide(personResolved, 'resolved', 'R', true)).toEqual({ action: 'close' })
  })
})

describe('the words of the updates (integration templates)', () => {
  it('fills the placeholders, and an alert’s own words only where asked', () => {
    const values = {
      services: listNames(['API', 'Web']),
      description: '5xx ratio 12% over 5 minutes',
      alerts: '- API down',
    }
    expect(renderTemplate(DEFAULT_MESSAGE_TEMPLATES.opening, values)).toBe(
      'We are investigating elevated errors on API and Web.',
    )
    expect(renderTemplate(DEFAULT_MESSAGE_TEMPLATES.resolved, values)).toBe('This incident has been resolved.')
    expect(renderTemplate('Errors on {services}.\n{description}', values)).toBe(
      'Errors on API and Web.\n5xx ratio 12% over 5 minutes',
    )
    // An empty value leaves no blank line behind.
    expect(renderTemplate('Errors on {services}.\n{description}\nMore soon.', { services: 'API' })).toBe(
      'Errors on API.\nMore soon.',
    )
  })

  it('lists names as a sentence does', () => {
    expect([listNames([]), listNames(['A']), listNames(['A', 'B']), listNames(['A', 'B', 'C'])]).toEqual([
      '',
      'A',
      'A and B',
      'A, B and C',
    ])
  })

  it('refuses an empty template and an unknown placeholder, naming it', () => {
    expect(templateProblem('  ')).toBe('must not be empty')
    expect(templateProblem('Down: {service}')).toMatch(/^has an unknown placeholder \{service\}; use \{services\}/)
    expect(templateProblem('Down: {services} {description}')).toBeNull()
  })

  it('falls back to the default when nothing is stored', () => {
    expect(templateOrDefault('opening', null)).toBe(DEFAULT_MESSAGE_TEMPLATES.opening)
    expect(templateOrDefault('opening', 'Ours')).toBe('Ours')
  })
})
