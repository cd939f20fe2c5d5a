import { describe, expect, it } from 'vitest'

import {
  csvRows,
  e164Phone,
  incidentStatusFrom,
  maintenanceStatusFrom,
  parseSubscriberCsv,
  postmortemDocument,
  serviceStatusFrom,
} from '@/domain/statuspage-import'

describe('Statuspage words as ours', () => {
  it('maps every status Statuspage uses and nothing else', () => {
    expect(serviceStatusFrom('degraded_performance')).toBe('degraded')
    expect(serviceStatusFrom('under_maintenance')).toBe('maintenance')
    expect(serviceStatusFrom('sparkling')).toBeNull()
    expect(serviceStatusFrom('toString')).toBeNull()
    expect(incidentStatusFrom('postmortem')).toBe('resolved')
    expect(incidentStatusFrom('scheduled')).toBeNull()
    expect(maintenanceStatusFrom('scheduled')).toBe('upcoming')
    expect(maintenanceStatusFrom('verifying')).toBe('in_progress')
    expect(maintenanceStatusFrom('cancelled')).toBeNull()
  })

  it('makes a postmortem one paragraph per block', () => {
    const doc = postmortemDocument('First line\nstill first.\n\nSecond.')
    expect(doc.root.children.map((p) => p.children[0].text)).toEqual(['First line still first.', 'Second.'])
  })
})

describe('the subscriber CSV', () => {
  it('reads quoted fields and line ends', () => {
    expect(csvRows('a,"b,""c"""\r\n\r\nd,e\n')).toEqual([
      ['a', 'b,"c"'],
      ['d', 'e'],
    ])
  })

  it('reads a header row, and Statuspage import template rows without one', () => {
    const named = parseSubscriberCsv(
      'Type,Email,Phone Number,Phone Country,Endpoint,Components\nsms,,4155550123,US,,abc;def\n',
    )
    expect(named).toEqual({
      subscribers: [{ type: 'sms', phone: '+14155550123', components: ['abc', 'def'] }],
      problems: [],
    })
    const template = parseSubscriberCsv(
      'email,Ann@Example.com,yes\nwebhook,https://h.example.com/x,ops@example.com\nslack,x\n',
    )
    expect(template.subscribers).toEqual([
      { type: 'email', email: 'ann@example.com', components: [] },
      { type: 'webhook', url: 'https://h.example.com/x', contactEmail: 'ops@example.com', components: [] },
    ])
    expect(template.problems).toEqual([expect.stringContaining('line 3: subscriber type "slack"')])
  })

  it('refuses a number it cannot place', () => {
    expect(e164Phone('4155550123', 'US')).toBe('+14155550123')
    expect(e164Phone('4155550123')).toBeNull()
    expect(e164Phone('+1 415 555 0123')).toBe('+14155550123')
  })
})
