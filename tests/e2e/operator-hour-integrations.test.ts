/**
 * The operator's hour in the admin, part two, in Chromium against the real service: the integration page shows its
 * webhook URL and a dry run of a sample event; a webhook subscriber's page sends a test delivery and rotates its
 * signing secret against a real receiver. Each screen is axe-checked in both themes at 360 and 1280 px; screenshots
 * go to docs/screenshots/ (issue-27-*.png). The setting: tests/helpers/operator-hour.ts.
 */
import path from 'node:path'

import { Webhook } from 'standardwebhooks'
import { type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  closeOperatorHour,
  expectAxeClean as axeClean,
  type OperatorHour,
  openOperatorHour,
  shots,
} from '../helpers/operator-hour'
import { clickUntil } from '../helpers/browser'
import { call, type Started } from '../helpers/service'
import { type WebhookReceiver } from '../helpers/webhook-receiver'

let session: OperatorHour
let server: Started
let page: Page
let receiver: WebhookReceiver

const auth = () => session.auth()
const expectAxeClean = (screen: string, include: string[]) => axeClean(page, screen, include)

beforeAll(async () => {
  session = await openOperatorHour()
  ;({ server, page, receiver } = session)
  // The site's first service, at a status a dry run must leave as it is.
  const group = await call(`${server.base}/api/service-groups`, {
    method: 'POST',
    headers: auth(),
    body: { name: 'Platform' },
  })
  const payments = await call(`${server.base}/api/services`, {
    method: 'POST',
    headers: auth(),
    body: { name: 'Payments', group: group.json().doc.id, status: 'partial' },
  })
  expect(payments.status, payments.text).toBe(201)
})

afterAll(() => closeOperatorHour(session))

describe('the integration page', () => {
  it('shows the webhook URL to paste, with copy buttons', async () => {
    const created = await call(`${server.base}/api/integrations`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Alertmanager', kind: 'alertmanager' },
    })
    expect(created.status, created.text).toBe(201)
    await page.goto(`${server.base}/admin/collections/integrations/${created.json().doc.id}`, {
      waitUntil: 'networkidle',
    })
    const url = page.locator('code[aria-label="webhook URL"]')
    await expect.poll(() => url.count(), { timeout: 30_000 }).toBe(1)
    expect(await url.innerText()).toBe(`${server.base}/api/integrations/webhook`)
    expect(await page.getByRole('button', { name: 'Copy webhook URL' }).count()).toBe(1)
    expect(await page.locator('textarea[name="openingMessage"]').inputValue()).toBe(
      'We are investigating elevated errors on {services}.',
    )
    await page.screenshot({ path: path.join(shots, 'issue-27-after-integration-page.png'), fullPage: true })
  })

  it('Send a test event shows what its template would open and the resolve, creating nothing', async () => {
    const created = await call(`${server.base}/api/integrations`, {
      method: 'POST',
      headers: auth(),
      body: {
        name: 'Grafana',
        kind: 'alertmanager',
        openingMessage: 'Trouble with {statuses}.',
        resolvedMessage: 'All good again.',
      },
    })
    expect(created.status, created.text).toBe(201)
    const incidents = async () =>
      (await call(`${server.base}/api/incidents?limit=0`, { headers: auth() })).json().totalDocs as number
    const before = await incidents()
    await page.goto(`${server.base}/admin/collections/integrations/${created.json().doc.id}`, {
      waitUntil: 'networkidle',
    })
    const result = page.locator('section[aria-label="Test event result"]')
    await clickUntil(page.getByRole('button', { name: 'Send a test event' }), async () => (await result.count()) > 0)
    const text = await result.innerText()
    // The page's first service is Payments (made above, at a partial outage).
    expect(text).toContain('Would open: “Elevated errors on Payments”, Investigating')
    expect(text).toContain('Payments: Major outage')
    expect(text).toContain('Trouble with Payments (Major outage).')
    expect(text).toContain('All good again.')
    expect(text).toContain('nothing was created and nobody was notified')
    expect(await incidents()).toBe(before)
    expect((await call(`${server.base}/api/services?where[name][equals]=Payments`)).json().docs[0].status).toBe(
      'partial',
    )
    await result.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(shots, 'issue-27-after-integration-test-event.png'), fullPage: true })
    await expectAxeClean('integration page', ['.webhook-address', '.field-type.textarea'])
  })
})

describe('a webhook subscriber’s page', () => {
  it('sends a test delivery to the receiver and rotates the signing secret, which signs the next one', async () => {
    const added = await call(`${server.base}/api/subscribers`, {
      method: 'POST',
      headers: auth(),
      body: { type: 'webhook', url: `${receiver.url}/hook`, contactEmail: 'ops@example.test' },
    })
    expect(added.status, added.text).toBe(201)
    const { id, signingSecret: first } = added.json().doc as { id: number; signingSecret: string }
    await page.goto(`${server.base}/admin/collections/subscribers/${id}`, { waitUntil: 'networkidle' })
    const status = page.locator('.endpoint-actions [role="status"]')
    await clickUntil(page.getByRole('button', { name: 'Send a test delivery' }), async () => (await status.count()) > 0)
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/^Sent: /)
    expect(receiver.to('/hook')).toHaveLength(1)
    expect(
      new Webhook(first).verify(
        receiver.to('/hook')[0].body,
        receiver.to('/hook')[0].headers as Record<string, string>,
      ),
    ).toMatchObject({ test: expect.any(Object) })

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Generate a new signing secret' }).click()
    const shown = page.getByLabel('New signing secret')
    await shown.waitFor({ timeout: 30_000 })
    const next = await shown.inputValue()
    expect(next).toMatch(/^whsec_/)
    expect(next).not.toBe(first)
    await page.screenshot({ path: path.join(shots, 'issue-27-after-subscriber-endpoint-actions.png'), fullPage: true })
    await expectAxeClean('webhook subscriber', ['.endpoint-actions'])

    await page.getByRole('button', { name: 'Send a test delivery' }).click()
    await expect.poll(() => receiver.to('/hook').length, { timeout: 30_000 }).toBe(2)
    const second = receiver.to('/hook')[1]
    expect(new Webhook(next).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
      test: expect.any(Object),
    })
    expect(() => new Webhook(first).verify(second.body, second.headers as Record<string, string>)).toThrow()
  })
})
