/**
 * Uptime Kuma's "Webhook" notification (louislam/uptime-kuma server/notification-providers/webhook.js):
 * `{heartbeat, monitor, msg}`, keyed on the monitor id. `heartbeat.status` 0 is DOWN (firing), 1 UP (resolved);
 * PENDING (2) and MAINTENANCE (3) change nothing here. A test send has `heartbeat: null`.
 */
import {
  alertStatus,
  isObject,
  type ParseOptions,
  type ParseResult,
  serviceSlugs,
  text,
  timestamp,
} from '@/domain/monitoring-event'

/** Uptime Kuma's heartbeat times are UTC written without a zone ("2026-08-22 14:04:20.123"). */
function kumaTime(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(value))
    return timestamp(`${value.replace(' ', 'T')}Z`)
  return timestamp(value)
}

const DOWN = 0
const UP = 1

/** The value of the monitor's tag called `name` (tags are `{name, value}`), if any. */
function tagValue(monitor: Record<string, unknown>, name: string): unknown {
  if (!Array.isArray(monitor.tags)) return undefined
  const wanted = name.toLowerCase()
  const tag = monitor.tags.find(
    (candidate) => isObject(candidate) && typeof candidate.name === 'string' && candidate.name.toLowerCase() === wanted,
  )
  return isObject(tag) ? tag.value : undefined
}

export function parseUptimeKuma(body: unknown, options: ParseOptions): ParseResult {
  if (!isObject(body)) return { ok: false, message: 'The body must be a JSON object (an Uptime Kuma webhook).' }
  if (body.heartbeat === null || body.heartbeat === undefined) {
    if (!('heartbeat' in body) && !('monitor' in body))
      return { ok: false, message: 'heartbeat and monitor are missing: not an Uptime Kuma webhook payload.' }
    return { ok: true, ignored: 'Test notification (heartbeat: null): nothing changes.' }
  }
  const { heartbeat, monitor } = body
  if (!isObject(heartbeat)) return { ok: false, message: 'heartbeat must be an object.' }
  if (!isObject(monitor)) return { ok: false, message: 'monitor must be an object.' }
  const id = text(monitor.id) ?? text(heartbeat.monitorID)
  if (!id) return { ok: false, message: 'monitor.id is missing.' }
  if (heartbeat.status !== DOWN && heartbeat.status !== UP) {
    return {
      ok: true,
      ignored: `Heartbeat status ${String(heartbeat.status)} (pending or maintenance): nothing changes.`,
    }
  }
  const name = text(monitor.name) ?? `Monitor ${id}`
  // The service: a tag named like the integration's service label, else the monitor's name as a slug.
  const tagged = serviceSlugs(tagValue(monitor, options.serviceLabel))
  const services = tagged.length > 0 ? tagged : serviceSlugs(monitor.name)
  const message = text(heartbeat.msg, 2000) ?? text(body.msg, 2000)
  const firing = heartbeat.status === DOWN
  return {
    ok: true,
    event: {
      key: `monitor:${id}`,
      state: firing ? 'firing' : 'resolved',
      alerts: [
        {
          id: `monitor:${id}`,
          firing,
          services,
          // DOWN is an outage unless the monitor's tags say otherwise (a `status` tag, or a `severity` tag).
          status: alertStatus(options, tagValue(monitor, 'status'), tagValue(monitor, 'severity') ?? 'critical'),
          summary: message ? `${name}: ${message}` : `${name} is down`,
        },
      ],
      title: `${name} is down`,
      message: text(body.msg, 2000),
      startedAt: kumaTime(heartbeat.time),
      link: text(monitor.url, 2000),
    },
  }
}
