/**
 * The texts of the public API, the feeds and the calendar that the service writes itself (not its editors), in the
 * language of the response (docs/languages.md): a maintenance's estimated duration, /api/v2's status description and
 * its note on a cancelled maintenance. English is the read model's own text, unchanged byte for byte; every other
 * language is read from the `api` catalogue.
 */
import { displayDuration, durationParts } from '@/domain/duration'
import { type AnyLocale, DEFAULT_LOCALE } from '@/domain/locales'
import type { StatuspageDescription } from '@/domain/statuspage'
import type { MessageKey, Translate } from '@/i18n/translate'
import { durationText } from '@/i18n/durations'

import type { Maintenance } from './schemas'

/** The language a response is written in and its translator. */
export interface ResponseLanguage {
  locale: AnyLocale
  t: Translate
}

/**
 * The estimate of a window's length in `t`'s language, by the rule of src/domain/duration.ts (durationParts); an open
 * end "until further notice".
 */
export function estimatedDuration(start: Date, end: Date | null, t: Translate): string {
  const parts = durationParts(start, end)
  return parts ? durationText(t, parts) : t('api.duration.untilFurtherNotice')
}

/**
 * A maintenance as a response in `language` reads it: a duration the service estimated (what displayDuration gives
 * without the operator's text, the rule by which a stored estimate follows its window) in that language; the
 * operator's own text, and everything else, as written.
 */
export function localizedMaintenance(m: Maintenance, { locale, t }: ResponseLanguage): Maintenance {
  if (locale === DEFAULT_LOCALE) return m
  const start = new Date(m.scheduledStartAt)
  const end = m.scheduledEndAt ? new Date(m.scheduledEndAt) : null
  if (m.duration !== displayDuration(null, start, end)) return m
  return { ...m, duration: estimatedDuration(start, end, t) }
}

const DESCRIPTION_KEYS: Record<StatuspageDescription, MessageKey> = {
  'All Systems Operational': 'api.v2.status.allSystemsOperational',
  'Partially Degraded Service': 'api.v2.status.partiallyDegradedService',
  'Degraded System Service': 'api.v2.status.degradedSystemService',
  'Minor Service Outage': 'api.v2.status.minorServiceOutage',
  'Partial System Outage': 'api.v2.status.partialSystemOutage',
  'Major System Outage': 'api.v2.status.majorSystemOutage',
  'Service Under Maintenance': 'api.v2.status.serviceUnderMaintenance',
}

/** /api/v2's status description (Statuspage's seven English phrases) in the response's language. */
export const statuspageDescription = (description: StatuspageDescription, t: Translate): string =>
  t(DESCRIPTION_KEYS[description])
