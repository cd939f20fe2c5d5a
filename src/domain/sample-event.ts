/**
 * The sample notifications of the integration's "Send a test event" button: for each tool, a firing and a
 * resolved payload in that tool's own shape, naming `slugs` the way the integration reads services (its service
 * label), so the dry run goes through the same parser as a real notification. Pure.
 */
import type { IntegrationKind } from './monitoring-event'

export const SAMPLE_TITLE = 'Sample alert: elevated error rate'
export const SAMPLE_DESCRIPTION = 'Sample alert description: 5xx ratio 12% over 5 minutes'
const SAMPLE_KEY = 'statuspage-test-event'

export interface SamplePayloads {
  firing: unknown
  resolved: unknown
}

function alertmanager(serviceLabel: string, services: string, firing: boolean): unknown {
  const status = firing ? 'firing' : 'resolved'
  const labels = { alertname: 'SampleHighErrorRate', severity: 'critical', [serviceLabel]: services }
  const annotations = { summary: SAMPLE_TITLE, description: SAMPLE_DESCRIPTION }
  return {
    version: '4',
    groupKey: `{}:{alertname="${SAMPLE_KEY}"}`,
    status,
    receiver: 'statuspage',
    groupLabels: { alertname: 'SampleHighErrorRate' },
    commonLabels: labels,
    commonAnnotations: annotations,
    externalURL: 'http://alertmanager.example:9093',
    alerts: [{ status, labels, annotations, startsAt: '2026-01-01T00:00:00Z', fingerprint: SAMPLE_KEY }],
  }
}

function uptimeKuma(serviceLabel: string, services: string, firing: boolean): unknown {
  return {
    heartbeat: { status: firing ? 0 : 1, msg: SAMPLE_DESCRIPTION, time: '2026-01-01 00:00:00' },
    monitor: { id: SAMPLE_KEY, name: 'Sample monitor', tags: [{ name: serviceLabel, value: services }] },
    msg: SAMPLE_DESCRIPTION,
  }
}

function gatus(serviceLabel: string, services: string, firing: boolean): unknown {
  return {
    name: 'sample-endpoint',
    group: '',
    state: firing ? 'TRIGGERED' : 'RESOLVED',
    title: SAMPLE_TITLE,
    message: SAMPLE_DESCRIPTION,
    [serviceLabel]: services,
  }
}

function generic(serviceLabel: string, services: string, firing: boolean): unknown {
  return {
    key: SAMPLE_KEY,
    state: firing ? 'firing' : 'resolved',
    severity: 'critical',
    title: SAMPLE_TITLE,
    message: SAMPLE_DESCRIPTION,
    [serviceLabel]: services,
  }
}

const BUILDERS: Record<IntegrationKind, (serviceLabel: string, services: string, firing: boolean) => unknown> = {
  alertmanager,
  'uptime-kuma': uptimeKuma,
  gatus,
  generic,
}

/** A firing and a resolved notification of `kind` naming `slugs` (none: the integration's default services apply). */
export function samplePayloads(kind: IntegrationKind, serviceLabel: string, slugs: readonly string[]): SamplePayloads {
  const services = slugs.join(',')
  return {
    firing: BUILDERS[kind](serviceLabel, services, true),
    resolved: BUILDERS[kind](serviceLabel, services, false),
  }
}
