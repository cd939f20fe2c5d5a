/**
 * Atlassian's `@statuspage/status-widget` web component (npm, unmodified, its built dist/index.js) in Chromium, on a
 * test page served from loopback, pointed at a loopback origin that answers /api/v2 with our route handlers
 * (in process, as the other API tests: no Next build). It fetches `<src>/api/v2/summary.json` and shows the
 * description; this proves our summary is what it reads.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'

import { type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { api, createUser } from '../helpers/api'
import { v2 } from '../helpers/statuspage-api'
import { launchChromium } from '../helpers/browser'

const widget = readFileSync(createRequire(import.meta.url).resolve('@statuspage/status-widget/dist/index.js'), 'utf8')

let browser: Browser
const servers: Server[] = []

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

beforeAll(async () => {
  const admin = await createUser('admin')
  const group = (await api('POST', '/service-groups', { key: admin.key, body: { name: 'Core' } })).body.doc
  await api('POST', '/services', { key: admin.key, body: { name: 'API', group: group.id, status: 'major' } })
  await api('POST', '/services', { key: admin.key, body: { name: 'Database', group: group.id, status: 'operational' } })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  for (const server of servers) server.close()
})

it('shows our status in the @statuspage/status-widget web component', async () => {
  // Our site (its /api/v2, with the CORS headers the handlers send), on one origin...
  const site = await listen(async (req, res) => {
    const response = await v2(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/v2/, ''))
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(response.text)
  })
  // ...and a page embedding the widget, on another.
  const page = await listen((req, res) => {
    if (req.url === '/widget.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(widget)
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><script src="/widget.js"></script><statuspage-widget src="${site}"></statuspage-widget>`)
  })
  const tab = await browser.newPage()
  await tab.goto(page)
  const shown = () =>
    tab.locator('statuspage-widget').evaluate((element) => (element.shadowRoot ?? element).textContent ?? '')
  await expect.poll(shown, { timeout: 10_000 }).toContain('Partial System Outage')
})
