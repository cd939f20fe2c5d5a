/**
 * Update messages in safe Markdown: clickable links and emphasis on the pages, in the feeds and in HTML e-mail,
 * the address written out in plain-text e-mail, and nothing a writer types becomes markup of its own (raw HTML is
 * text, `javascript:` links are not links). Through the route handlers and a real SMTP server.
 */
process.env.PUBLIC_URL = 'https://status.example.test'

import Parser from 'rss-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as atomRoute from '@/app/(site)/feed.atom/route'
import * as incidentPageRoute from '@/app/(site)/i/[shortId]/route'
import * as homeRoute from '@/app/(site)/route'
import { closeEmailPool } from '@/notify/email'
import { api, BASE, createUser, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

const MESSAGE =
  'See [the runbook](https://example.test/runbook), **now**.\n<script>alert(1)</script> [bad](javascript:alert(1))\n\n- step one\n- step two'
const reader = 'markdown-reader@example.test'

let smtp: SmtpSink
let editor: TestUser
let shortId: string

type Route = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }
const get = async (route: Route, path: string, params: Record<string, string> = {}) =>
  (await route.GET(new Request(`${BASE}${path}`), { params: Promise.resolve(params) })).text()

beforeAll(async () => {
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  const admin = await createUser('admin')
  editor = await createUser('editor')
  expect(
    (await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email: reader, verified: true } }))
      .status,
  ).toBe(201)
  const res = await api('POST', '/incidents', {
    key: editor.key,
    body: { title: 'Markdown', updates: [{ status: 'investigating', message: MESSAGE }] },
  })
  expect(res.status, res.text).toBe(201)
  shortId = res.body.doc.shortId
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
})

const expectSafeLinks = (markup: string) => {
  expect(markup).toContain('<a href="https://example.test/runbook" rel="noopener noreferrer nofollow">the runbook</a>')
  expect(markup).toContain('<strong>now</strong>')
  expect(markup).toMatch(/<li>step one<\/li>\s*<li>step two<\/li>/)
  expect(markup).not.toContain('<script>alert(1)')
  expect(markup).not.toMatch(/href="javascript:/i)
}

describe('an update message in Markdown', () => {
  it('is clickable and safe on the incident page and on /', async () => {
    const page = await get(incidentPageRoute, `/i/${shortId}`, { shortId })
    expectSafeLinks(page)
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expectSafeLinks(await get(homeRoute, '/'))
  })

  it('is clickable and safe in the Atom feed', async () => {
    const feed = await new Parser().parseString(await get(atomRoute, '/feed.atom'))
    const entry = feed.items.find((item) => item.link?.endsWith(`/i/${shortId}`))
    expect(entry).toBeDefined()
    expectSafeLinks(entry?.content ?? '')
  })

  it('is HTML in the e-mail’s HTML part, and words with the address written out in its text part', async () => {
    await drainNotifications()
    const [mail] = smtp.to(reader)
    expect(mail).toBeDefined()
    expectSafeLinks(String(mail.parsed.html))
    expect(mail.parsed.text).toContain('See the runbook (https://example.test/runbook), now.')
    expect(mail.parsed.text).toContain('- step one\n- step two')
    expect(mail.parsed.text).not.toContain('**')
  })
})
