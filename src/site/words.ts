/**
 * The public pages' words in the page's language (src/i18n/messages/<locale>/site.json): statuses, the banner's
 * headline, lengths of time, how a series repeats, and sentences with markup inside (a <time>, a badge). The domain
 * keeps its English texts (the admin area, the messages sent); these say the same from its parts.
 */
import { type AnyLocale, DEFAULT_LOCALE, PSEUDO_LOCALE } from '@/domain/locales'
import type { HeadlineParts } from '@/domain/overall-status'
import type { RepeatsParts, Weekday } from '@/domain/recurrence'
import type { ServiceStatus } from '@/domain/statuses'
import { escapeHtml, raw, type SafeHtml } from '@/format/html'
import { type MessageKey, type MessageValues, pseudoText, type Translate } from '@/i18n/translate'
import type { SiteSettings } from '@/settings/site-settings'

/** The page's language (English when the settings name none: the error pages' fallback). */
export const localeOf = (settings: Pick<SiteSettings, 'language'>): AnyLocale =>
  settings.language?.locale ?? DEFAULT_LOCALE

/** Stands for an HTML value while the text is formatted: private-use characters, which neither escaping nor the pseudo-locale touches. */
const slot = (index: number) => `\uE000${index}\uE001`
const SLOT = /\uE000(\d+)\uE001/g

/**
 * A translated sentence with markup in it ("Resolved {time}" with a <time> element): the text is escaped, the
 * markup put where its placeholder was, so a translation can move it anywhere in the sentence.
 */
export function tHtml(t: Translate, key: MessageKey, values: Record<string, string | number | SafeHtml>): SafeHtml {
  const markup: SafeHtml[] = []
  const plain: MessageValues = {}
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'object') {
      plain[name] = slot(markup.length)
      markup.push(value)
    } else plain[name] = value
  }
  return raw(escapeHtml(t(key, plain)).replace(SLOT, (_, i: string) => markup[Number(i)]?.value ?? ''))
}

/** Shorter words for a phone's width, where the long label would squeeze the service's name. */
export const NARROW_STATUS_KEYS: Partial<Record<ServiceStatus, MessageKey>> = {
  maintenance: 'site.status.service.maintenanceShort',
  degraded: 'site.status.service.degradedShort',
}

const OVERALL_KEYS: Record<ServiceStatus, MessageKey> = {
  operational: 'site.headline.operational',
  maintenance: 'site.headline.maintenance',
  degraded: 'site.headline.degraded',
  partial: 'site.headline.partial',
  major: 'site.headline.major',
}

/** The banner's headline (overallHeadline's) in the page's language. */
export function headlineText(t: Translate, parts: HeadlineParts): string {
  if (parts.kind === 'overall') return t(OVERALL_KEYS[parts.status])
  return parts.kind === 'one'
    ? t('site.headline.one', { service: parts.name, status: parts.status })
    : t('site.headline.many', { count: parts.count, status: parts.status })
}

/** A Monday (2024-01-01) and the days after it, to name each weekday in a language. */
const WEEKDAY_DATES: Record<Weekday, Date> = {
  mon: new Date(Date.UTC(2024, 0, 1)),
  tue: new Date(Date.UTC(2024, 0, 2)),
  wed: new Date(Date.UTC(2024, 0, 3)),
  thu: new Date(Date.UTC(2024, 0, 4)),
  fri: new Date(Date.UTC(2024, 0, 5)),
  sat: new Date(Date.UTC(2024, 0, 6)),
  sun: new Date(Date.UTC(2024, 0, 7)),
}

/** The Intl locale of names and lists: British English for English (as the site's words: "Tuesday and Friday"). */
const intlLocale = (locale: AnyLocale): string => (locale.startsWith('en') ? 'en-GB' : locale)

/** "Repeats weekly on Tuesday and Friday": how a series repeats (repeatsLabel's), in the page's language. */
export function repeatsText(t: Translate, locale: AnyLocale, parts: RepeatsParts | null): string | null {
  if (!parts) return null
  if (parts.frequency === 'daily') return t('site.repeats.daily')
  if (parts.frequency === 'monthly') return t('site.repeats.monthly', { day: parts.dayOfMonth })
  const name = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' })
  const days = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(
    parts.weekdays.map((d) => name.format(WEEKDAY_DATES[d])),
  )
  // Intl's English names stand for the pseudo-locale's, accented as its texts are.
  return t('site.repeats.weekly', { days: locale === PSEUDO_LOCALE ? pseudoText(days) : days })
}

/** "A, B, C": names listed without a conjunction, as the language separates them. */
export function listText(locale: AnyLocale, items: string[]): string {
  return new Intl.ListFormat(intlLocale(locale), { type: 'unit', style: 'short' }).format(items)
}
