/**
 * Lengths of time in a response's language: estimateDuration's text (src/domain/duration.ts) from its parts, for the
 * public pages, the APIs and the feeds alike.
 */
import type { DurationParts } from '@/domain/duration'

import type { Translate } from './translate'

/** "2 hours", "1 day 4 hours", "less than a minute": estimateDuration's text in the page's language. */
export function durationText(t: Translate, parts: DurationParts | null): string {
  if (!parts) return t('site.duration.lessThanMinute')
  const { days, hours, minutes } = parts
  if (days && hours) return t('site.duration.daysHours', { days, hours })
  if (days) return t('site.duration.days', { days })
  if (hours && minutes) return t('site.duration.hoursMinutes', { hours, minutes })
  if (hours) return t('site.duration.hours', { hours })
  if (minutes) return t('site.duration.minutes', { minutes })
  return t('site.duration.lessThanMinute')
}
