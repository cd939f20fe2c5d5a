/** A payload of an integration's kind, read into the one event (src/domain/monitoring-event.ts). */
import type { IntegrationKind, ParseOptions, ParseResult } from '../domain/monitoring-event'

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

export function parsePayload(kind: IntegrationKind, body: unknown, options: ParseOptions): ParseResult {
  return PARSERS[kind](body, options)
}
