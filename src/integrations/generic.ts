/**
 * The generic kind, for anything that can POST JSON (a script, a CI job, a tool without a dialect of its own):
 * `{key, state: "firing" | "resolved", services?: [slug] | "a,b", status? | severity?, title?, message?,
 *   startedAt?, link?}`. Several alerts under one key are several keys; one key is one alert.
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

export function parseGeneric(body: unknown, options: ParseOptions): ParseResult {
  if (!isObject(body))
    return { ok: false, message: 'The body must be a JSON object: {key, state, services, status, title, message}.' }
  const key = text(body.key, 500)
  if (!key)
    return {
      ok: false,
      message: 'key is missing: a string that names the alert, the same in its firing and resolved notifications.',
    }
  if (body.state !== 'firing' && body.state !== 'resolved')
    return { ok: false, message: 'state must be "firing" or "resolved".' }
  const named = Array.isArray(body.services)
    ? body.services.flatMap(serviceSlugs)
    : serviceSlugs(body.services ?? body[options.serviceLabel])
  const title = text(body.title) ?? key
  return {
    ok: true,
    event: {
      key,
      state: body.state,
      alerts: [
        {
          id: key,
          firing: body.state === 'firing',
          services: [...new Set(named)],
          status: alertStatus(options, body.status, body.severity),
          summary: title,
        },
      ],
      title,
      message: text(body.message, 2000),
      startedAt: timestamp(body.startedAt),
      link: text(body.link, 2000),
    },
  }
}
