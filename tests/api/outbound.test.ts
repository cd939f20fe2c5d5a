/**
 * Requests to the SMS provider's URL, which an administrator types: only https (http behind OUTBOUND_ALLOW_HTTP),
 * only public addresses at send time (internal networks behind OUTBOUND_ALLOWED_NETWORKS), a fixed text in the
 * deliveries for every failure, and no second message when the first may have arrived (B6). A local HTTP
 * endpoint stands in for the provider (and for an internal service that must not be reached).
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.NOTIFY_RETRY_BASE_MS = '300'
// How long a provider may take to answer once the message is sent: short, for the provider that never answers.
process.env.SMS_TIMEOUT_MS = '300'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { runNotificationTick } from '@/notify/runner'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { type SmsProvider, startSmsProvider } from '../helpers/sms-provider'

let provider: SmsProvider
let admin: TestUser
let editor: TestUser
const phone = '+15550007777'

const drain = drainNotifications

const saveSmsSettings = (apiBaseUrl: string) =>
  api('POST', '/globals/sms-settings', {
    key: admin.key,
    body: { enabled: true, apiBaseUrl, accountSid: 'AC9', authToken: 'sms-token', fromNumber: '+15550001111' },
  })

/** Saves the URL, posts an incident, runs the queue; the SMS delivery as an editor reads it. */
async function notifyThrough(apiBaseUrl: string) {
  const saved = await saveSmsSettings(apiBaseUrl)
  expect(saved.status, saved.text).toBe(200)
  const incident = await api('POST', '/incidents', {
    key: editor.key,
    body: { title: `Outbound ${apiBaseUrl}`, updates: [{ status: 'investigating', message: 'x' }] },
  })
  expect(incident.status, incident.text).toBe(201)
  await drain()
  const notification = (
    await api('GET', `/notifications?where[incident][equals]=${incident.body.doc.id}`, { key: editor.key })
  ).body.docs[0]
  const deliveries = await api(
    'GET',
    `/notification-deliveries?where[notification][equals]=${notification.id}&where[address][equals]=${encodeURIComponent(phone)}`,
    { key: editor.key },
  )
  expect(deliveries.body.docs, deliveries.text).toHaveLength(1)
  return deliveries.body.docs[0] as {
    status: string
    attempts: number
    lastError: string | null
    nextAttemptAt: string | null
  }
}

beforeAll(async () => {
  provider = await startSmsProvider()
  admin = await createUser('admin')
  editor = await createUser('editor')
  const subscriber = await api('POST', '/subscribers', { key: admin.key, body: { type: 'sms', phone, verified: true } })
  expect(subscriber.status, subscriber.text).toBe(201)
})

beforeEach(() => {
  provider.requests.length = 0
  provider.received = 0
  provider.respond = undefined
  delete process.env.OUTBOUND_ALLOW_HTTP
  delete process.env.OUTBOUND_ALLOWED_NETWORKS
})

afterAll(() => provider.close())

describe('the SMS API base URL, on save', () => {
  it('must be https: other schemes are refused with 400 naming the field; http only when allowed', async () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://127.0.0.1:25/x',
      'http://sms.example.com',
      'ftp://sms.example.com',
      'not a url',
    ]) {
      const res = await saveSmsSettings(url)
      expect(res.status, url).toBe(400)
      expect(res.body.errors[0].message).toMatch(/API Base Url|apiBaseUrl/i)
      expect(JSON.stringify(res.body.errors[0].data)).toMatch(/API base URL must (use https|be a full URL)/)
    }
    expect((await saveSmsSettings('https://sms.example.com/base')).status).toBe(200)
    process.env.OUTBOUND_ALLOW_HTTP = 'true'
    expect((await saveSmsSettings('http://sms.example.com')).status).toBe(200)
    expect((await saveSmsSettings('gopher://sms.example.com')).status).toBe(400)
  })
})

describe('sending an SMS', () => {
  it('never reaches a loopback or other internal address, however it is spelled, and says so without details', async () => {
    process.env.OUTBOUND_ALLOW_HTTP = 'true'
    const port = provider.port
    for (const url of [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://2130706433:${port}`,
      `http://127.1:${port}`,
      `http://0.0.0.0:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://[::1]:${port}`,
      `http://169.254.169.254:${port}/latest`,
      `http://10.0.0.1:${port}`,
    ]) {
      const delivery = await notifyThrough(url)
      expect(delivery, url).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
      expect(delivery.lastError).toBe(
        'SMS provider not contacted. The address is not a public internet address (allow internal networks with OUTBOUND_ALLOWED_NETWORKS).',
      )
    }
    expect(provider.received).toBe(0)
  })

  it('reaches an internal provider the operator allowed, by address or by name', async () => {
    process.env.OUTBOUND_ALLOW_HTTP = 'true'
    process.env.OUTBOUND_ALLOWED_NETWORKS = '10.0.0.0/8, 127.0.0.1/32'
    expect(await notifyThrough(provider.url)).toMatchObject({ status: 'sent', lastError: null })
    expect(await notifyThrough(`http://localhost:${provider.port}`)).toMatchObject({ status: 'sent', lastError: null })
    expect(provider.requests.map((r) => [r.to, r.path])).toEqual([
      [phone, '/2010-04-01/Accounts/AC9/Messages.json'],
      [phone, '/2010-04-01/Accounts/AC9/Messages.json'],
    ])
  })

  it("records a fixed text for a refusal, never the provider's answer", async () => {
    process.env.OUTBOUND_ALLOW_HTTP = 'true'
    process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1'
    provider.respond = () => ({ status: 418, body: 'INTERNAL-SERVICE-SECRET: db-password=hunter2' })
    const delivery = await notifyThrough(provider.url)
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
      lastError: 'SMS provider refused the message (HTTP 418).',
    })
  })

  it('records a refused connection without the address or port, and tries again later', async () => {
    process.env.OUTBOUND_ALLOW_HTTP = 'true'
    process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
    const closed = await startSmsProvider()
    await closed.close()
    const saved = await saveSmsSettings(closed.url)
    expect(saved.status).toBe(200)
    const incident = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'Refused connection', updates: [{ status: 'investigating', message: 'x' }] },
    })
    await runNotificationTick(await payload())
    const notification = (
      await api('GET', `/notifications?where[incident][equals]=${incident.body.doc.id}`, { key: editor.key })
    ).body.docs[0]
    const deliveries = (
      await api('GET', `/notification-deliveries?where[notification][equals]=${notification.id}`, { key: editor.key })
    ).body.docs
    expect(deliveries[0]).toMatchObject({ status: 'failed', lastError: 'SMS provider unreachable (no connection).' })
    expect(deliveries[0].nextAttemptAt).not.toBeNull()
    // Back to a provider that answers: the retry goes out.
    expect((await saveSmsSettings(provider.url)).status).toBe(200)
    await drain()
    expect(provider.requests).toHaveLength(1)
  })

  it('is not sent again when the provider may have received it: no answer in time, or the connection dropped', async () => {
    process.env.OUTBOUND_ALLOW_HTTP = 'true'
    process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
    for (const answer of ['hang', 'drop'] as const) {
      provider.received = 0
      provider.respond = () => answer
      const delivery = await notifyThrough(provider.url)
      expect(delivery, answer).toMatchObject({ status: 'interrupted', attempts: 1, nextAttemptAt: null })
      expect(delivery.lastError).toBe(
        'SMS provider did not answer after the message was sent; it may have been delivered, so it is not sent again.',
      )
      provider.respond = undefined
      await drain()
      expect(provider.received, answer).toBe(1)
    }
  })
})
