/**
 * The metrics part of `npm run bench` (docs/metrics.md): per database of BENCH_DATABASES, the demo data with 10
 * metrics (five beside the first five services, five in the page's Metrics section), each with a day of points at one
 * a minute pushed through `POST /api/metrics/<slug>/data` as a client pushes them; then
 *   - cache hits of `/` (its 10 day charts) and of `/api/v1/metrics/<slug>?range=day`, each against a bare node:http
 *     server sending the same status, headers and body (the pairs of the pages part);
 *   - the first read of `/` and of that document after a push of one point (the push makes them stale), and
 *     `/api/v1/status` right after (a push should leave its copy alone);
 *   - 100,000 points pushed into an eleventh metric in batches of 10,000 (the push's limit), one point a second, so
 *     the server runs with METRICS_RAW_RETENTION_HOURS=48 (a day's seconds are fewer than 100,000).
 * bench/run.mjs passes its own tools (the server, the pairs, the captures) in; this file adds the metrics' steps.
 */
import { performance } from 'node:perf_hooks'

import { median, seedDemoWithEditor } from './server.mjs'

export const METRICS_URLS = {
  sqlite: 'file:./bench/results/metrics/metrics.db',
  postgres: process.env.BENCH_METRICS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/statuspage_bench_metrics',
}
const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 2)
const SLICE = Number(process.env.BENCH_METRICS_SECONDS ?? 3)
const CHARTS = 10
const FIRST_READS = 5
const PUSH_POINTS = 100_000
const PUSH_BATCH = 10_000
const MINUTE = 60

/** A latency-like series: a slow wave and some noise, seeded so every run pushes the same numbers. */
function series(seed) {
  let state = seed >>> 0
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
  return (t) => Math.round((120 + 40 * Math.sin(t / 5400 + seed) + 25 * random()) * 100) / 100
}

/** The CMS API with the editor's key; the answer read to its end. */
async function cms({ port, key }, method, urlPath, body) {
  const started = performance.now()
  const response = await fetch(`http://127.0.0.1:${port}/api${urlPath}`, {
    method,
    headers: { authorization: `users API-Key ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const ms = performance.now() - started
  if (response.status >= 300)
    throw new Error(`${method} /api${urlPath} answered ${response.status}: ${text.slice(0, 300)}`)
  return { ms, body: JSON.parse(text), bytes: body === undefined ? 0 : JSON.stringify(body).length }
}

const push = (client, slug, data) => cms(client, 'POST', `/metrics/${slug}/data`, { data })

/** The 10 metrics of the page, each with a day of points at one a minute (one push each, as a client would). */
async function seedMetrics(client, log) {
  const services = (await cms(client, 'GET', '/services?limit=5&depth=0&sort=id')).body.docs.map((doc) => doc.id)
  const now = Math.floor(Date.now() / 1000)
  const slugs = []
  let pushMs = 0
  for (let n = 0; n < CHARTS; n++) {
    const slug = `bench-metric-${n + 1}`
    await cms(client, 'POST', '/metrics', {
      name: `Bench metric ${n + 1}`,
      slug,
      unit: 'ms',
      decimals: 1,
      aggregation: 'avg',
      displayOrder: n,
      ...(n < 5 && services[n] ? { service: services[n] } : {}),
    })
    const value = series(n + 1)
    // The last 24 hours but a minute: the oldest point stays inside the raw retention while the push travels.
    const data = Array.from({ length: 1440 - 1 }, (_, i) => now - (1440 - 1 - i) * MINUTE).map((t) => ({
      timestamp: t,
      value: value(t),
    }))
    pushMs += (await push(client, slug, data)).ms
    slugs.push(slug)
  }
  log(`metrics: ${CHARTS} metrics with a day of points each (${Math.round(pushMs)} ms of pushes)`)
  return { slugs, servicesWithCharts: Math.min(5, services.length), pointsPerMetric: 1439, seedPushMs: pushMs }
}

/** The first reads of `/` and of the metric's document after a push of one point, then `/api/v1/status`. */
async function firstReadsAfterPush(client, slug, host, tools) {
  const { port } = client
  const out = []
  const apiPath = `/api/v1/metrics/${slug}?range=day`
  for (let n = 0; n < FIRST_READS; n++) {
    await tools.getRaw(port, '/api/v1/status', { host })
    await tools.getRaw(port, apiPath, { host })
    await tools.getRaw(port, '/', { host })
    const pushed = await push(client, slug, [{ timestamp: Math.floor(Date.now() / 1000), value: 100 + n }])
    const home = await tools.timedRead(port, '/', host)
    const document = await tools.timedRead(port, apiPath, host)
    const status = await tools.timedRead(port, '/api/v1/status', host)
    out.push({ pushMs: pushed.ms, home, document, status })
  }
  return out
}

/** 100,000 points into a metric of its own, in batches of 10,000 from the oldest, one point a second. */
async function bigPush(client, log) {
  const slug = 'bench-push'
  await cms(client, 'POST', '/metrics', { name: 'Bench push', slug, unit: 'ms', decimals: 1, aggregation: 'avg' })
  const value = series(99)
  const end = Math.floor(Date.now() / 1000)
  const first = end - PUSH_POINTS + 1
  const batches = []
  const started = performance.now()
  for (let from = 0; from < PUSH_POINTS; from += PUSH_BATCH) {
    const data = Array.from({ length: PUSH_BATCH }, (_, i) => first + from + i).map((t) => ({
      timestamp: t,
      value: value(t),
    }))
    const pushed = await push(client, slug, data)
    if (pushed.body.written !== PUSH_BATCH) throw new Error(`a batch wrote ${pushed.body.written} points`)
    batches.push({ ms: pushed.ms, bytes: pushed.bytes })
  }
  const totalMs = performance.now() - started
  const result = {
    points: PUSH_POINTS,
    batch: PUSH_BATCH,
    batches,
    totalMs,
    pointsPerSecond: (PUSH_POINTS * 1000) / totalMs,
  }
  log(
    `metrics: ${PUSH_POINTS} points in ${batches.length} pushes: ${Math.round(totalMs)} ms, ${Math.round(result.pointsPerSecond)} points/s (batches ${batches.map((b) => Math.round(b.ms)).join(', ')} ms)`,
  )
  return result
}

/** The part on one database: seed, serve, hits, first reads, the big push. */
async function benchMetricsOn(dialect, tools) {
  const { log } = tools
  const url = METRICS_URLS[dialect]
  if (!url) throw new Error(`unknown database ${dialect}`)
  log(`metrics (${dialect}): seeding the demo data (bench/seed-demo.ts) and an editor…`)
  const key = await seedDemoWithEditor(
    { DATABASE_URL: url, PAYLOAD_SECRET: tools.secret },
    tools.results,
    `metrics-${dialect}`,
  )
  const server = await tools.startServer(`metrics-${dialect}`, {
    DATABASE_URL: url,
    RATE_LIMIT_CMS_PER_MINUTE: '0',
    METRICS_RAW_RETENTION_HOURS: '48',
  })
  const port = server.port
  const client = { port, key }
  const host = `127.0.0.1:${port}`
  const out = { dialect }
  try {
    out.metrics = await seedMetrics(client, log)
    const slug = out.metrics.slugs[0]
    out.runs = []
    for (const [row, urlPath] of [
      ['home', '/'],
      ['document', `/api/v1/metrics/${slug}?range=day`],
    ]) {
      const miss = await tools.timedRead(port, urlPath, host)
      const probe = await tools.captureResponse(port, urlPath, { host }, `metrics-${dialect}-${row}`)
      const scenario = { key: row, label: `\`${urlPath}\``, path: urlPath, headers: { host }, probe, expect: 200 }
      const run = await tools.againstBare(port, server.pid, scenario, ROUNDS, SLICE)
      out.runs.push({ ...run, urlPath, miss })
      log(`metrics (${dialect}): ${urlPath}: ${tools.describeRun(run)}; first read ${miss.ms.toFixed(0)} ms`)
    }
    out.charts = (
      (await tools.getRaw(port, '/', { host })).body.toString('utf8').match(/<figure class="chart"/g) ?? []
    ).length
    out.firstReads = await firstReadsAfterPush(client, slug, host, tools)
    log(
      `metrics (${dialect}): first read of / after a push: ${out.firstReads.map((r) => `${r.home.ms.toFixed(0)} ms ${r.home.xCache}`).join(', ')}`,
    )
    out.push = await bigPush(client, log)
  } finally {
    await server.stop()
  }
  return out
}

export async function benchMetrics(databases, tools) {
  const out = { part: 'metrics', databases: [] }
  for (const dialect of databases) {
    try {
      out.databases.push(await benchMetricsOn(dialect, tools))
    } catch (error) {
      tools.log(`metrics (${dialect}): failed: ${error.message}`)
      out.databases.push({ dialect, error: error.message })
    }
  }
  if (out.databases.every((db) => db.error))
    out.error = out.databases.map((db) => `${db.dialect}: ${db.error}`).join('; ')
  return out
}

const ms = (t) => t.toFixed(t < 10 ? 1 : 0)

/** The metrics section (between its markers: a run of other parts keeps it, a run of this part alone replaces it). */
export function metricsReport(facts, metrics, { fmt, connections }) {
  const lines = []
  const p = (line = '') => lines.push(line)
  p('## Metrics: a page with 10 charts, and a 100,000-point push')
  p()
  p(
    `Run: ${facts.date}, by \`BENCH_PARTS=metrics npm run bench\` (bench/metrics.mjs). Commit ${facts.commit}. Load average at start ${facts.loadavgAtStart}.`,
  )
  p()
  if (metrics.error && !metrics.databases?.some((db) => !db.error)) {
    p(`The run failed: ${metrics.error}`)
    return lines.join('\n')
  }
  p(
    `The demo data with ${CHARTS} metrics (docs/metrics.md): five beside the first five services, five in the page's *Metrics* section, each with a day of points at one a minute (1,439 points), pushed through \`POST /api/metrics/<slug>/data\` with an editor's API key as a client pushes them. Hits: every request of a run is a cache hit, against a bare \`node:http\` server sending the same status, headers and body, ${ROUNDS} pairs of ${SLICE}-second runs, ${connections} connections, the ratio the median of the pairs' ratios (as the pages part). *First read*: the request's first answer, computed by Next (a miss), in milliseconds.`,
  )
  for (const db of metrics.databases) {
    p()
    p(`### ${db.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`)
    p()
    if (db.error) {
      p(`The run failed: ${db.error}`)
      continue
    }
    const home = db.runs.find((r) => r.urlPath === '/')
    p(
      `\`/\` drew ${db.charts} day charts, each an SVG and a table of its five-minute points (288 for a day); its body is ${fmt(home.probe.bytes / 1024)} KB (${fmt(home.probe.gzipBytes / 1024)} KB gzipped), so its pair moves about ${fmt((home.bareRps * home.probe.bytes) / 1024 / 1024)} MB/s on the bare side: that row measures bytes as much as the cache.`,
    )
    p()
    p(
      '| Request | Body bytes (identity / gzip) | bare req/s | service req/s | **service ÷ bare** | ratio of each pair | CPU bare ÷ service | service p50 / p99 ms | First read ms |',
    )
    p('|---|---|---|---|---|---|---|---|---|')
    for (const r of db.runs)
      p(
        `| ${r.label} | ${fmt(r.probe.bytes)} / ${fmt(r.probe.gzipBytes)} | ${fmt(r.bareRps)} | ${fmt(r.serviceRps)} | **${fmt(r.ratio, 2)}** | ${r.ratios.map((x) => fmt(x, 2)).join(', ')} | ${fmt(r.cpuRatio, 2)} | ${fmt(r.serviceP50)} / ${fmt(r.serviceP99)} | ${ms(r.miss.ms)} (${r.miss.xCache}) |${r.unexpected ? ` **${r.unexpected} unexpected (${JSON.stringify(r.statusCodes)})**` : ''}`,
      )
    p()
    const reads = db.firstReads
    p(
      `After a push of one point to \`${db.metrics.slugs[0]}\` (the push itself: ${reads.map((r) => ms(r.pushMs)).join(', ')} ms), the first read of \`/\`: ${reads.map((r) => `${ms(r.home.ms)} (${r.home.xCache})`).join(', ')} ms, median ${ms(median(reads.map((r) => r.home.ms)))}; then of \`/api/v1/metrics/${db.metrics.slugs[0]}?range=day\`: ${reads.map((r) => `${ms(r.document.ms)} (${r.document.xCache})`).join(', ')}; then \`/api/v1/status\` (a push should leave its cached copy): ${reads.map((r) => `${ms(r.status.ms)} (${r.status.xCache})`).join(', ')}.`,
    )
    p()
    const big = db.push
    p(
      `**${fmt(big.points)} points pushed** into a metric of their own, one a second, in ${big.batches.length} requests of ${fmt(big.batch)} (the push's limit; about ${fmt(big.batches[0].bytes / 1024)} KB each), one after another: **${fmt(big.totalMs / 1000, 1)} s, ${fmt(big.pointsPerSecond)} points/s**; each request ${big.batches.map((b) => fmt(b.ms)).join(', ')} ms (the raw rows and the 5-minute and hourly roll-ups they touch, in one transaction). The server ran with \`METRICS_RAW_RETENTION_HOURS=48\`: 100,000 seconds are more than the default day of raw points.`,
    )
  }
  return lines.join('\n')
}
