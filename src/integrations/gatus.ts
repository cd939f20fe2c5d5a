/**
 * Gatus's custom alert provider (TwiN/gatus alerting/provider/custom/custom.go): the operator writes the body, so
 * docs/integrations.md gives the one to paste:
 * `{"service":"[ENDPOINT_NAME]","group":"[ENDPOINT_GROUP]","state":"[ALERT_TRIGGERED_OR_RESOLVED]",
 *   "title":"[ALERT_DESCRIPTION]","message":"[RESULT_ERRORS]"}`.
 * Keyed on the endpoint's group and name. `state` is TRIGGERED or RESOLVED (Gatus's default placeholder values), or
 * a service status when the operator remapped the placeholder as Gatus's README shows (`partial_outage`,
 * `operational`).
 */
import {
  alertStatus,
  isObject,
  type ParseOptions,
  type ParseResult,
  serviceSlugs,
  statusFromWord,
  text,
  timestamp,
} from '@/domain/monitoring-event'

export function parseGatus(body: unknown, options: ParseOptions): ParseResult {
  if (!isObject(body))
    return {
      ok: false,
      message: 'The body must be a JSON object (the Gatus custom alert body of docs/integrations.md).',
    }
  const name = text(body.name) ?? text(body.endpoint) ?? text(body.service)
  if (!name)
    return { ok: false, message: 'service is missing: set "service": "[ENDPOINT_NAME]" in the Gatus alert body.' }
  const group = text(body.group) ?? ''
  const stateWord = text(body.state)?.toLowerCase()
  if (!stateWord)
    return {
      ok: false,
      message: 'state is missing: set "state": "[ALERT_TRIGGERED_OR_RESOLVED]" in the Gatus alert body.',
    }
  const remapped = statusFromWord(stateWord)
  let firing: boolean
  if (stateWord === 'triggered' || stateWord === 'firing') firing = true
  else if (stateWord === 'resolved' || remapped === 'operational') firing = false
  else if (remapped) firing = true
  else
    return {
      ok: false,
      message: `state must be TRIGGERED or RESOLVED (or a service status), not "${stateWord.slice(0, 40)}".`,
    }
  const key = `${group}/${name}`
  const label = group ? `${group} / ${name}` : name
  // The service: the field named like the integration's service label (default `service`), else the group.
  const services =
    serviceSlugs(body[options.serviceLabel]).length > 0 ? serviceSlugs(body[options.serviceLabel]) : serviceSlugs(group)
  const description = text(body.title) ?? text(body.description)
  return {
    ok: true,
    event: {
      key,
      state: firing ? 'firing' : 'resolved',
      alerts: [
        {
          id: key,
          firing,
          services,
          status: alertStatus(
            options,
            body.status ?? (remapped !== 'operational' ? remapped : null),
            body.severity ?? 'critical',
          ),
          summary: description ? `${label}: ${description}` : `${label} is failing`,
        },
      ],
      title: description ?? `${label} is failing`,
      message: text(body.message, 2000),
      startedAt: timestamp(body.startedAt),
      link: text(body.url, 2000) ?? text(body.link, 2000),
    },
  }
}
