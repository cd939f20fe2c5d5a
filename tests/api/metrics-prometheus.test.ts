/**
 * A Prometheus metric end to end (docs/metrics.md): Debian's `prometheus` started here on loopback, scraping a tiny
 * exporter this file serves, and the metrics tick evaluating the metric's query through the outbound guard (loopback
 * allowed by OUTBOUND_ALLOWED_NETWORKS, as an operator would), its points then served by /api/v1/metrics/<slug>
 * with the value Prometheus itself answers. A second tick at once claims nothing (one instance writes); an address
 * that does not answer leaves its error on the metric; one outside the policy is refused on save.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { resetConfig } from '@/config/env'
import { runMetricsTick } from '@/jobs/metrics-ticker'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { prometheusPath } from '../helpers/preflight'

let admin: TestUser
let exporter: Server
let prometheus: ChildProcess
let prometheusUrl: string
let dir: string

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Prometheus' own answer for `query` now, once it has scraped. */
async function instantValue(query: string, at = Date.now() / 1000): Promise<number | null> {
  try {
    const url = `${prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}&time=${at}`
    const answer = await (await fetch(url)).json()
    const sample = answer?.data?.result?.[0]?.value
    return sample ? Number(sample[1]) : null
  } catch {
    return null
  }
}

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HTTP = 'true'
  process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
  resetConfig()
  admin = await createUser('admin')
  exporter = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' })
    res.end('# TYPE demo_queue_depth gauge\ndemo_queue_depth 42\n')
  })
  await new Promise<void>((resolve) => exporter.listen(0, '127.0.0.1', resolve))
  const exporterPort = (exporter.address() as AddressInfo).port
  dir = mkdtempSync(path.join(tmpdir(), 'sp-prometheus-'))
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: demo\n    static_configs:\n      - targets: ['127.0.0.1:${exporterPort}']\n`,
  )
  const port = await freePort()
  prometheusUrl = `http://127.0.0.1:${port}`
  prometheus = spawn(
    prometheusPath,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  )
  // Prometheus scrapes in real time: wait (bounded) for a sample of the exporter two seconds old, so that the tick's
  // query, which ends at a whole second, finds one.
  const deadline = Date.now() + 30_000
  while ((await instantValue('demo_queue_depth', Date.now() / 1000 - 2)) === null) {
    if (Date.now() > deadline) throw new Error('Prometheus did not scrape the exporter within 30 s')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}, 40_000)

afterAll(async () => {
  prometheus?.kill('SIGTERM')
  await new Promise((resolve) => exporter?.close(resolve))
  rmSync(dir, { recursive: true, force: true })
  delete process.env.OUTBOUND_ALLOW_HTTP
  delete process.env.OUTBOUND_ALLOWED_NETWORKS
  resetConfig()
})

describe('a Prometheus metric', () => {
  it('is evaluated by one tick, and its points are those Prometheus answers', async () => {
    const created = await api('POST', '/metrics', {
      key: admin.key,
      body: {
        name: 'Queue depth',
        slug: 'queue-depth',
        aggregation: 'last',
        source: 'prometheus',
        prometheusUrl,
        prometheusQuery: 'demo_queue_depth',
      },
    })
    expect(created.status, created.text).toBe(201)
    const p = await payload()
    const now = new Date()
    const [first, second] = await Promise.all([runMetricsTick(p, now), runMetricsTick(p, now)])
    expect(first.polled + second.polled).toBe(1)
    const read = await v1('/metrics/queue-depth?range=day')
    expect(read.status, read.text).toBe(200)
    const points = read.body.data.points
    expect(points.length).toBeGreaterThan(0)
    expect(points.at(-1).v).toBe(await instantValue('demo_queue_depth'))
    const metric = await api('GET', `/metrics/${created.body.doc.id}`, { key: admin.key })
    expect(metric.body.lastError ?? null).toBeNull()
    expect(metric.body.polledAt).toBe(now.toISOString())
  })

  it('keeps why a query failed on the metric', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`
    const created = await api('POST', '/metrics', {
      key: admin.key,
      body: { name: 'Gone', source: 'prometheus', prometheusUrl: closed, prometheusQuery: 'up' },
    })
    expect(created.status, created.text).toBe(201)
    const tooMany = await api('POST', '/metrics', {
      key: admin.key,
      body: { name: 'Two series', source: 'prometheus', prometheusUrl, prometheusQuery: 'up or vector(1)' },
    })
    expect(tooMany.status, tooMany.text).toBe(201)
    await runMetricsTick(await payload(), new Date())
    const gone = await api('GET', `/metrics/${created.body.doc.id}`, { key: admin.key })
    expect(gone.body.lastError).toMatch(/could not be reached/)
    const two = await api('GET', `/metrics/${tooMany.body.doc.id}`, { key: admin.key })
    expect(two.body.lastError).toMatch(/2 series; it must return one/)
  })

  it('refuses on save an address outside the outbound policy, and a missing query', async () => {
    const outside = await api('POST', '/metrics', {
      key: admin.key,
      body: { name: 'Inside', source: 'prometheus', prometheusUrl: 'http://10.1.2.3:9090', prometheusQuery: 'up' },
    })
    expect(outside.status).toBe(400)
    expect(outside.text).toMatch(/internal address/)
    const noQuery = await api('POST', '/metrics', {
      key: admin.key,
      body: { name: 'No query', source: 'prometheus', prometheusUrl },
    })
    expect(noQuery.status).toBe(400)
    expect(noQuery.text).toMatch(/PromQL/)
  })
})
