/**
 * Prometheus Alertmanager's webhook (payload version "4", prometheus/alertmanager notify/webhook/webhook.go) and
 * Grafana Alerting's webhook contact point (the same shape with `version: "1"`, `orgId`, `title`, `state`,
 * `message`), to one event keyed on `groupKey`. The group's `status` is `resolved` only when every alert of the
 * group is; alerts are told apart by `fingerprint`.
 */
import {
  alertStatus,
  isObject,
  type MonitoringAlert,
  type ParseOptions,
  type ParseResult,
  serviceSlugs,
  text,
  timestamp,
} from '@/domain/monitoring-event'

const labelsOf = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {})

/** A label or annotation, looked up in the alert's labels, then its annotations, then the group's common ones. */
function lookup(name: string, ...sources: Record<string, unknown>[]): unknown {
  for (const source of sources) if (source[name] !== undefined && source[name] !== '') return source[name]
  return undefined
}

export function parseAlertmanager(body: unknown, options: ParseOptions): ParseResult {
  if (!isObject(body))
    return { ok: false, message: 'The body must be a JSON object (an Alertmanager or Grafana webhook).' }
  const groupKey = text(body.groupKey, 2000)
  if (!groupKey) return { ok: false, message: 'groupKey is missing: not an Alertmanager or Grafana webhook payload.' }
  if (body.status !== 'firing' && body.status !== 'resolved')
    return { ok: false, message: 'status must be "firing" or "resolved".' }
  if (!Array.isArray(body.alerts)) return { ok: false, message: 'alerts must be an array.' }
  const commonLabels = labelsOf(body.commonLabels)
  const commonAnnotations = labelsOf(body.commonAnnotations)

  const alerts: MonitoringAlert[] = []
  for (const [index, raw] of body.alerts.entries()) {
    if (!isObject(raw)) return { ok: false, message: `alerts[${index}] must be an object.` }
    if (raw.status !== 'firing' && raw.status !== 'resolved')
      return { ok: false, message: `alerts[${index}].status must be "firing" or "resolved".` }
    const labels = labelsOf(raw.labels)
    const annotations = labelsOf(raw.annotations)
    const name = text(labels.alertname) ?? text(commonLabels.alertname) ?? 'Alert'
    const status = alertStatus(
      options,
      lookup('status', annotations, labels, commonAnnotations, commonLabels) ??
        lookup('statuspage_status', annotations, labels),
      lookup('severity', labels, annotations, commonLabels),
    )
    alerts.push({
      id: text(raw.fingerprint, 200) ?? JSON.stringify(Object.entries(labels).sort()),
      firing: raw.status === 'firing',
      services: serviceSlugs(lookup(options.serviceLabel, labels, annotations, commonLabels, commonAnnotations)),
      status,
      summary: text(annotations.summary) ?? text(annotations.description) ?? name,
    })
  }
  const firing = body.alerts.filter((alert) => isObject(alert) && alert.status === 'firing') as Record<
    string,
    unknown
  >[]
  const first = (firing[0] ?? body.alerts[0]) as Record<string, unknown> | undefined
  const starts = firing
    .map((alert) => timestamp(alert.startsAt))
    .filter((time): time is string => time !== null)
    .sort()
  const title =
    text(commonAnnotations.summary) ??
    (first ? text(labelsOf(first.annotations).summary) : null) ??
    text(commonLabels.alertname) ??
    text(labelsOf(body.groupLabels).alertname) ??
    text(body.title) ??
    'Monitoring alert'
  return {
    ok: true,
    event: {
      key: groupKey,
      // A "firing" group with no firing alert left (truncated lists aside) has nothing firing.
      state:
        body.status === 'firing' && (firing.length > 0 || Number(body.truncatedAlerts) > 0) ? 'firing' : 'resolved',
      alerts,
      title,
      message: text(commonAnnotations.description, 2000),
      startedAt: starts[0] ?? null,
      link: text(first?.dashboardURL, 2000) ?? text(first?.generatorURL, 2000) ?? text(body.externalURL, 2000),
    },
  }
}
