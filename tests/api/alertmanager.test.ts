/**
 * The real Prometheus Alertmanager (Debian's prometheus-alertmanager, installed by .ci/run) delivering to the
 * webhook: alerts posted to Alertmanager's own API (POST /api/v2/alerts) open an incident, a second alert in the
 * group adds one update, resolving them resolves it, and the service statuses follow, all watched through /api/v1.
 * Alertmanager's own retries (the service answers its first deliveries with 503, as a failing proxy would) and a
 * replay of one captured notification many times at once leave one incident and no duplicate update.
 *
 * The webhook's route handler is served by a plain node:http server in this process (no Next build needed); the
 * receiver's `http_config.authorization.credentials` is the integration's token.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as webhookRoute from '@/app/api/integrations/webhook/route'
import { api, BASE, createUser, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'
import { alertmanagerPath } from '../helpers/preflight'
import { v1 } from '../helpers/public-api'
import { freePort } from '../helpers/service'

const ALERTMANAGER = alertmanagerPath

let admin: TestUser
let token: string
let serviceIds: Record<string, number>
let receiver: Server
let alertmanager: ChildProcess | undefined
let alertmanagerBase: string
let workDir: string
let alertmanagerLog = ''

/** Every notification Alertmanager delivered: its body, and what the service answered. */
const deliveries: { body: string; status: number }[] = []
/** The next this many deliveries are answered 503 after the service handled them (Alertmanager then retries). */
let failNext = 0

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Polls until `check` returns something truthy: Alertmanager delivers on its own schedule. */
async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline)
      throw new Error(
        `${what} did not happen. Deliveries: ${JSON.stringify(deliveries.map((d) => d.status))}\n${alertmanagerLog}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function postAlerts(alerts: unknown[]): Promise<void> {
  const response = await fetch(`${alertmanagerBase}/api/v2/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(alerts),
  })
  expect(response.status).toBe(200)
}

const alert = (instance: string, service: string, severity: string, endsAt?: string) => ({
  labels: { alertname: 'ProbeFailure', instance, service, severity },
  annotations: { summary: `BlackBox Probe Failure: ${instance}` },
  generatorURL: 'http://prometheus.example.org:9090/graph',
  ...(endsAt ? { endsAt } : {}),
})

const serviceStatus = async (slug: string) =>
  ((await v1('/services')).body.data as any[]).find((service) => service.slug === slug)?.status

async function startAlertmanager(groupBy: string): Promise<void> {
  const port = await freePort()
  const receiverPort = (receiver.address() as { port: number }).port
  workDir = mkdtempSync(path.join(os.tmpdir(), 'statuspage-alertmanager-'))
  const config = `
route:
  receiver: statuspage
  group_by: [${groupBy}]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
receivers:
  - name: statuspage
    webhook_configs:
      - url: http://127.0.0.1:${receiverPort}/api/integrations/webhook
        send_resolved: true
        http_config:
          authorization:
            credentials: ${token}
`
  writeFileSync(path.join(workDir, 'alertmanager.yml'), config)
  alertmanager = spawn(
    ALERTMANAGER,
    [
      `--config.file=${path.join(workDir, 'alertmanager.yml')}`,
      `--storage.path=${path.join(workDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      '--log.level=debug',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  alertmanager.stdout?.on('data', (chunk) => (alertmanagerLog += chunk))
  alertmanager.stderr?.on('data', (chunk) => (alertmanagerLog += chunk))
  alertmanagerBase = `http://127.0.0.1:${port}`
  await eventually(
    'Alertmanager starting',
    async () => (await fetch(`${alertmanagerBase}/-/ready`).catch(() => null))?.ok,
  )
}

beforeAll(async () => {
  if (!existsSync(ALERTMANAGER))
    throw new Error(`${ALERTMANAGER} is missing: apt-get install prometheus-alertmanager (.ci/run does)`)
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Probed' } })
  serviceIds = {}
  for (const slug of ['website', 'api']) {
    const created = await api('POST', '/services', {
      key: admin.key,
      body: { name: slug, slug, group: group.body.doc.id },
    })
    serviceIds[slug] = created.body.doc.id
  }
  // Titled by the alert's summary, which this test finds its incidents by.
  ;({ token } = await createIntegration(admin, {
    name: 'Alertmanager',
    kind: 'alertmanager',
    incidentTitle: '{title}',
  }))

  receiver = createServer(async (req, res) => {
    const body = await readBody(req)
    const request = new Request(`${BASE}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === 'POST' ? new Uint8Array(body) : undefined,
    })
    const response =
      req.url === '/api/integrations/webhook'
        ? await webhookRoute.POST(request)
        : new Response('not found', { status: 404 })
    const status = failNext > 0 && response.status === 200 ? (failNext--, 503) : response.status
    deliveries.push({ body: body.toString('utf8'), status })
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(await response.text())
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  await startAlertmanager('alertname')
})

afterAll(async () => {
  // Alertmanager writes its data directory until it has exited: wait for that before removing it.
  const running = alertmanager && alertmanager.exitCode === null ? alertmanager : null
  const exited = running ? new Promise((resolve) => running.once('exit', resolve)) : null
  alertmanager?.kill('SIGTERM')
  await exited
  await new Promise<void>((resolve) => receiver?.close(() => resolve()))
  if (workDir) rmSync(workDir, { recursive: true, force: true, maxRetries: 5 })
})

describe('Prometheus Alertmanager drives an incident', () => {
  it('opens on the first alert, updates when the group changes, resolves when all resolve; statuses follow', async () => {
    // The first deliveries fail (as behind a failing proxy): Alertmanager retries the same notification.
    failNext = 2
    await postAlerts([alert('https://www.example.org', 'website', 'critical')])
    const opened = await eventually(
      'the incident opening',
      async () => ((await v1('/incidents?status=active')).body.data as any[])[0],
    )
    expect(opened).toMatchObject({
      title: 'BlackBox Probe Failure: https://www.example.org',
      status: 'investigating',
      affectedServices: [{ slug: 'website' }],
    })
    expect(opened.updates).toHaveLength(1)
    expect(await serviceStatus('website')).toBe('major')
    await eventually('a delivery answered 200 after the retries', async () =>
      deliveries.some((delivery) => delivery.status === 200),
    )
    expect(deliveries.filter((delivery) => delivery.status === 503)).toHaveLength(2)
    expect((await v1('/incidents')).body.data as any[]).toHaveLength(1)
    expect((await v1(`/incidents/${opened.shortId}`)).body.data.updates).toHaveLength(1)

    // A second alert joins the group: one update, the second service set.
    await postAlerts([alert('https://api.example.org', 'api', 'warning')])
    const updated = await eventually('the update', async () => {
      const current = (await v1(`/incidents/${opened.shortId}`)).body.data
      return current.updates.length >= 2 && current
    })
    expect(updated.updates).toHaveLength(2)
    expect(updated.affectedServices.map((service: any) => service.slug).sort()).toEqual(['api', 'website'])
    expect(await serviceStatus('api')).toBe('partial')
    expect(await serviceStatus('website')).toBe('major')

    // Both resolve: the incident resolves, the services are restored.
    const past = new Date(Date.now() - 1000).toISOString()
    await postAlerts([
      alert('https://www.example.org', 'website', 'critical', past),
      alert('https://api.example.org', 'api', 'warning', past),
    ])
    const resolved = await eventually('the resolution', async () => {
      const current = (await v1(`/incidents/${opened.shortId}`)).body.data
      return current.status === 'resolved' && current
    })
    expect(resolved.updates).toHaveLength(3)
    expect(resolved.updates[0].status).toBe('resolved')
    expect(await serviceStatus('website')).toBe('operational')
    expect(await serviceStatus('api')).toBe('operational')
    expect((await v1('/incidents')).body.data as any[]).toHaveLength(1)
  })

  it('a storm of one notification, replayed many times at once, leaves one incident and no duplicate update', async () => {
    const before = deliveries.length
    await postAlerts([
      {
        ...alert('https://shop.example.org', 'website', 'critical'),
        labels: { ...alert('https://shop.example.org', 'website', 'critical').labels, alertname: 'ShopDown' },
      },
    ])
    const opened = await eventually('the shop incident', async () =>
      ((await v1('/incidents?status=active')).body.data as any[]).find((incident) => incident.title.includes('shop')),
    )
    // The incident can show before the receiver has recorded the delivery that opened it.
    const captured = await eventually('the shop notification', async () =>
      deliveries.slice(before).find((delivery) => delivery.status === 200 && delivery.body.includes('ShopDown')),
    )
    const body = JSON.parse(captured.body)
    expect(body).toMatchObject({ version: '4', status: 'firing', groupKey: '{}:{alertname="ShopDown"}' })

    const replays = await Promise.all(Array.from({ length: 25 }, () => webhook(token, body)))
    expect(replays.every((replay) => replay.status === 200 && replay.body.outcome === 'duplicate')).toBe(true)
    const incidents = ((await v1('/incidents')).body.data as any[]).filter((incident) =>
      incident.title.includes('shop'),
    )
    expect(incidents).toHaveLength(1)
    expect((await v1(`/incidents/${opened.shortId}`)).body.data.updates).toHaveLength(1)
  })
})
