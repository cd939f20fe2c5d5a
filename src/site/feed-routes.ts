/**
 * The route handlers of the feeds and the calendar: the page's (`/feed.atom`, `/feed.rss`, `/maintenances.ics`) and
 * a service's or group's (`/s/<slug>/…`, `/g/<slug>/…`, src/site/feed-subject.ts). One reading and one writer for
 * both: a subject only narrows what is read (the read model's `services`) and names the document.
 */
import { listIncidents, listMaintenances, maintenanceSeries, nextMaintenanceTransition } from '@/public-api/read-model'

import { type FeedSubject, findFeedSubject, type SubjectKind } from './feed-subject'
import { buildCalendar, buildFeed, inLanguage } from './feeds'
import { type SiteBody, type SiteContext, sitePage } from './respond'

export type FeedFormat = 'atom' | 'rss' | 'calendar'

/** The 50 newest incidents and 50 newest maintenances, by last change, in the response's language. */
async function feedBody(
  { payload, links: pageLinks, settings }: SiteContext,
  format: 'atom' | 'rss',
  subject: FeedSubject | null,
): Promise<SiteBody> {
  const links = inLanguage(pageLinks, settings)
  const [incidents, maintenances] = await Promise.all([
    listIncidents(payload, { page: 1, limit: 50 }, links, subject?.services),
    listMaintenances(payload, { page: 1, limit: 50 }, links, subject?.services),
  ])
  const feed = buildFeed(incidents.items, maintenances.items, settings, links, subject)
  return format === 'atom'
    ? { body: feed.atom1(), contentType: 'application/atom+xml; charset=utf-8' }
    : { body: feed.rss2(), contentType: 'application/rss+xml; charset=utf-8' }
}

/** The 100 maintenances with the latest start (cancelled ones marked CANCELLED), in the response's language. */
async function calendarBody(
  { payload, links: pageLinks, settings, clock }: SiteContext,
  subject: FeedSubject | null,
): Promise<SiteBody> {
  const links = inLanguage(pageLinks, settings)
  const [maintenances, transition] = await Promise.all([
    listMaintenances(payload, { page: 1, limit: 100 }, links, subject?.services),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  const series = await maintenanceSeries(
    payload,
    maintenances.items.map((m) => m.shortId),
    settings.timeZone,
  )
  return {
    body: buildCalendar(maintenances.items, settings, links, series, subject),
    contentType: 'text/calendar; charset=utf-8',
  }
}

const bodyOf = (context: SiteContext, format: FeedFormat, subject: FeedSubject | null) =>
  format === 'calendar' ? calendarBody(context, subject) : feedBody(context, format, subject)

/** The page's feed or calendar. */
export const pageFeedRoute = (format: FeedFormat) => sitePage((_request, context) => bodyOf(context, format, null))

/** A service's or group's feed or calendar on the request's page; a slug it does not show is a 404. */
export const subjectFeedRoute = (format: FeedFormat, kind: SubjectKind) =>
  sitePage<{ slug: string }>(async (_request, context, { slug }) =>
    bodyOf(context, format, await findFeedSubject(context.payload, context.links, kind, slug)),
  )
