/**
 * The site the public pages are looked at on (tests/e2e/site-look.test.ts): written
 * through the CMS API with something on every page (groups, services in trouble, incidents active and past,
 * maintenances in progress and to come, a subscriber), and the list of its pages.
 */
import { expect } from 'vitest'

import { boldRichText } from './rich-text'
import { call } from './service'
import { hours, type Site, startSite } from './site'

export interface LookedAtSite {
  site: Site
  /** Each page's name (for screenshots) and path. */
  pages: [string, string][]
  /** What the seed wrote (names, titles, messages): a person's words, which no catalogue translates. */
  written: string[]
  /** The points pushed to the metric `api-latency` of the Public API (each in its own 5-minute bucket of the day). */
  metricPoints: { timestamp: number; value: number }[]
}

/** A site with something on every page, and the links a subscriber is e-mailed. */
export async function startLookedAtSite(name: string): Promise<LookedAtSite> {
  const site = await startSite(name)
  const pages: [string, string][] = []
  const written: string[] = []
  const { server, editor, admin } = site
  const write: Site['write'] = async (method, pathname, as, body) => {
    for (const value of Object.values(body ?? {}))
      if (typeof value === 'string' && !/^\d{4}-/.test(value)) written.push(value)
    for (const update of (body as { updates?: { message: string }[] })?.updates ?? []) written.push(update.message)
    return site.write(method, pathname, as, body)
  }
  // (And the subscriber's address, masked on the unsubscribe page: its domain shows.)
  written.push('Expect brief read-only periods.', 'America/New_York', 'example.test')
  await write('POST', '/api/globals/settings', admin, {
    siteName: 'Acme Status',
    statusMessage: 'We are upgrading the database tonight.',
    timeZone: 'America/New_York',
  })
  const service = async (group: string, description: string | undefined, services: [string, string, string?][]) => {
    const created = await write('POST', '/api/service-groups', editor, { name: group, description })
    for (const [name, status, about] of services)
      await write('POST', '/api/services', editor, { name, group: created.doc.id, status, description: about })
  }
  await service('Core platform', undefined, [
    ['Public API', 'major'],
    ['Dashboard', 'operational'],
  ])
  await service('Edge network', 'Where your traffic enters', [['CDN', 'operational', 'Static files in 40 regions']])
  await service('Accounts and sign-in', undefined, [
    ['Customer authentication gateway', 'degraded'],
    ['SSO', 'operational'],
  ])
  const past = await write('POST', '/api/incidents', editor, {
    title: 'API returns errors',
    updates: [
      { status: 'investigating', message: 'We are looking into elevated error rates.', createdAt: hours(-2) },
      { status: 'identified', message: 'A bad deploy; rolling back.', createdAt: hours(-1) },
      { status: 'resolved', message: 'Error rates are back to normal.', createdAt: hours(-0.5) },
    ],
  })
  await write('POST', '/api/incidents', editor, {
    title: 'Login is slow',
    updates: [{ status: 'identified', message: 'A slow query.', createdAt: hours(-3) }],
  })
  // More than a page of history, so that /history shows its pager.
  for (let i = 0; i < 11; i++)
    await write('POST', '/api/incidents', editor, {
      title: `Old incident ${i}`,
      updates: [{ status: 'resolved', message: 'Done', createdAt: hours(-100 - i) }],
    })
  const upcoming = await write('POST', '/api/maintenances', editor, {
    title: 'Database upgrade',
    scheduledStartAt: '2031-03-10T22:00:00.000Z',
    scheduledEndAt: '2031-03-11T00:30:00.000Z',
    description: boldRichText('Expect brief read-only periods.'),
  })
  await write('POST', '/api/maintenances', editor, {
    title: 'Queue migration',
    scheduledStartAt: hours(-1),
    scheduledEndAt: hours(2),
    updates: [{ message: 'Half of the queues are moved.', createdAt: hours(-0.5) }],
  })

  // A metric with a day of points, so that the sweeps cover its chart on /, /s/public-api and its week's page.
  const listed = await call(`${server.base}/api/services?where%5Bslug%5D%5Bequals%5D=public-api`, { headers: admin })
  await write('POST', '/api/metrics', admin, {
    name: 'API latency',
    slug: 'api-latency',
    unit: 'ms',
    decimals: 1,
    service: listed.json().docs[0].id,
  })
  const now = Math.floor(Date.now() / 1000 / 300) * 300
  const metricPoints = Array.from({ length: 24 }, (_, i) => ({
    // From 23 hours ago to the current 5-minute bucket: raw points are kept a day, older ones refused.
    timestamp: now - (23 - i) * 3600,
    value: Math.round((120 + 40 * Math.sin(i / 3) + (i % 5) * 3.25) * 100) / 100,
  }))
  await write('POST', '/api/metrics/api-latency/data', admin, { data: metricPoints })

  const subscriber = 'visitor@example.test'
  const subscribed = await call(`${server.base}/api/subscribe`, {
    method: 'POST',
    body: { type: 'email', email: subscriber },
  })
  expect(subscribed.status, subscribed.text).toBeLessThan(300)
  const verify = await site.linkToken(subscriber, 'verify', 1)
  const verified = await call(`${server.base}/api/subscribe/verify`, { method: 'POST', body: { token: verify } })
  expect(verified.status, verified.text).toBe(200)
  const notified = await write('POST', '/api/incidents', editor, {
    title: 'Webhooks are delayed',
    updates: [{ status: 'investigating', message: 'Queue backlog.' }],
  })
  await site.finishedNotification(notified.doc.id)
  const unsubscribe = await site.linkToken(subscriber, 'unsubscribe', 2)

  pages.push(
    ['home', '/'],
    ['incident', `/i/${past.doc.shortId}`],
    ['maintenance', `/m/${upcoming.doc.shortId}`],
    // A service's page, with its own feeds under "Follow this service".
    ['service', '/s/public-api'],
    ['history', '/history'],
    ['metric', '/metrics/api-latency/week'],
    ['not-found', '/i/nothing-here'],
    ['unknown-path', '/no/such/page'],
    ['subscribe', '/subscribe'],
    ['verify', `/verify/${verify}`],
    ['unsubscribe', `/unsubscribe/${unsubscribe}`],
  )
  return { site, pages, written, metricPoints }
}
