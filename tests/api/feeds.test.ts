/**
 * The Atom, RSS and iCalendar feeds as a feed reader sees them (rss-parser, node-ical, htmlparser2 for what a
 * reader renders as HTML), with hostile text from editors and administrators, and with characters that only a write
 * around validation could store (written here straight into the tables).
 */
import { eq, inArray } from '@payloadcms/db-sqlite/drizzle'
import { parseDocument } from 'htmlparser2'
import ical from 'node-ical'
import Parser from 'rss-parser'
import { beforeAll, describe, expect, it } from 'vitest'

import * as atomRoute from '@/app/(site)/feed.atom/route'
import * as calendarRoute from '@/app/(site)/maintenances.ics/route'
import * as rssRoute from '@/app/(site)/feed.rss/route'
import { connectionFor, tableOf } from '@/db/sql'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'

const HOSTILE = `"'><img src=x onerror=alert(1)><script>x</script>`

let editor: TestUser
let admin: TestUser

type Route = { GET: (request: Request, route: { params: Promise<Record<string, never>> }) => Promise<Response> }
async function fetchFeed(route: Route, path: string) {
  const response = await route.GET(new Request(`${BASE}${path}`), { params: Promise.resolve({}) })
  return { status: response.status, text: await response.text() }
}

/** What a reader shows for text it treats as HTML: no element, and the text itself. */
function asHtml(markup: string) {
  const document = parseDocument(markup)
  const elements = (function count(nodes: typeof document.children): number {
    return nodes.reduce((n, node) => n + ('children' in node && node.type !== 'root' ? 1 + count(node.children) : 0), 0)
  })(document.children)
  const text = document.children.map((node) => ('data' in node ? node.data : '')).join('')
  return { elements, text }
}

async function createIncident(title: string, message: string) {
  const res = await api('POST', '/incidents', {
    key: editor.key,
    body: { title, updates: [{ status: 'investigating', message }] },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number }
}

beforeAll(async () => {
  await payload()
  editor = await createUser('editor')
  admin = await createUser('admin')
})

describe('control characters stored around validation', () => {
  it('are left out of /feed.atom and /feed.rss, which stay well-formed', async () => {
    const p = await payload()
    const incident = await createIncident('Control placeholder', 'placeholder')
    // Straight into the table, as a write that skipped validation (an import, an older version) would leave it.
    const db = await connectionFor(p)
    // Titles and messages are kept per language, beside their records (docs/languages.md, "Content").
    const titles = tableOf(p, 'incidents_locales')
    await db.update(titles).set({ title: 'Bad\u0001title\u001b[31m' }).where(eq(titles._parentID, incident.id))
    const updates = tableOf(p, 'incidents_updates')
    const messages = tableOf(p, 'incidents_updates_locales')
    // PostgreSQL cannot store NUL in text; SQLite can, and the finding saw it there.
    const nul = process.env.TEST_DIALECT === 'sqlite' ? '\u0000' : ''
    await db
      .update(messages)
      .set({ message: `Bad\u0002message\u0008${nul}end` })
      .where(
        inArray(
          messages._parentID,
          db.select({ id: updates.id }).from(updates).where(eq(updates._parentID, incident.id)),
        ),
      )

    const atom = await fetchFeed(atomRoute, '/feed.atom')
    expect(atom.status).toBe(200)
    const rss = await fetchFeed(rssRoute, '/feed.rss')
    expect(rss.status).toBe(200)
    for (const xml of [atom.text, rss.text]) {
      // eslint-disable-next-line no-control-regex -- looking for control characters
      expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/)
      const feed = await new Parser().parseString(xml)
      const item = feed.items.find((i) => i.title?.startsWith('Badtitle'))
      expect(item?.title).toBe('Badtitle[31m (Investigating)')
    }
  })
})

describe('editor-written text in the feeds', () => {
  it('is text, never markup, in Atom titles and summaries and RSS titles and descriptions', async () => {
    const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Feeds group' } })
    const service = await api('POST', '/services', {
      key: editor.key,
      body: { name: `${HOSTILE} service`, group: group.body.doc.id },
    })
    expect(service.status, service.text).toBe(201)
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: HOSTILE,
        updates: [{ status: 'investigating', message: `${HOSTILE} message` }],
        affectedServices: [service.body.doc.id],
      },
    })
    expect(res.status, res.text).toBe(201)
    await createIncident(`We're "on" it`, 'x')

    const atomXml = (await fetchFeed(atomRoute, '/feed.atom')).text
    const rssXml = (await fetchFeed(rssRoute, '/feed.rss')).text
    const atom = await new Parser({ customFields: { item: ['summary'] } }).parseString(atomXml)
    const rss = await new Parser().parseString(rssXml)
    const atomItem = atom.items.find((i) => i.link?.includes(`/i/`) && asHtml(i.title ?? '').text.startsWith(HOSTILE))
    const rssItem = rss.items.find((i) => asHtml(i.title ?? '').text.startsWith(HOSTILE))
    expect(atomItem, atomXml).toBeDefined()
    expect(rssItem, rssXml).toBeDefined()

    // Atom declares the title and summary type="html": a reader parses them as HTML.
    expect(atomXml).toMatch(/<title type="html">/)
    for (const markup of [atomItem!.title!, (atomItem as any).summary as string, rssItem!.title!, rssItem!.content!]) {
      const shown = asHtml(markup)
      expect(shown.elements, markup).toBe(0)
      expect(shown.text).toContain(HOSTILE)
    }
    expect(asHtml(atomItem!.title!).text).toBe(`${HOSTILE} (Investigating)`)
    expect(asHtml(rssItem!.title!).text).toBe(`${HOSTILE} (Investigating)`)
    // Quotes need no escaping in text: a reader that shows the title as plain text shows it as written.
    expect(rss.items.map((i) => i.title)).toContain(`We're "on" it (Investigating)`)
    expect(atom.items.map((i) => i.title)).toContain(`We're "on" it (Investigating)`)
    expect(asHtml(rssItem!.content!).text).toBe(`Investigating: ${HOSTILE} message\nAffected: ${HOSTILE} service`)
    expect(asHtml((atomItem as any).summary).text).toBe(
      `Investigating: ${HOSTILE} message\nAffected: ${HOSTILE} service`,
    )
  })
})

describe('/maintenances.ics', () => {
  it('keeps a line break in the site name from adding properties to the calendar', async () => {
    const p = await payload()
    const start = new Date(Date.now() + 86_400_000).toISOString()
    const m = await api('POST', '/maintenances', {
      key: editor.key,
      body: { title: 'Calendar check', scheduledStartAt: start },
    })
    expect(m.status, m.text).toBe(201)
    // The site name as an administrator could type it (written into the table: input validation may refuse it).
    const saved = await api('POST', '/globals/settings', { key: admin.key, body: { siteName: 'Before' } })
    expect(saved.status, saved.text).toBe(200)
    const db = await connectionFor(p)
    const settings = tableOf(p, 'settings')
    await db.update(settings).set({ siteName: 'x\r\nATTACH:http://evil.example\r\nX-INJECTED:1\nBEGIN:VEVENT' })

    const calendar = await fetchFeed(calendarRoute, '/maintenances.ics')
    expect(calendar.status).toBe(200)
    expect(calendar.text).not.toMatch(/^(ATTACH|X-INJECTED|BEGIN:VEVENT\r?\nEND)/m)
    const lines = calendar.text.split(/\r\n/)
    expect(lines.filter((line) => /^ATTACH/i.test(line))).toEqual([])
    const parsed = ical.sync.parseICS(calendar.text)
    const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT')
    expect(events).toHaveLength(1)
    for (const component of Object.values(parsed)) expect(component).not.toHaveProperty('attach')
    const vcalendar = parsed.vcalendar as unknown as Record<string, unknown>
    expect(vcalendar['WR-CALNAME']).toBe('x ATTACH:http://evil.example X-INJECTED:1 BEGIN:VEVENT: maintenances')
    expect((events[0] as { summary: unknown }).summary).toBe('Maintenance: Calendar check')
  })
})
