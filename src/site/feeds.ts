/**
 * Feeds of the public site: Atom and RSS of incidents and maintenances (newest first), and an iCalendar feed of
 * maintenances. Built with `feed` and `ical-generator` from the public read model's shapes.
 *
 * Editors write the text, so it is never markup here: `feed` declares item titles and summaries `type="html"`
 * (Atom) and RSS readers render titles and descriptions as HTML, so that text is HTML-escaped, which a reader
 * turns back into the same plain text. A control character that slipped into the database would make the whole
 * document invalid XML, so they are dropped from the output; in the calendar a line break in a one-line property
 * would start a new property.
 *
 * Every text the service writes here (titles, status words, "Affected:") is in the response's language
 * (docs/languages.md, the `feeds` catalogue), which the feed names (`xml:lang`, `<language>`); its links lead to the
 * pages in that language (`inLanguage`).
 *
 * A service's or group's feeds (src/site/feed-subject.ts) are the same documents of fewer items: the subject only
 * names them and says where they live.
 */
import { TZDate } from '@date-fns/tz'
import { Feed } from 'feed'
import ical, { ICalEventStatus } from 'ical-generator'
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library'

import { type AnyLocale, DEFAULT_LOCALE } from '@/domain/locales'
import { formatDateTime } from '@/format/dates'
import { escapeHtml } from '@/format/html'
import { tOf, type Translate } from '@/i18n/translate'
import { markdownToHtml, markdownToText } from '@/format/markdown'
import { localizedMaintenance } from '@/public-api/localized'
import type { SeriesPlace } from '@/public-api/read-model'
import type { Incident, Maintenance } from '@/public-api/schemas'
import type { Links } from '@/settings/base-url'
import type { SiteSettings } from '@/settings/site-settings'
import { incidentStatusLabel, maintenanceStatusLabel } from '@/i18n/statuses'

import type { FeedSubject } from './feed-subject'

/** What names a feed: the whole page (null), or a service or group with its page's path (`/s/<slug>`). */
type Named = Pick<FeedSubject, 'name' | 'path'> | null

/** The links of a feed in the response's language: its pages under the language's prefix (none for the default). */
export const inLanguage = (links: Links, settings: SiteSettings): Links => ({
  ...links,
  base: links.base + (settings.language?.prefix ?? ''),
})

const localeOf = (settings: SiteSettings): AnyLocale => settings.language?.locale ?? DEFAULT_LOCALE

const incidentStatus = (incident: Incident, t: Translate) => incidentStatusLabel(t, incident.status)

function incidentSummary(incident: Incident, t: Translate): string {
  const latest = incident.updates[0]
  const services = incident.affectedServices.map((s) => s.name).join(', ')
  const status = incidentStatus(incident, t)
  return [
    latest ? t('feeds.incident.latest', { status, message: markdownToText(latest.message) }) : status,
    services ? t('feeds.affected', { services }) : '',
    incident.postmortem ? t('feeds.postmortem.text', { text: incident.postmortem.text }) : '',
  ]
    .filter(Boolean)
    .join('\n')
}

/** The entry's content: status, the latest message's safe Markdown as sanitised HTML (links clickable), services, postmortem. */
function incidentHtml(incident: Incident, t: Translate): string {
  const latest = incident.updates[0]
  const services = incident.affectedServices.map((s) => s.name).join(', ')
  return [
    `<p>${escapeHtml(incidentStatus(incident, t))}</p>`,
    latest ? markdownToHtml(latest.message) : '',
    services ? `<p>${escapeHtml(t('feeds.affected', { services }))}</p>` : '',
    incident.postmortem ? `<h2>${escapeHtml(t('feeds.postmortem.heading'))}</h2>${incident.postmortem.html}` : '',
  ].join('\n')
}

function maintenanceSummary(m: Maintenance, settings: SiteSettings): string {
  const t = tOf(settings)
  const { timeZone, dateFormat } = settings
  const at = (iso: string) => formatDateTime(iso, timeZone, dateFormat)
  const window = m.scheduledEndAt
    ? t('feeds.maintenance.window', { start: at(m.scheduledStartAt), end: at(m.scheduledEndAt) })
    : t('feeds.maintenance.openEnd', { start: at(m.scheduledStartAt) })
  const services = m.affectedServices.map((s) => s.name).join(', ')
  const { duration } = localizedMaintenance(m, { locale: localeOf(settings), t })
  const status = maintenanceStatusLabel(t, m.status)
  return [
    t('feeds.maintenance.summary', { status, window, duration }),
    services ? t('feeds.affected', { services }) : '',
    m.descriptionText,
  ]
    .filter(Boolean)
    .join('\n')
}

/** Characters XML 1.0 does not allow (C0 controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu

/** The text with every character XML cannot carry removed. */
export const xmlText = (text: string): string => text.replace(NOT_XML, '')

/**
 * Plain text as HTML text content: only `&`, `<` and `>` need escaping outside attributes, and leaving quotes as
 * they are spares the readers that show RSS titles as plain text an `&#39;` in every "we're".
 */
const htmlText = (text: string): string =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string)

/** The two serialisations of a feed, safe to serve as XML whatever the stored text holds. */
export interface SiteFeed {
  atom1(): string
  rss2(): string
}

/** The feed's title and description: the page's, or a service's or group's on it. */
function feedWords(settings: SiteSettings, subject: Named): { title: string; description: string } {
  const t = tOf(settings)
  const site = settings.siteName
  if (subject)
    return {
      title: t('feeds.subject.title', { site, name: subject.name }),
      description: t('feeds.subject.description', { site, name: subject.name }),
    }
  return { title: t('feeds.title', { site }), description: settings.description ?? t('feeds.description', { site }) }
}

/**
 * `links`: in the response's language (inLanguage), as the incidents' and maintenances' own were read. `subject`: the
 * service or group the items were read for (null: the whole page).
 */
export function buildFeed(
  incidents: Incident[],
  maintenances: Maintenance[],
  settings: SiteSettings,
  links: Links,
  subject: Named = null,
): SiteFeed {
  const t = tOf(settings)
  const items = [
    ...incidents.map((i) => ({
      date: new Date(i.updatedAt),
      title: t('feeds.incident.title', { title: i.title, status: incidentStatus(i, t) }),
      id: i.url,
      link: i.url,
      description: incidentSummary(i, t),
      published: new Date(i.createdAt),
      html: incidentHtml(i, t),
    })),
    ...maintenances.map((m) => ({
      date: new Date(m.updatedAt),
      title: t('feeds.maintenance.title', {
        title: m.title,
        status: maintenanceStatusLabel(t, m.status),
      }),
      id: m.url,
      link: m.url,
      description: maintenanceSummary(m, settings),
      published: new Date(m.createdAt),
    })),
  ].sort((a, b) => b.date.getTime() - a.date.getTime())
  const locale = localeOf(settings)
  // The feed's home is the page it follows (`/`, `/s/<slug>`), and its files live beside it.
  const home = `${links.base}${subject?.path ?? '/'}`
  const files = `${links.base}${subject?.path ?? ''}`
  const feed = new Feed({
    id: home,
    ...feedWords(settings, subject),
    link: home,
    language: locale,
    updated: items[0]?.date ?? new Date(0),
    generator: false,
    copyright: settings.siteName,
    feedLinks: { atom: `${files}/feed.atom`, rss: `${files}/feed.rss` },
  })
  for (const item of items) {
    feed.addItem({
      ...item,
      title: htmlText(item.title),
      description: htmlText(item.description),
      content:
        'html' in item && typeof item.html === 'string'
          ? item.html
          : `<p>${escapeHtml(item.description).replace(/\n/g, '<br>')}</p>`,
    })
  }
  // `feed` writes RSS's <language> but no Atom equivalent: the root element says it (RFC 4287 allows xml:lang anywhere).
  return {
    atom1: () =>
      xmlText(
        feed
          .atom1()
          .replace(
            '<feed xmlns="http://www.w3.org/2005/Atom">',
            `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
          ),
      ),
    rss2: () => xmlText(feed.rss2()),
  }
}

/** For a one-line iCalendar property: line breaks and other controls would end the property and start another. */
const oneLine = (text: string): string => xmlText(text).replace(/[\r\n\t]+/g, ' ')

/**
 * The iCalendar name of the site's zone and its VTIMEZONE, from the IANA data the library ships (aliases such as
 * US/Eastern map to their canonical name). A zone it does not know keeps its own name without a VTIMEZONE, which
 * the common calendars still read as an IANA name.
 */
function calendarZone(zone: string): { tzid: string; vtimezone: string | null } {
  if (!tzlib_get_timezones().includes(zone)) return { tzid: zone, vtimezone: null }
  const [vtimezone, tzid] = tzlib_get_ical_block(zone) as [string, string]
  return { tzid: tzid.replace(/^TZID=/, ''), vtimezone }
}

/**
 * A recurring series is one event: its first maintenance carries the RRULE, and every occurrence created ahead is
 * an override of that event (same UID, RECURRENCE-ID of its slot), so calendars show each date once, with a
 * cancelled occurrence marked cancelled. A series is written in the site's zone (TZID and its VTIMEZONE), in local
 * wall time as its rule is read: in UTC, a rule's instances would move an hour off the occurrences at the next
 * daylight-saving change and match none of them.
 */
export function buildCalendar(
  maintenances: Maintenance[],
  settings: SiteSettings,
  links: Links,
  series: ReadonlyMap<string, SeriesPlace> = new Map(),
  subject: Named = null,
): string {
  const host = new URL(links.base).hostname
  const zone = calendarZone(settings.timeZone)
  const t = tOf(settings)
  const site = settings.siteName
  const calendar = ical({
    name: oneLine(
      subject ? t('feeds.subject.calendarName', { site, name: subject.name }) : t('feeds.calendar.name', { site }),
    ),
    prodId: { company: 'statuspage', product: 'maintenances' },
    // No zone name for the calendar itself: ical-generator would then write DTSTAMP, CREATED and LAST-MODIFIED in
    // local time, where RFC 5545 wants UTC. The generator answers for the events' zone.
    timezone: { name: null, generator: (tzid) => (tzid === zone.tzid ? zone.vtimezone : null) },
  })
  for (const m of maintenances) {
    const place = series.get(m.shortId)
    // A TZDate is the instant itself; ical-generator writes its wall time in the event's zone.
    const at = (iso: string) => (place ? new TZDate(Date.parse(iso), zone.tzid) : new Date(iso))
    calendar.createEvent({
      id: `maintenance-${place?.origin ?? m.shortId}@${host}`,
      ...(place ? { timezone: zone.tzid } : {}),
      ...(place?.rrule ? { repeating: place.rrule } : {}),
      ...(place?.slot ? { recurrenceId: at(place.slot) } : {}),
      start: at(m.scheduledStartAt),
      // An open end has no end time: a one-hour placeholder would be a promise nobody made, so the event is shown
      // from its start (RFC 5545: no DTEND and no DURATION is an instant).
      end: m.scheduledEndAt ? at(m.scheduledEndAt) : null,
      summary: t('feeds.calendar.summary', { title: m.title }),
      description: maintenanceSummary(m, settings),
      url: m.url,
      status: m.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      stamp: new Date(m.updatedAt),
      lastModified: new Date(m.updatedAt),
      created: new Date(m.createdAt),
    })
  }
  // RFC 5545 forbids the same control characters in text.
  return xmlText(calendar.toString())
}
