/**
 * The public routes of a page, called in-process as Next calls them (a Request, the route's params): for the tests
 * that walk every public route of a private page (tests/api/private-pages.test.ts, private-default-page.test.ts).
 */
import { BASE } from './api'

type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>
export type Route = { GET?: Handler; POST?: Handler }

export interface RouteAnswer {
  status: number
  headers: Headers
  text: string
}

/** Calls a route's GET or POST with these headers (a body: a form). */
export async function callRoute(
  route: Route,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  init?: { body?: string; params?: object },
): Promise<RouteAnswer> {
  const handler = route[method]!
  const response = await handler(
    new Request(new URL(path, BASE), {
      method,
      headers: init?.body ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      body: init?.body,
    }),
    { params: Promise.resolve(init?.params ?? {}) },
  )
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/**
 * Every public GET route of a page, with the parameters its path names: an incident's, a service's and a group's (their
 * pages and their feeds).
 */
export async function everyPublicRoute({
  shortId,
  service,
  group,
}: {
  shortId: string
  service: string
  group: string
}): Promise<[string, Route, object][]> {
  const site = (path: string) => import(/* @vite-ignore */ `@/app/(site)${path}/route`)
  const v1 = (path: string) => import(/* @vite-ignore */ `@/app/api/v1${path}/route`)
  const v2 = (path: string) => import(/* @vite-ignore */ `@/app/api/v2${path}/route`)
  const unknown = await site('/[...unknown]')
  const badge = await site('/badge/[...badge]')
  return [
    ['/', await import('@/app/(site)/route'), {}],
    ['/history', await site('/history'), {}],
    [`/i/${shortId}`, await site('/i/[shortId]'), { shortId }],
    [`/s/${service}`, await site('/s/[slug]'), { slug: service }],
    [`/g/${group}`, await site('/g/[slug]'), { slug: group }],
    [`/s/${service}/feed.atom`, await site('/s/[slug]/feed.atom'), { slug: service }],
    [`/s/${service}/feed.rss`, await site('/s/[slug]/feed.rss'), { slug: service }],
    [`/s/${service}/maintenances.ics`, await site('/s/[slug]/maintenances.ics'), { slug: service }],
    [`/g/${group}/feed.atom`, await site('/g/[slug]/feed.atom'), { slug: group }],
    [`/g/${group}/feed.rss`, await site('/g/[slug]/feed.rss'), { slug: group }],
    [`/g/${group}/maintenances.ics`, await site('/g/[slug]/maintenances.ics'), { slug: group }],
    ['/feed.atom', await site('/feed.atom'), {}],
    ['/feed.rss', await site('/feed.rss'), {}],
    ['/history.atom', await site('/history.atom'), {}],
    ['/history.rss', await site('/history.rss'), {}],
    ['/maintenances.ics', await site('/maintenances.ics'), {}],
    ['/badge/status.svg', badge, { badge: ['status.svg'] }],
    [`/badge/service/${service}/uptime/30d.json`, badge, { badge: ['service', service, 'uptime', '30d.json'] }],
    [`/badge/group/${group}/incidents.svg`, badge, { badge: ['group', group, 'incidents.svg'] }],
    ['/subscribe', await site('/subscribe'), {}],
    ['/embed', await site('/embed'), {}],
    ['/no-such-path', unknown, { unknown: ['no-such-path'] }],
    ['/favicon.ico', unknown, { unknown: ['favicon.ico'] }],
    ['/api/v1/status', await v1('/status'), {}],
    ['/api/v1/services', await v1('/services'), {}],
    ['/api/v1/incidents', await v1('/incidents'), {}],
    [`/api/v1/incidents/${shortId}`, await v1('/incidents/[shortId]'), { shortId }],
    ['/api/v1/maintenances', await v1('/maintenances'), {}],
    ['/api/v1/uptime', await v1('/uptime'), {}],
    ['/api/v2/summary.json', await v2('/summary.json'), {}],
    ['/api/v2/status.json', await v2('/status.json'), {}],
    ['/api/v2/components.json', await v2('/components.json'), {}],
    ['/api/v2/incidents.json', await v2('/incidents.json'), {}],
    ['/api/v2/incidents/unresolved.json', await v2('/incidents/unresolved.json'), {}],
    ['/api/v2/scheduled-maintenances.json', await v2('/scheduled-maintenances.json'), {}],
  ]
}
