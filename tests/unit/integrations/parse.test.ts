import { describe, expect, it } from 'vitest'

import {
  DEFAULT_SEVERITY_STATUSES,
  eventImpact,
  eventSignature,
  type ParseOptions,
  statusFromWord,
} from '@/domain/monitoring-event'
import { parsePayload } from '@/integrations/parse'
import { alertmanagerFiring, alertmanagerResolved } from '../../fixtures/integrations/alertmanager'
import { gatusRemapped, gatusResolved, gatusTriggered } from '../../fixtures/integrations/gatus'
import { grafanaFiring, grafanaOneRecovered, grafanaResolved } from '../../fixtures/integrations/grafana'
import { uptimeKumaDown, uptimeKumaTest, uptimeKumaUp } from '../../fixtures/integrations/uptime-kuma'

const options = (overrides: Partial<ParseOptions> = {}): ParseOptions => ({
  serviceLabel: 'service',
  severityStatuses: { ...DEFAULT_SEVERITY_STATUSES },
  defaultStatus: 'partial',
  ...overrides,
})

const eventOf = (result: ReturnType<typeof parsePayload>) => {
  if (!result.ok || !('event' in result)) throw new Error(`not an event: ${JSON.stringify(result)}`)
  return result.event
}

describe('Alertmanager', () => {
  it('reads the v4 payload into one event keyed on groupKey', () => {
    const event = eventOf(parsePayload('alertmanager', alertmanagerFiring, options()))
    expect(event).toMatchObject({
      key: '{}/{severity="critical"}:{alertname="ProbeFailure"}',
      state: 'firing',
      title: 'BlackBox Probe Failure: https://server.example.org',
      startedAt: '2023-02-06T13:08:45.828Z',
      link: 'http://prometheus.example.org:9090/graph?g0.expr=probe_success+%3D%3D+0&g0.tab=1',
    })
    expect(event.alerts).toEqual([
      {
        id: '1a30ba71cca2921f',
        firing: true,
        services: ['website'],
        status: 'major',
        summary: 'BlackBox Probe Failure: https://server.example.org',
      },
    ])
    expect(eventOf(parsePayload('alertmanager', alertmanagerResolved, options())).state).toBe('resolved')
  })

  it('maps severity through the table, and a status label or annotation wins', () => {
    const warning = {
      ...alertmanagerFiring,
      alerts: [
        { ...alertmanagerFiring.alerts[0], labels: { ...alertmanagerFiring.alerts[0].labels, severity: 'warning' } },
      ],
    }
    expect(eventOf(parsePayload('alertmanager', warning, options())).alerts[0].status).toBe('partial')
    const explicit = {
      ...warning,
      alerts: [{ ...warning.alerts[0], annotations: { summary: 'x', status: 'degraded' } }],
    }
    expect(eventOf(parsePayload('alertmanager', explicit, options())).alerts[0].status).toBe('degraded')
    const unknown = {
      ...warning,
      commonLabels: {},
      alerts: [{ ...warning.alerts[0], labels: { alertname: 'X', severity: 'page' } }],
    }
    expect(
      eventOf(parsePayload('alertmanager', unknown, options({ defaultStatus: 'degraded' }))).alerts[0],
    ).toMatchObject({ status: 'degraded', services: [] })
  })

  it('reads several services from one label, separated by commas', () => {
    const many = {
      ...alertmanagerFiring,
      commonLabels: {},
      alerts: [{ ...alertmanagerFiring.alerts[0], labels: { alertname: 'X', service: 'api, Web Site' } }],
    }
    expect(eventOf(parsePayload('alertmanager', many, options())).alerts[0].services).toEqual(['api', 'web-site'])
  })

  it('reads Grafana’s variant: alerts told apart by fingerprint, the service from the configured label', () => {
    const event = eventOf(parsePayload('alertmanager', grafanaFiring, options({ serviceLabel: 'zone' })))
    expect(event.key).toBe('{}:{}')
    expect(event.state).toBe('firing')
    expect(event.alerts.map((alert) => [alert.id, alert.services, alert.firing])).toEqual([
      ['c6eadffa33fcdf37', ['us-1'], true],
      ['bc97ff14869b13e3', ['eu-1'], true],
    ])
    expect(event.title).toBe('This alert was triggered for zone us-1')
    expect(
      eventOf(parsePayload('alertmanager', grafanaOneRecovered, options({ serviceLabel: 'zone' }))).alerts.map(
        (alert) => alert.firing,
      ),
    ).toEqual([false, true])
    expect(eventOf(parsePayload('alertmanager', grafanaResolved, options({ serviceLabel: 'zone' }))).state).toBe(
      'resolved',
    )
  })

  it('says what is wrong with a payload it cannot read', () => {
    expect(parsePayload('alertmanager', [], options())).toEqual({
      ok: false,
      message: expect.stringContaining('JSON object'),
    })
    expect(parsePayload('alertmanager', { status: 'firing', alerts: [] }, options())).toEqual({
      ok: false,
      message: expect.stringContaining('groupKey'),
    })
    expect(parsePayload('alertmanager', { ...alertmanagerFiring, status: 'on fire' }, options())).toEqual({
      ok: false,
      message: expect.stringContaining('status'),
    })
    expect(parsePayload('alertmanager', { ...alertmanagerFiring, alerts: [null] }, options())).toEqual({
      ok: false,
      message: 'alerts[0] must be an object.',
    })
  })
})

describe('Uptime Kuma', () => {
  it('reads DOWN as firing and UP as resolved, keyed on the monitor, the service from its tag', () => {
    const down = eventOf(parsePayload('uptime-kuma', uptimeKumaDown, options()))
    expect(down).toMatchObject({
      key: 'monitor:7',
      state: 'firing',
      title: 'API is down',
      startedAt: '2026-08-22T14:04:20.123Z',
    })
    expect(down.alerts[0]).toMatchObject({ firing: true, services: ['public-api'], status: 'major' })
    expect(eventOf(parsePayload('uptime-kuma', uptimeKumaUp, options()))).toMatchObject({
      key: 'monitor:7',
      state: 'resolved',
    })
  })

  it('falls back to the monitor’s name as a slug', () => {
    const untagged = { ...uptimeKumaDown, monitor: { ...uptimeKumaDown.monitor, tags: [] } }
    expect(eventOf(parsePayload('uptime-kuma', untagged, options())).alerts[0].services).toEqual(['api'])
  })

  it('answers a test notification (heartbeat: null) as ignored, and pending beats too', () => {
    expect(parsePayload('uptime-kuma', uptimeKumaTest, options())).toEqual({
      ok: true,
      ignored: expect.stringContaining('Test'),
    })
    const pending = { ...uptimeKumaDown, heartbeat: { ...uptimeKumaDown.heartbeat, status: 2 } }
    expect(parsePayload('uptime-kuma', pending, options())).toEqual({
      ok: true,
      ignored: expect.stringContaining('pending'),
    })
    expect(parsePayload('uptime-kuma', { hello: 1 }, options())).toEqual({
      ok: false,
      message: expect.stringContaining('not an Uptime Kuma'),
    })
  })
})

describe('Gatus', () => {
  it('reads the custom alert body: TRIGGERED fires, RESOLVED resolves, keyed on group and name', () => {
    const triggered = eventOf(parsePayload('gatus', JSON.parse(gatusTriggered), options()))
    expect(triggered).toMatchObject({
      key: 'core/checkout',
      state: 'firing',
      title: 'healthcheck failed 3 times in a row',
      link: 'https://shop.example.org/health',
    })
    expect(triggered.alerts[0]).toMatchObject({ services: ['checkout'], status: 'major' })
    expect(eventOf(parsePayload('gatus', JSON.parse(gatusResolved), options())).state).toBe('resolved')
  })

  it('reads a state remapped to a status page word as that status', () => {
    const remapped = eventOf(parsePayload('gatus', JSON.parse(gatusRemapped), options()))
    expect(remapped.state).toBe('firing')
    expect(remapped.alerts[0].status).toBe('partial')
  })

  it('names the missing field', () => {
    expect(parsePayload('gatus', { group: 'x', state: 'TRIGGERED' }, options())).toEqual({
      ok: false,
      message: expect.stringContaining('[ENDPOINT_NAME]'),
    })
    expect(parsePayload('gatus', { service: 'x', state: 'maybe' }, options())).toEqual({
      ok: false,
      message: expect.stringContaining('TRIGGERED or RESOLVED'),
    })
  })
})

describe('generic', () => {
  it('reads {key, state, services, status}', () => {
    const event = eventOf(
      parsePayload(
        'generic',
        { key: 'db-primary', state: 'firing', services: ['database'], severity: 'warning', title: 'Replication lag' },
        options(),
      ),
    )
    expect(event).toMatchObject({ key: 'db-primary', state: 'firing', title: 'Replication lag' })
    expect(event.alerts[0]).toMatchObject({ services: ['database'], status: 'partial' })
    expect(parsePayload('generic', { state: 'firing' }, options())).toEqual({
      ok: false,
      message: expect.stringContaining('key is missing'),
    })
    expect(parsePayload('generic', { key: 'k', state: 'down' }, options())).toEqual({
      ok: false,
      message: 'state must be "firing" or "resolved".',
    })
  })
})

describe('the event’s effect on services', () => {
  it('gives each service the worst status of its firing alerts, and the defaults to alerts that name none', () => {
    const event = eventOf(parsePayload('alertmanager', grafanaFiring, options({ serviceLabel: 'zone' })))
    const both = {
      ...event,
      alerts: [
        ...event.alerts,
        { id: 'z', firing: true, services: ['us-1'], status: 'major' as const, summary: 'z' },
        { id: 'n', firing: true, services: ['nowhere'], status: 'degraded' as const, summary: 'n' },
      ],
    }
    const ids: Record<string, number> = { 'us-1': 1, 'eu-1': 2 }
    const impact = eventImpact(both, (slug) => ids[slug], [9])
    expect(Object.fromEntries(impact)).toEqual({ 1: 'major', 2: 'partial', 9: 'degraded' })
  })

  it('has the same signature for a re-sent notification and a different one for a changed set', () => {
    const first = eventOf(parsePayload('alertmanager', grafanaFiring, options({ serviceLabel: 'zone' })))
    const again = eventOf(
      parsePayload('alertmanager', structuredClone(grafanaFiring), options({ serviceLabel: 'zone' })),
    )
    const changed = eventOf(parsePayload('alertmanager', grafanaOneRecovered, options({ serviceLabel: 'zone' })))
    const ids = (slug: string) => slug
    expect(eventSignature(again, eventImpact(again, ids, []))).toBe(eventSignature(first, eventImpact(first, ids, [])))
    expect(eventSignature(changed, eventImpact(changed, ids, []))).not.toBe(
      eventSignature(first, eventImpact(first, ids, [])),
    )
  })

  it('reads other status pages’ words for statuses', () => {
    expect(statusFromWord('partial_outage')).toBe('partial')
    expect(statusFromWord('Major-Outage')).toBe('major')
    expect(statusFromWord('degraded')).toBe('degraded')
    expect(statusFromWord('bad')).toBeNull()
  })
})

describe('text from tools', () => {
  it('replaces control characters, which stored text may not hold, instead of refusing the notification', () => {
    const event = eventOf(
      parsePayload('generic', { key: 'a\u0000b', state: 'firing', title: 'Disk\u001b[31m full' }, options()),
    )
    expect(event.key).toBe('a b')
    expect(event.title).toBe('Disk [31m full')
  })
})
