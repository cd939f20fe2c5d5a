/** A payload of an integration's kind, read into the one event (src/domain/monitoring-event.ts). */
import { jsonNestingError } from '@/cms-api/json-shape'
import type { IntegrationKind, ParseOptions, ParseResult } from '@/domain/monitoring-event'

import { parseAlertmanager } from './alertmanager'
import { parseGatus } from './gatus'
import { parseGeneric } from './generic'
import { parseUptimeKuma } from './uptime-kuma'

const PARSERS: Record<IntegrationKind, (body: unknown, options: ParseOptions) => ParseResult> = {
  alertmanager: parseAlertmanager,
  'uptime-kuma': parseUptimeKuma,
  gatus: parseGatus,
  generic: parseGeneric,
}

/**
 * Most distinct service slugs one notification may name: each is looked up, and 40,000 of them made one query the
 * database refused (a 503, retried forever).
 */
export const MAX_SLUGS_PER_NOTIFICATION = 1000

/**
 * The payload read by its kind's parser. A payload that can never be applied is refused here with a 400 saying why,
 * so the tool does not retry it: one nested past any real payload (a label 100,000 levels deep overflowed the
 * stack), or one naming more services than a notification may.
 */
export function parsePayload(kind: IntegrationKind, body: unknown, options: ParseOptions): ParseResult {
  const tooDeep = jsonNestingError(body)
  if (tooDeep) return { ok: false, message: `The payload cannot be read: ${tooDeep}.` }
  const parsed = PARSERS[kind](body, options)
  if (!parsed.ok || !('event' in parsed)) return parsed
  const slugs = new Set(parsed.event.alerts.flatMap((alert) => alert.services))
  if (slugs.size > MAX_SLUGS_PER_NOTIFICATION) {
    return {
      ok: false,
      message: `The notification names ${slugs.size} services; at most ${MAX_SLUGS_PER_NOTIFICATION} (split it, or name fewer services per alert).`,
    }
  }
  return parsed
}
