/**
 * The public status site in a real browser (playwright-core driving Debian's Chromium at /usr/bin/chromium) against
 * the built server (`npm start`) on a fresh database (SQLite; PostgreSQL in project e2e-postgres): empty data,
 * content after CMS writes (write, reload, see it: the response cache never serves a stale page), the 404 page, the
 * theme toggle, subscribing, the feeds through real parsers and the weight of `/`. axe-core and the screenshots of
 * every page are site-look.test.ts's.
 */
import ical, { type VEvent } from 'node-ical'
import { type Browser } from 'playwright-core'
import Parser from 'rss-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Started } from '../helpers/service'
import { boldRichText } from '../helpers/rich-text'
import { hours, type Site, startSite } from '../helpers/site'

let site: Site
let server: Started
let browser: Browser
let editor: Record<string, string>
let admin: Record<string, string>
const write: Site['write'] = (...args) => site.write(...args)
const newPage: Site['newPage'] = (...args) => site.newPage(...args)
const mainText: Site['mainText'] = (...args) => site.mainText(...args)
const linkToken: Site['linkToken'] = (...args) => site.linkToken(...args)
const finishedNotification: Site['finishedNotification'] = (...args) => site.finishedNotification(...args)

beforeAll(async () => {
  site = await startSite('site')
  ;({ server, browser, editor, admin } = site)
})

afterAll(() => site?.close())

describe('the public site', () => {
  const created: { incident?: string; maintenance?: string; service?: number } = {}

  it('works with empty data: no services, no incidents, settings never saved', async () => {
    const { context, page } = await newPage()
    const home = await mainText(page, '/')
    expect(home).toContain('All systems operational')
    expect(home).toContain('No services are listed yet.')
    expect(home).toContain('No active incidents.')
    expect(home).toContain('No maintenance is scheduled.')
    expect(await page.title()).toBe('All systems operational · Status')
    expect(await mainText(page, '/history')).toContain('No incidents or maintenances have been recorded.')
    // Landmarks, and the feeds advertised.
    for (const selector of ['header', 'main', 'footer', 'nav'])
      expect(await page.locator(selector).count()).toBeGreaterThan(0)
    const alternates = await page
      .locator('link[rel="alternate"]:not([hreflang])')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')))
    expect(alternates).toEqual(['/feed.atom', '/feed.rss', '/maintenances.ics'])
    await context.close()
    const rss = await new Parser().parseURL(`${server.base}/feed.rss`)
    expect(rss.items).toEqual([])
    const calendar = await ical.async.fromURL(`${server.base}/maintenances.ics`)
    expect(Object.values(calendar).filter((c) => c?.type === 'VEVENT')).toEqual([])
  })

  it('answers unknown ids with the 404 page', async () => {
    const { context, page } = await newPage()
    for (const pathname of ['/i/nothing-here', '/m/nothing-here']) {
      const response = await page.goto(`${server.base}${pathname}`)
      expect(response?.status()).toBe(404)
      expect(await page.locator('h1').innerText()).toBe('Not found')
      expect(await page.locator('main a[href="/"]').count()).toBe(1)
    }
    await context.close()
  })

  it('shows every CMS write on the next load of each page, never a stale cached page', async () => {
    const { context, page } = await newPage()
    // Cached: the second anonymous read of / is a hit.
    await fetch(`${server.base}/`)
    expect((await fetch(`${server.base}/`)).headers.get('x-cache')).toBe('HIT')

    const group = await write('POST', '/api/service-groups', editor, { name: 'Core platform' })
    const api = await write('POST', '/api/services', editor, {
      name: 'Public API',
      group: group.doc.id,
      status: 'operational',
    })
    created.service = api.doc.id
    await write('POST', '/api/services', editor, { name: 'Dashboard', group: group.doc.id, status: 'operational' })
    let home = await mainText(page, '/')
    expect(home).toContain('Core platform')
    expect(home).toContain('Public API')
    expect(await page.locator('details.group').getAttribute('open')).not.toBeNull() // the only group: open

    await write('PATCH', `/api/services/${api.doc.id}`, editor, { status: 'major' })
    home = await mainText(page, '/')
    expect(home).toContain('Major outage')
    expect(await page.locator('details.group').getAttribute('open')).not.toBeNull() // trouble: expanded

    const incident = await write('POST', '/api/incidents', editor, {
      title: 'API returns errors',
      affectedServices: [api.doc.id],
      updates: [
        { status: 'investigating', message: 'We are looking into elevated error rates.', createdAt: hours(-2) },
      ],
    })
    created.incident = incident.doc.shortId
    home = await mainText(page, '/')
    expect(home).toContain('API returns errors')
    expect(home).toContain('We are looking into elevated error rates.')
    let detail = await mainText(page, `/i/${created.incident}`)
    expect(detail).toContain('Ongoing')
    expect(detail).toMatch(/Ongoing for 2 hours/)
    expect(detail).toContain('Public API')

    await write('PATCH', `/api/incidents/${incident.doc.id}`, editor, {
      updates: [
        { status: 'investigating', message: 'We are looking into elevated error rates.', createdAt: hours(-2) },
        { status: 'identified', message: 'A bad deploy; rolling back.', createdAt: hours(-1) },
        { status: 'resolved', message: 'Error rates are back to normal.', createdAt: hours(-0.5) },
      ],
    })
    detail = await mainText(page, `/i/${created.incident}`)
    expect(detail).toContain('Resolved after 1 hour 30 minutes')
    const timeline = await page.locator('ol.timeline > li p').allInnerTexts()
    expect(timeline).toEqual([
      'Error rates are back to normal.',
      'A bad deploy; rolling back.',
      'We are looking into elevated error rates.',
    ])
    home = await mainText(page, '/')
    expect(home).toContain('No active incidents.')
    expect(await page.locator('section[aria-labelledby="past-h"]').innerText()).toContain('API returns errors')

    const maintenance = await write('POST', '/api/maintenances', editor, {
      title: 'Database upgrade',
      scheduledStartAt: '2031-03-10T22:00:00.000Z',
      scheduledEndAt: '2031-03-11T00:30:00.000Z',
      affectedServices: [api.doc.id],
      description: boldRichText('Expect brief read-only periods.'),
    })
    created.maintenance = maintenance.doc.shortId
    home = await mainText(page, '/')
    expect(home).toContain('Database upgrade')

    await write('POST', '/api/globals/settings', admin, {
      siteName: 'Acme Status',
      statusMessage: 'We are upgrading the database tonight.',
      timeZone: 'America/New_York',
    })
    home = await mainText(page, '/')
    expect(home).toContain('We are upgrading the database tonight.')
    expect(home).toContain('Public API: major outage')
    expect(await page.title()).toBe('Public API: major outage · Acme Status')

    const m = await mainText(page, `/m/${created.maintenance}`)
    expect(m).toContain('Schedule (America/New_York)')
    expect(m).toContain('10 Mar 2031, 18:00 GMT-4 to 20:30 GMT-4') // a same-day window names its date once
    expect(m).toContain('2 hours 30 minutes')
    expect(m).toContain('Expect brief read-only periods.')
    expect(await page.locator('.rich strong').innerText()).toBe('Expect brief read-only periods.')
    // The visitor's time zone, filled in by the page's script (the browser runs in UTC here).
    expect(await page.locator('#local-row').isVisible()).toBe(true)
    expect(await page.locator('[data-local]').innerText()).toMatch(/2031/)

    const history = await mainText(page, '/history')
    expect(history).toContain('API returns errors')
    await context.close()
  })

  it('names the overall status in the title, and shows a favicon in its colour until one is uploaded, then that one and the logo', async () => {
    const { context, page } = await newPage()
    await page.goto(`${server.base}/`)
    expect(await page.title()).toBe('Public API: major outage · Acme Status')
    const icon = await page.locator('link[rel="icon"]').getAttribute('href')
    expect(icon).toBe('/favicon.svg?status=major')
    const svg = await fetch(`${server.base}${icon}`)
    expect(svg.status).toBe(200)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(await svg.text()).toContain('#c4231c') // the major-outage red
    const ico = await fetch(`${server.base}/favicon.ico`)
    expect(ico.status).toBe(200)
    expect(ico.headers.get('content-type')).toMatch(/^image\//)

    // Upload a PNG and choose it as favicon and logo in Settings.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    )
    const form = new FormData()
    form.append('file', new Blob([png], { type: 'image/png' }), 'acme-icon.png')
    form.append('_payload', JSON.stringify({ alt: 'Acme' }))
    const uploaded = await fetch(`${server.base}/api/media`, { method: 'POST', headers: admin, body: form })
    const media = await uploaded.json()
    expect(uploaded.status, JSON.stringify(media)).toBe(201)
    await write('POST', '/api/globals/settings', admin, { favicon: media.doc.id, logo: media.doc.id })
    await page.goto(`${server.base}/`)
    const mediaPath = new URL(media.doc.url, server.base).pathname
    expect(new URL((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '', server.base).pathname).toBe(
      mediaPath,
    )
    expect(await page.locator('link[rel="icon"]').getAttribute('type')).toBe('image/png')
    expect(new URL((await page.locator('header .brand img').getAttribute('src')) ?? '', server.base).pathname).toBe(
      mediaPath,
    )
    const redirected = await fetch(`${server.base}/favicon.ico`, { redirect: 'manual' })
    expect(redirected.status).toBe(302)
    expect(new URL(redirected.headers.get('location') ?? '', server.base).pathname).toBe(mediaPath)
    const file = await fetch(`${server.base}/favicon.ico`)
    expect(file.headers.get('content-type')).toBe('image/png')
    await write('POST', '/api/globals/settings', admin, { favicon: null, logo: null })
    await context.close()
  })

  it('links the favicon in the overall status colour on every page, through the response cache, and follows a write', async () => {
    const pathnames = [
      '/',
      '/history',
      `/i/${created.incident}`,
      `/m/${created.maintenance}`,
      '/subscribe',
      '/no/such/page',
    ]
    const icons = () =>
      Promise.all(
        pathnames.map(
          async (pathname) =>
            /<link rel="icon"[^>]*href="([^"]*)"/.exec(await (await fetch(`${server.base}${pathname}`)).text())?.[1],
        ),
      )
    const icoColour = async () =>
      /fill="(#[0-9a-f]{6})"/.exec(await (await fetch(`${server.base}/favicon.ico`)).text())?.[1]
    expect(await icons()).toEqual(pathnames.map(() => '/favicon.svg?status=major'))
    expect(await icoColour()).toBe('#c4231c')
    // Served from the cache now (the 404 is never stored)...
    expect((await fetch(`${server.base}/history`)).headers.get('x-cache')).toBe('HIT')
    expect((await fetch(`${server.base}/favicon.ico`)).headers.get('x-cache')).toBe('HIT')
    // ...and a write empties it: every page and /favicon.ico follow the new overall status.
    await write('PATCH', `/api/services/${created.service}`, editor, { status: 'degraded' })
    expect(await icons()).toEqual(pathnames.map(() => '/favicon.svg?status=degraded'))
    expect(await icoColour()).toBe('#b26b00')
    await write('PATCH', `/api/services/${created.service}`, editor, { status: 'major' })
    expect(await icons()).toEqual(pathnames.map(() => '/favicon.svg?status=major'))
  })

  it('answers unknown paths with the site 404 page, and leaves unknown /api paths to the API', async () => {
    const { context, page } = await newPage()
    for (const pathname of ['/nope', '/no/such/page', '/i']) {
      const response = await page.goto(`${server.base}${pathname}`)
      expect(response?.status()).toBe(404)
      expect(response?.headers()['cache-control']).toBe('no-store')
      expect(await page.locator('h1').innerText()).toBe('Not found')
      expect(await page.locator('header .brand').innerText()).toBe('Acme Status')
      expect(await page.locator('main a[href="/"]').count()).toBe(1)
      expect(await page.locator('#theme-toggle').isVisible()).toBe(true)
    }
    for (const pathname of ['/api/nope', '/api/v1/nope']) {
      const response = await fetch(`${server.base}${pathname}`)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/json/)
    }
    await context.close()
  })

  it('has a subscribe button in the header, navigation links that look like navigation, and service descriptions', async () => {
    const group = await write('POST', '/api/service-groups', editor, {
      name: 'Edge network',
      description: 'Where your traffic enters',
    })
    await write('POST', '/api/services', editor, {
      name: 'CDN',
      group: group.doc.id,
      status: 'operational',
      description: 'Static files in 40 regions',
    })
    const { context, page } = await newPage()
    await page.goto(`${server.base}/`)
    const subscribe = page.locator('header').getByRole('link', { name: 'Subscribe to updates' })
    expect(await subscribe.getAttribute('href')).toBe('/subscribe')
    const look = await subscribe.evaluate((a) => ({
      background: getComputedStyle(a).backgroundColor,
      underline: getComputedStyle(a).textDecorationLine,
    }))
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)') // a filled button
    expect(look.underline).toBe('none')
    const history = page.locator('header nav').getByRole('link', { name: 'History' })
    expect(await history.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none')
    expect(await page.locator('header nav a[aria-current="page"]').innerText()).toBe('Status')
    const text = await page.locator('main').innerText()
    expect(text).toContain('Where your traffic enters')
    expect(
      await page.locator('details.group', { hasText: 'Edge network' }).locator('li', { hasText: 'CDN' }).textContent(),
    ).toContain('Static files in 40 regions')
    await context.close()
  })

  it("shows times in the visitor's zone, named, with how long ago; and in the configured zone, named, without JavaScript", async () => {
    const incident = await write('POST', '/api/incidents', editor, {
      title: 'Login is slow',
      updates: [{ status: 'identified', message: 'A slow query.', createdAt: hours(-3) }],
    })
    const { context, page } = await newPage({ timezoneId: 'Asia/Tokyo' })
    await page.goto(`${server.base}/i/${incident.doc.shortId}`)
    const stamp = await page.locator('ol.timeline time').innerText()
    expect(stamp).toMatch(/^3 hours ago \(.*GMT\+9\)$/)
    await page.goto(`${server.base}/`)
    expect(await page.locator('.card', { hasText: 'Login is slow' }).locator('time').innerText()).toMatch(
      /^3 hours ago \(.*GMT\+9\)$/,
    )
    await context.close()
    const plain = await browser.newContext({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' })
    const noScript = await plain.newPage()
    await noScript.goto(`${server.base}/i/${incident.doc.shortId}`)
    expect(await noScript.locator('ol.timeline time').innerText()).toMatch(/\d{4}, \d\d:\d\d (EST|EDT|GMT-[45])$/) // America/New_York, set above
    await plain.close()
    await write('PATCH', `/api/incidents/${incident.doc.id}`, editor, {
      updates: [{ status: 'resolved', message: 'Fixed.', createdAt: hours(-2) }],
    })
  })

  it('refreshes its content by itself while open: a write shows up without a reload, an unchanged page is a 304', async () => {
    const { context, page } = await newPage()
    await page.goto(`${server.base}/`)
    const refresh = () => page.evaluate(() => (window as any).statusPage.refresh() as Promise<boolean>)
    expect(await refresh()).toBe(false) // nothing changed
    const statuses: number[] = []
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/') statuses.push(r.status())
    })
    expect(await refresh()).toBe(false)
    expect(statuses).toEqual([304]) // the page's ETag came back as If-None-Match
    await page.evaluate(() => document.querySelector('main')?.setAttribute('data-marker', 'same document'))
    await write('POST', '/api/incidents', editor, {
      title: 'Webhooks are delayed',
      updates: [{ status: 'investigating', message: 'Queue backlog.' }],
    })
    expect(await refresh()).toBe(true)
    expect(await page.locator('main').innerText()).toContain('Webhooks are delayed')
    expect(await page.locator('main').getAttribute('data-marker')).toBe('same document') // swapped in place, not reloaded
    expect(await page.locator('#refresh-status').innerText()).toMatch(/^Updated /)
    await context.close()
  })

  it('shows the latest update of a maintenance in progress on /', async () => {
    await write('POST', '/api/maintenances', editor, {
      title: 'Queue migration',
      scheduledStartAt: hours(-1),
      scheduledEndAt: hours(2),
      updates: [{ message: 'Half of the queues are moved.', createdAt: hours(-0.5) }],
    })
    const { context, page } = await newPage()
    await page.goto(`${server.base}/`)
    const card = page.locator('.card', { hasText: 'Queue migration' })
    expect(await card.innerText()).toContain('In progress')
    expect(await card.innerText()).toContain('Half of the queues are moved.')
    await context.close()
  })

  it('fits the header on one row at 360 px, with status labels in one even column', async () => {
    const group = await write('POST', '/api/service-groups', editor, { name: 'Accounts and sign-in' })
    await write('POST', '/api/services', editor, {
      name: 'Customer authentication gateway',
      group: group.doc.id,
      status: 'degraded',
    })
    await write('POST', '/api/services', editor, { name: 'SSO', group: group.doc.id, status: 'operational' })
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage({ width: 360, scheme })
      await page.goto(`${server.base}/`)
      const boxes = await page
        .locator('header .brand, header nav a, #theme-toggle')
        .evaluateAll((elements) =>
          elements
            .filter((e) => e.getClientRects().length > 0)
            .map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
        )
      expect(boxes.length).toBeGreaterThanOrEqual(4) // brand, History, Subscribe, theme
      const [brand] = boxes
      for (const box of boxes) {
        expect(box.top).toBeLessThan(brand.bottom) // one row: every box overlaps the brand's vertically
        expect(box.bottom).toBeGreaterThan(brand.top)
        expect(box.right).toBeLessThanOrEqual(360)
      }
      const badges = await page
        .locator('details.group', { hasText: 'Accounts and sign-in' })
        .locator('ul.services .badge')
        .evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))
      expect(badges).toHaveLength(2)
      expect(badges[0].right).toBe(badges[1].right) // right-aligned, whatever the name's length
      expect(badges[0].height).toBe(badges[1].height) // each on one line
      await context.close()
    }
  })

  it('pages the history with previous and next links', async () => {
    for (let i = 0; i < 11; i++) {
      await write('POST', '/api/incidents', editor, {
        title: `Old incident ${i}`,
        updates: [{ status: 'resolved', message: 'Done', createdAt: hours(-100 - i) }],
      })
    }
    const { context, page } = await newPage()
    await mainText(page, '/history')
    expect(await page.locator('nav.pager').innerText()).toContain('Page 1 of 2')
    await page.locator('a[rel="next"]').click()
    expect(page.url()).toBe(`${server.base}/history?page=2`)
    expect(await page.locator('main').innerText()).toContain('Old incident 0')
    await page.locator('a[rel="prev"]').click()
    expect(page.url()).toBe(`${server.base}/history`)
    await context.close()
  })

  it('keeps the chosen theme across reloads, before paint', async () => {
    const { context, page } = await newPage({ scheme: 'light' })
    await page.goto(`${server.base}/`)
    const toggle = page.locator('#theme-toggle')
    expect(await toggle.isVisible()).toBe(true)
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark')
    await page.reload()
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark')
    expect(await page.locator('#theme-toggle').getAttribute('aria-pressed')).toBe('true')
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).toBe('rgb(17, 20, 24)')
    await page.locator('#theme-toggle').click()
    await page.reload()
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light')
    await context.close()
  })

  it('is readable without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${server.base}/`)
    expect(await page.locator('main').innerText()).toContain('Core platform')
    expect(await page.locator('#theme-toggle').isVisible()).toBe(false) // useless without script, so not shown
    await page.goto(`${server.base}/m/${created.maintenance}`)
    expect(await page.locator('main').innerText()).toContain('Database upgrade')
    await context.close()
  })

  const subscriber = 'visitor@example.test'
  const tokens: { verify?: string; unsubscribe?: string } = {}

  it('subscribes from the form on /, confirms through the e-mailed link, and is told so', async () => {
    const { context, page } = await newPage()
    await page.goto(`${server.base}/`)
    await page.getByLabel('E-mail address').fill(subscriber)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.waitForURL(`${server.base}/subscribe`)
    expect(await page.locator('h1').innerText()).toBe('Almost done')
    expect(await page.getByRole('status').innerText()).toContain('Check your inbox')

    tokens.verify = await linkToken(subscriber, 'verify', 1)
    const response = await page.goto(`${server.base}/verify/${tokens.verify}`)
    expect(response?.headers()['cache-control']).toBe('no-store')
    expect(await page.locator('h1').innerText()).toBe('Confirm your subscription')
    await page.getByRole('button', { name: 'Confirm subscription' }).click()
    expect(await page.locator('h1').innerText()).toBe('Subscription confirmed')
    await page.goto(`${server.base}/verify/${tokens.verify}`)
    expect(await page.locator('h1').innerText()).toBe('Already confirmed')
    await context.close()
  })

  it('says what is wrong with a bad form, and keeps what was typed', async () => {
    // The form offers SMS only when SMS can be sent: switch it on for this test (nothing is sent: no SMS subscriber).
    const sms = {
      apiBaseUrl: 'https://sms.example.test/api',
      accountSid: 'AC-site-test',
      authToken: 'site-test-token',
      fromNumber: '+15550001111',
    }
    await write('POST', '/api/globals/sms-settings', admin, { enabled: true, ...sms })
    const { context, page } = await newPage()
    await page.goto(`${server.base}/subscribe`)
    await page.getByLabel('Text message (SMS)').check()
    await page.getByLabel('Mobile number, international format').fill('0170 123')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    expect(await page.getByRole('alert').innerText()).toContain('E.164')
    expect(await page.getByLabel('Mobile number, international format').inputValue()).toBe('0170 123')
    expect(await page.getByLabel('Text message (SMS)').isChecked()).toBe(true)
    // The services to choose from are the page's own.
    expect(await page.getByLabel('Public API').count()).toBe(1)
    await context.close()
    await write('POST', '/api/globals/sms-settings', admin, { enabled: false })
  })

  it('unsubscribes with one click from the link in a notification, with clear states for a repeat and an unknown link', async () => {
    await write('POST', '/api/incidents', editor, {
      title: 'Notified incident',
      updates: [{ status: 'investigating', message: 'Hello subscribers.' }],
    })
    tokens.unsubscribe = await linkToken(subscriber, 'unsubscribe', 2)
    const { context, page } = await newPage()
    const response = await page.goto(`${server.base}/unsubscribe/${tokens.unsubscribe}`)
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    expect(await page.locator('main').innerText()).toContain('vi***@example.test')
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    expect(await page.locator('h1').innerText()).toBe('Unsubscribed')
    await page.goto(`${server.base}/unsubscribe/${tokens.unsubscribe}`)
    expect(await page.locator('h1').innerText()).toBe('Already unsubscribed')
    const unknown = await page.goto(`${server.base}/unsubscribe/not-a-real-token`)
    expect(unknown?.status()).toBe(404)
    expect(await page.locator('h1').innerText()).toBe('Link not valid')
    await context.close()

    // Nothing more reaches the address: the next notification, once its run has finished, had no recipient.
    const after = await write('POST', '/api/incidents', editor, {
      title: 'After leaving',
      updates: [{ status: 'investigating', message: 'x' }],
    })
    const done = await finishedNotification(after.doc.id)
    expect(done).toMatchObject({ status: 'sent', recipients: 0, sent: 0 })
    expect(site.smtp.to(subscriber).map((m) => m.parsed.subject)).not.toContain(
      '[Acme Status] New incident: After leaving',
    )
  })

  it('serves the feeds: Atom and RSS with incidents and maintenances, iCalendar with maintenances', async () => {
    const parser = new Parser()
    for (const feedPath of ['/feed.atom', '/feed.rss']) {
      const response = await fetch(`${server.base}${feedPath}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(
        feedPath.endsWith('atom') ? /application\/atom\+xml/ : /application\/rss\+xml/,
      )
      const feed = await parser.parseString(await response.text())
      expect(feed.title).toBe('Acme Status: incidents and maintenances')
      const titles = feed.items.map((item) => item.title)
      expect(titles).toContain('API returns errors (Resolved)')
      expect(titles).toContain('Maintenance: Database upgrade (Upcoming)')
      // The base is publicLinks' (settings.publicUrl, PUBLIC_URL, else the request's origin as Next sees it).
      expect(
        new URL(feed.items.find((item) => item.title === 'API returns errors (Resolved)')?.link ?? '').pathname,
      ).toBe(`/i/${created.incident}`)
    }
    const response = await fetch(`${server.base}/maintenances.ics`)
    expect(response.headers.get('content-type')).toMatch(/text\/calendar/)
    const all = Object.values(ical.sync.parseICS(await response.text())).filter((c) => c?.type === 'VEVENT') as VEvent[]
    expect(all.map((e) => e.summary).sort()).toEqual(['Maintenance: Database upgrade', 'Maintenance: Queue migration'])
    const events = all.filter((e) => e.summary === 'Maintenance: Database upgrade')
    expect(events[0].summary).toBe('Maintenance: Database upgrade')
    expect(events[0].start.toISOString()).toBe('2031-03-10T22:00:00.000Z')
    expect(events[0].end?.toISOString()).toBe('2031-03-11T00:30:00.000Z')
    const url: any = events[0].url // node-ical keeps URL;VALUE=URI as {params, val}
    expect(new URL(typeof url === 'object' ? url.val : url).pathname).toBe(`/m/${created.maintenance}`)
  })

  it('keeps / under 100 KB transferred, everything it loads included', async () => {
    const { context, page } = await newPage()
    // Every body is read before counting: on a loaded machine a read may still be under way at network idle.
    const bodies: Promise<Buffer>[] = []
    page.on('response', (response) => bodies.push(response.body().catch(() => Buffer.alloc(0))))
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' })
    const bytes = (await Promise.all(bodies)).reduce((sum, body) => sum + body.length, 0)
    expect(bytes).toBeGreaterThan(1000)
    expect(bytes).toBeLessThan(100 * 1024)
    await context.close()
  })

  it('keeps /admin and the CMS API out of the response cache', async () => {
    await fetch(`${server.base}/api/services`)
    expect((await fetch(`${server.base}/api/services`)).headers.get('x-cache')).toBeNull()
    expect((await fetch(`${server.base}/admin/login`)).headers.get('x-cache')).toBeNull()
  })
})
