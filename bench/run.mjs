#!/usr/bin/env node
/**
 * `npm run bench`: first the cost of a request (small): the demo data's small bodies with the rate limit on, each
 * against a bare node:http server sending the same status, headers and body, and a CPU profile of the cache hit
 * (profile). Then seeds a large data set into SQLite and PostgreSQL, serves each with the built server (`npm start`)
 * and loads /api/v1 and / with autocannon, beside bare node:http servers (bench/bare-server.mjs, their own processes)
 * that send bodies of the same sizes as /api/v1/status and /. Then fans one notification out to 10,000 subscribers
 * through an SMTP sink (bench/notify.ts). Writes docs/benchmarks.md; everything else goes to bench/results/.
 *
 * Environment:
 *   BENCH_DATABASES=sqlite,postgres   which databases, in this order
 *   BENCH_PARTS=small,profile,badges,pages,metrics,soak,read,notify   which parts: small bodies (small), the profile of a
 *                                     hit (profile, after small), the status badges' hits (badges, docs/badges.md),
 *                                     10 pages of 100 services, each page's hits by its Host
 *                                     and its first read after a write (pages, bench/seed-pages.ts), the memory at
 *                                     rest and over a long mixed load (soak, bench/soak.mjs), the large data's read
 *                                     load (read), the notification fan-out (notify), a page with 10 metric charts
 *                                     and a 100,000-point push on each of BENCH_DATABASES (metrics, bench/metrics.mjs).
 *                                     A run of `small`, `badges`, `pages`, `metrics` or `soak` alone replaces only
 *                                     its section of the report.
 *   BENCH_BADGES_ROUNDS=2, BENCH_BADGES_SECONDS=3   pairs per badge row and seconds per run
 *   BENCH_PAGES_ROUNDS=2, BENCH_PAGES_SECONDS=3   pairs per page row and seconds per run
 *   BENCH_METRICS_ROUNDS=2, BENCH_METRICS_SECONDS=3   pairs per metrics row and seconds per run
 *   BENCH_METRICS_POSTGRES_URL        default postgres://postgres@127.0.0.1:5432/statuspage_bench_metrics
 *   BENCH_SOAK_SECONDS=300, BENCH_SOAK_RATE=380   the soak's length and requests per second
 *   BENCH_POSTGRES_URL                default postgres://postgres@127.0.0.1:5432/statuspage_bench (dropped and recreated)
 *   BENCH_DURATION=10                 seconds per load run;  BENCH_CONNECTIONS=50
 *   BENCH_SKIP_SEED=1                 reuse the databases of the last run (bench/results/seed-<db>.json)
 *   BENCH_INCIDENTS, BENCH_SERVICES, … sizes, see bench/seed.ts
 *   BENCH_REPORT=docs/benchmarks.md   where the report goes
 *   BENCH_REPORT_ONLY=1               rewrite the report from the last run's bench/results/results.json, run nothing
 * Not a test: nothing here fails on a missed target; the report says which were met.
 */
import { spawn, spawnSync } from 'node:child_process'
import { get as httpGet } from 'node:http'
import { performance } from 'node:perf_hooks'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { setTimeout as sleep } from 'node:timers/promises'

import autocannon from 'autocannon'

import { format as formatProfile, summarize as summarizeProfile } from './cpuprofile-summary.mjs'
import { benchMetrics, metricsReport } from './metrics.mjs'
import { benchSoak, soakReport } from './soak.mjs'
import {
  cpuMs,
  freePort,
  median,
  root,
  rssMb,
  runNode,
  startBare as startBareServer,
  startService,
  waitForBuildsOfOthers,
} from './server.mjs'

const results = path.join(root, 'bench', 'results')
mkdirSync(results, { recursive: true })

const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECRET = process.env.BENCH_PAYLOAD_SECRET ?? 'bench-only-secret-7f3a9c2e5b8d41f6'
const REPORT = path.resolve(root, process.env.BENCH_REPORT ?? 'docs/benchmarks.md')
const URLS = {
  sqlite: 'file:./bench/results/sqlite/bench.db',
  postgres: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/statuspage_bench',
}
const PARTS = (process.env.BENCH_PARTS ?? 'small,profile,badges,pages,metrics,soak,read,notify')
  .split(',')
  .map((s) => s.trim())
const NOTIFY_URLS = {
  sqlite: 'file:./bench/results/notify/notify.db',
  postgres: process.env.BENCH_NOTIFY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/statuspage_bench_notify',
}
const TARGETS = { statusRatio: 0.5, statusP99: 10, uncachedP99: 50, rssMb: 500, homeRatio: 0.3, notifySeconds: 60 }

const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args)

// ---------------------------------------------------------------------------------------------------------------
// Processes

/** `npm start` on `port` for database `name` (SQLite or PostgreSQL of the large data, or the small one). */
function startServer(name, port, extraEnv = {}) {
  return startService({
    port,
    log,
    logFile: path.join(results, `server-${name}.log`),
    env: { DATABASE_URL: URLS[name], PAYLOAD_SECRET: SECRET, RATE_LIMIT_PUBLIC_PER_MINUTE: '0', ...extraEnv },
  })
}

const startBare = (port, bodyFile, headFile) => startBareServer({ port, bodyFile, headFile })

// ---------------------------------------------------------------------------------------------------------------
// Load

/** Numbers every request of the whole run, so no two uncached requests (across runs too) share a URL. */
let counter = 0

/**
 * One autocannon run; samples the RSS of `rssPid` meanwhile, and the CPU time it used over the run (its
 * milliseconds per thousand requests: what a request costs the server, however busy the machine was).
 */
async function load({ port, paths, headers = {}, connections = CONNECTIONS, rssPid, duration = DURATION }) {
  let maxRss = 0
  const cpuBefore = rssPid ? cpuMs(rssPid) : null
  const sampler = setInterval(() => {
    const rss = rssPid ? rssMb(rssPid) : null
    if (rss !== null && rss > maxRss) maxRss = rss
  }, 200)
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration,
      headers,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths(counter++) }) }],
    })
    const rss = rssPid ? rssMb(rssPid) : null
    if (rss !== null && rss > maxRss) maxRss = rss
    const cpuAfter = rssPid ? cpuMs(rssPid) : null
    return {
      cpuMsPer1k:
        cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
          ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
          : null,
      rps: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
      ),
      throughputMBps: result.throughput.average / 1024 / 1024,
      maxRssMb: rssPid ? maxRss : null,
    }
  } finally {
    clearInterval(sampler)
  }
}

// ---------------------------------------------------------------------------------------------------------------

function machineFacts() {
  const cpus = os.cpus()
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim()
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== ''
  return {
    date: new Date().toISOString(),
    nproc: spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || String(cpus.length),
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGb: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    commit: git ? `${git}${dirty ? ' (with uncommitted changes)' : ''}` : 'unknown',
    loadavgAtStart: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  }
}

function scenarios(seed, etag) {
  const ids = seed.sampleShortIds
  const slug = encodeURIComponent(seed.activeServiceSlug)
  const pages = Math.max(1, Math.ceil(seed.rows.incidents / 25))
  const cached = [
    { key: 'status', label: '`/api/v1/status`', path: () => '/api/v1/status', expect: 200, kind: 'cached' },
    {
      key: 'status304',
      label: '`/api/v1/status` + `If-None-Match`',
      path: () => '/api/v1/status',
      headers: { 'if-none-match': etag },
      expect: 304,
      kind: 'cached',
    },
    {
      key: 'page1',
      label: '`/api/v1/incidents?page=1`',
      path: () => '/api/v1/incidents?page=1',
      expect: 200,
      kind: 'cached',
    },
    {
      key: 'page2000',
      label: '`/api/v1/incidents?page=2000`',
      path: () => '/api/v1/incidents?page=2000',
      expect: 200,
      kind: 'cached',
    },
    {
      key: 'activeService',
      label: '`/api/v1/incidents?status=active&service=<slug>`',
      path: () => `/api/v1/incidents?status=active&service=${slug}`,
      expect: 200,
      kind: 'cached',
    },
    {
      key: 'detail',
      label: '`/api/v1/incidents/{shortId}`',
      path: () => `/api/v1/incidents/${ids[0]}`,
      expect: 200,
      kind: 'cached',
    },
    { key: 'home', label: '`/` (the status page)', path: () => '/', expect: 200, kind: 'cached' },
  ]
  // Uncached: every request carries credentials (so the cache passes it to Next) and differs, so each one runs Next, Payload
  // and the database. Measured at full concurrency and with one connection (the time of a request on its own).
  const bust = (p, n) => `${p}${p.includes('?') ? '&' : '?'}_=${n}`
  const uncachedPaths = [
    { key: 'u-page1', label: '`/api/v1/incidents?page=1`', path: (n) => bust('/api/v1/incidents?page=1', n) },
    { key: 'u-page2000', label: '`/api/v1/incidents?page=2000`', path: (n) => bust('/api/v1/incidents?page=2000', n) },
    {
      key: 'u-pages',
      label: '`/api/v1/incidents?page=<1..' + pages + '>`',
      path: (n) => bust(`/api/v1/incidents?page=${1 + ((n * 7919) % pages)}`, n),
    },
    {
      key: 'u-activeService',
      label: '`/api/v1/incidents?status=active&service=<slug>`',
      path: (n) => bust(`/api/v1/incidents?status=active&service=${slug}`, n),
    },
    {
      key: 'u-detail',
      label: '`/api/v1/incidents/{shortId}` (' + ids.length + ' ids)',
      path: (n) => bust(`/api/v1/incidents/${ids[n % ids.length]}`, n),
    },
    {
      key: 'u-status',
      label: '`/api/v1/status` (for information)',
      path: (n) => bust('/api/v1/status', n),
      info: true,
    },
  ]
  // The cache keys on the parameters a route reads, so `_` alone no longer misses: a request with credentials goes
  // to Next as it is (the public API ignores them), and the `_` keeps every URL distinct for the record.
  const uncachedHeaders = { authorization: 'Bearer bench-uncached' }
  const uncached = [
    ...uncachedPaths.map((s) => ({
      ...s,
      key: `${s.key}-c${CONNECTIONS}`,
      headers: uncachedHeaders,
      expect: 200,
      kind: 'uncached',
      connections: CONNECTIONS,
    })),
    ...uncachedPaths.map((s) => ({
      ...s,
      key: `${s.key}-c1`,
      headers: uncachedHeaders,
      expect: 200,
      kind: 'uncached',
      connections: 1,
    })),
  ]
  return [...cached, ...uncached]
}

async function benchDatabase(dialect) {
  const out = { dialect, url: URLS[dialect].replace(/\/\/[^@/]*@/, '//…@') }
  const seedFile = path.join(results, `seed-${dialect}.json`)
  if (process.env.BENCH_SKIP_SEED === '1' && existsSync(seedFile)) {
    out.seed = { ...JSON.parse(readFileSync(seedFile, 'utf8')), reused: true }
    log(`${dialect}: reusing the seeded database of the last run`)
  } else {
    log(`${dialect}: seeding…`)
    const started = Date.now()
    const output = await runNode(
      ['--conditions=production', '--import', 'tsx', 'bench/seed.ts', '--fresh'],
      { DATABASE_URL: URLS[dialect], PAYLOAD_SECRET: SECRET },
      path.join(results, `seed-${dialect}.log`),
    )
    const line = output.split('\n').find((l) => l.startsWith('SEED_RESULT '))
    out.seed = { ...JSON.parse(line.slice('SEED_RESULT '.length)), wallMs: Date.now() - started }
    writeFileSync(seedFile, JSON.stringify(out.seed))
    log(
      `${dialect}: seeded in ${(out.seed.wallMs / 1000).toFixed(1)} s (inserts ${(out.seed.timings.insertMs / 1000).toFixed(1)} s)`,
    )
  }

  log(`${dialect}: what the read model asks the database (bench/explain.ts)…`)
  try {
    const output = await runNode(
      [
        '--conditions=production',
        '--import',
        'tsx',
        'bench/explain.ts',
        out.seed.activeServiceSlug,
        out.seed.sampleShortIds[0],
      ],
      { DATABASE_URL: URLS[dialect], PAYLOAD_SECRET: SECRET },
      path.join(results, `explain-${dialect}.txt`),
    )
    const line = output.split('\n').find((l) => l.startsWith('EXPLAIN_RESULT '))
    out.explain = JSON.parse(line.slice('EXPLAIN_RESULT '.length))
  } catch (error) {
    out.explain = null
    out.explainError = error.message
  }

  const port = await freePort()
  log(`${dialect}: starting the server on port ${port} (npm start; builds first when the sources changed)…`)
  const server = await startServer(dialect, port)
  // At rest, before the first request: what loading Next and Payload costs, below any load.
  out.server = { readyMs: server.readyMs, built: server.built, idleRssMb: rssMb(server.pid) }
  const bare = { port: await freePort() }
  let bareServer
  try {
    const first = await fetch(`http://127.0.0.1:${port}/api/v1/status`)
    const body = Buffer.from(await first.arrayBuffer())
    out.statusProbe = {
      status: first.status,
      bytes: body.length,
      etag: first.headers.get('etag'),
      xCache: first.headers.get('x-cache'),
    }
    const second = await fetch(`http://127.0.0.1:${port}/api/v1/status`)
    await second.arrayBuffer()
    out.statusProbe.xCacheSecond = second.headers.get('x-cache')
    const bodyFile = path.join(results, `status-body-${dialect}.json`)
    writeFileSync(bodyFile, body)
    log(
      `${dialect}: /api/v1/status answered ${first.status}, ${body.length} bytes, X-Cache ${out.statusProbe.xCache ?? '-'} then ${out.statusProbe.xCacheSecond ?? '-'}`,
    )

    bareServer = await startBare(bare.port, bodyFile)
    log(`${dialect}: bare node:http server (pid ${bareServer.pid}), ${body.length}-byte body`)
    out.bare = await load({ port: bare.port, paths: () => '/', rssPid: bareServer.pid })
    log(`${dialect}: bare ${Math.round(out.bare.rps)} req/s, p99 ${out.bare.p99} ms`)

    // `/` is another size: its ratio is taken against a bare server sending the same bytes.
    const home = Buffer.from(await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer())
    const homeFile = path.join(results, `home-body-${dialect}.html`)
    writeFileSync(homeFile, home)
    out.homeProbe = { bytes: home.length }
    const homeBare = await startBare(await freePort(), homeFile)
    try {
      out.bareHome = await load({ port: homeBare.port, paths: () => '/', rssPid: homeBare.pid })
    } finally {
      await homeBare.stop()
    }
    log(`${dialect}: bare with the ${home.length} bytes of /: ${Math.round(out.bareHome.rps)} req/s`)

    out.runs = []
    for (const scenario of scenarios(out.seed, out.statusProbe.etag ?? '"none"')) {
      // Let the server finish what the last run left queued, then one request: its status is the one to expect,
      // and it fills the cache for the cached runs (whose second request shows X-Cache).
      await sleep(1000)
      let probe = await fetch(`http://127.0.0.1:${port}${scenario.path(counter++)}`, { headers: scenario.headers })
      await probe.arrayBuffer()
      if (scenario.kind === 'cached') {
        probe = await fetch(`http://127.0.0.1:${port}${scenario.path(counter++)}`, { headers: scenario.headers })
        await probe.arrayBuffer()
      }
      const result = await load({
        port,
        paths: scenario.path,
        headers: scenario.headers,
        connections: scenario.connections ?? CONNECTIONS,
        rssPid: server.pid,
      })
      const unexpected = result.total - (result.statusCodes[String(scenario.expect)] ?? 0)
      const xCache = probe.headers.get('x-cache')
      out.runs.push({
        ...scenario,
        path: undefined,
        headers: undefined,
        probeStatus: probe.status,
        xCache,
        result,
        unexpected,
      })
      log(
        `${dialect}: ${scenario.key}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, RSS max ${result.maxRssMb?.toFixed(0)} MB${unexpected ? `, ${unexpected} unexpected (${JSON.stringify(result.statusCodes)}, errors ${result.errors})` : ''}`,
      )
    }
    out.bareAfter = await load({ port: bare.port, paths: () => '/', rssPid: bareServer.pid })
    log(`${dialect}: bare again ${Math.round(out.bareAfter.rps)} req/s`)
  } finally {
    await bareServer?.stop()
    await server.stop()
  }
  return out
}

/** A GET through node:http: status, headers (without hop-by-hop ones) and body. */
function getRaw(port, urlPath, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () => {
        const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...kept } = res.headers
        resolve({ status: res.statusCode, headers: kept, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Small bodies: the cost of a request, not of its bytes

const SMALL_URL = 'file:./bench/results/small/small.db'
/** A budget no run spends: the limiter runs on every request, and never refuses. */
const SMALL_BUDGET = '1000000000'
/** Pairs of runs per row (BENCH_SMALL_ROUNDS) and seconds per run (BENCH_SMALL_SECONDS). */
const SMALL_ROUNDS = Number(process.env.BENCH_SMALL_ROUNDS ?? 4)
const SMALL_SLICE = Number(process.env.BENCH_SMALL_SECONDS ?? 5)

/** Runs a seed script (bench/seed-*.ts) on a database; what it printed on its `SEED_RESULT {json}` line. */
async function seedWith(script, databaseUrl, logName) {
  const seeded = await runNode(
    ['--conditions=production', '--import', 'tsx', script],
    { DATABASE_URL: databaseUrl, PAYLOAD_SECRET: SECRET },
    path.join(results, logName),
  )
  return JSON.parse(
    seeded
      .split('\n')
      .find((l) => l.startsWith('SEED_RESULT '))
      .slice('SEED_RESULT '.length),
  )
}

/** Saves what the service sent (status, headers, body) for a bare server to send the same. */
async function captureResponse(port, urlPath, headers, name) {
  // Identity, as autocannon asks; node:http rather than fetch, which cannot send another page's Host.
  const response = await getRaw(port, urlPath, { 'accept-encoding': 'identity', ...headers })
  const body = response.body
  const head = { status: response.status, headers: response.headers }
  const bodyFile = path.join(results, `small-${name}.body`)
  const headFile = path.join(results, `small-${name}.head.json`)
  writeFileSync(bodyFile, body)
  writeFileSync(headFile, JSON.stringify(head, null, 2))
  const headerBytes = Object.entries(head.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0)
  return {
    status: response.status,
    bytes: body.length,
    // What a browser gets: the cache sends its gzip or brotli copy (level 6, as src/edge/compression.ts).
    gzipBytes: gzipSync(body, { level: 6 }).length,
    headerBytes,
    xCache: response.headers['x-cache'],
    etag: response.headers.etag,
    bodyFile,
    headFile,
  }
}

/**
 * Pairs of short runs of one request, the service and a bare node:http server sending the body it captured
 * (`scenario.probe`), back to back in alternating order (so a change of the machine's load during the pair weighs on
 * both sides alike); the ratio is the median of the pairs'.
 */
async function againstBare(port, serverPid, scenario, rounds = SMALL_ROUNDS, seconds = SMALL_SLICE) {
  const bare = await startBare(await freePort(), scenario.probe.bodyFile, scenario.probe.headFile)
  try {
    const pairs = []
    for (let round = 0; round < rounds; round++) {
      const runBare = () => load({ port: bare.port, paths: () => '/', rssPid: bare.pid, duration: seconds })
      const runService = () =>
        load({ port, paths: () => scenario.path, headers: scenario.headers, rssPid: serverPid, duration: seconds })
      await sleep(300)
      const first = round % 2 === 0 ? await runBare() : await runService()
      await sleep(300)
      const second = round % 2 === 0 ? await runService() : await runBare()
      const [bareRun, serviceRun] = round % 2 === 0 ? [first, second] : [second, first]
      pairs.push({ bare: bareRun, service: serviceRun, ratio: serviceRun.rps / bareRun.rps })
    }
    const statusCodes = {}
    for (const pair of pairs)
      for (const [code, n] of Object.entries(pair.service.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n
    const total = pairs.reduce((n, pair) => n + pair.service.total, 0)
    return {
      key: scenario.key,
      label: scenario.label,
      probe: scenario.probe,
      expect: scenario.expect,
      pairs,
      bareRps: median(pairs.map((pair) => pair.bare.rps)),
      serviceRps: median(pairs.map((pair) => pair.service.rps)),
      ratio: median(pairs.map((pair) => pair.ratio)),
      ratios: pairs.map((pair) => pair.ratio),
      serviceP50: median(pairs.map((pair) => pair.service.p50)),
      serviceP99: median(pairs.map((pair) => pair.service.p99)),
      bareP99: median(pairs.map((pair) => pair.bare.p99)),
      // CPU per request, bare ÷ service: 1 when a request costs the service what it costs the bare server.
      serviceCpuMsPer1k: median(pairs.map((pair) => pair.service.cpuMsPer1k)),
      bareCpuMsPer1k: median(pairs.map((pair) => pair.bare.cpuMsPer1k)),
      cpuRatio: median(pairs.map((pair) => pair.bare.cpuMsPer1k / pair.service.cpuMsPer1k)),
      cpuRatios: pairs.map((pair) => pair.bare.cpuMsPer1k / pair.service.cpuMsPer1k),
      statusCodes,
      unexpected: total - (statusCodes[String(scenario.expect)] ?? 0),
    }
  } finally {
    await bare.stop()
  }
}

const describeRun = (run) =>
  `${Math.round(run.serviceRps)} req/s against bare ${Math.round(run.bareRps)}: ratio ${run.ratio.toFixed(2)} (pairs ${run.ratios.map((r) => r.toFixed(2)).join(', ')}); CPU per request bare ÷ service ${run.cpuRatio.toFixed(2)} (${run.cpuRatios.map((r) => r.toFixed(2)).join(', ')})${run.unexpected ? `, ${run.unexpected} unexpected (${JSON.stringify(run.statusCodes)})` : ''}`

/** The demo data seeded into `databaseUrl`, served by `npm start` with the public rate limit on (a budget never spent). */
async function startDemo(part, databaseUrl) {
  log(`${part}: seeding the demo data (bench/seed-demo.ts)…`)
  const seed = await seedWith('bench/seed-demo.ts', databaseUrl, `seed-${part}.log`)
  const port = await freePort()
  log(`${part}: starting the server on port ${port}…`)
  const server = await startServer(part, port, {
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_PUBLIC_PER_MINUTE: SMALL_BUDGET,
  })
  return { seed, port, server }
}

/**
 * The demo data (a few KB per body) with the public rate limit on (a budget never spent): /api/v1/status, its 304,
 * and `/`, each against a bare node:http server sending the same status, headers and body, run before and after it.
 */
async function benchSmall() {
  const out = { part: 'small' }
  const { seed, port, server } = await startDemo('small', SMALL_URL)
  out.seed = seed
  out.server = { readyMs: server.readyMs, built: server.built, idleRssMb: rssMb(server.pid) }
  try {
    // The first request computes the entry; the captured one is the hit, as every request of the run.
    await (await fetch(`http://127.0.0.1:${port}/api/v1/status`)).arrayBuffer()
    const status = await captureResponse(port, '/api/v1/status', {}, 'status')
    const notModified = await captureResponse(
      port,
      '/api/v1/status',
      { 'if-none-match': status.etag ?? '"none"' },
      'status304',
    )
    await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer()
    const home = await captureResponse(port, '/', {}, 'home')
    const scenarios = [
      { key: 'status', label: '`/api/v1/status`', path: '/api/v1/status', headers: {}, probe: status, expect: 200 },
      {
        key: 'status304',
        label: '`/api/v1/status` + `If-None-Match`',
        path: '/api/v1/status',
        headers: { 'if-none-match': status.etag ?? '"none"' },
        probe: notModified,
        expect: 304,
      },
      { key: 'home', label: '`/` (the status page)', path: '/', headers: {}, probe: home, expect: 200 },
    ]
    out.runs = []
    for (const scenario of scenarios) {
      const run = await againstBare(port, server.pid, scenario)
      out.runs.push(run)
      log(`small: ${scenario.key}: ${describeRun(run)}`)
    }
  } finally {
    await server.stop()
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Badges (docs/badges.md): a README's status picture, answered from the cache

const BADGES_URL = 'file:./bench/results/badges/badges.db'
const BADGES_ROUNDS = Number(process.env.BENCH_BADGES_ROUNDS ?? 2)
const BADGES_SLICE = Number(process.env.BENCH_BADGES_SECONDS ?? 3)
/** The rows: key, address, and whether the request carries the hit's ETag (a 304). */
const BADGE_ROWS = [
  ['status', '/badge/status.svg', false],
  ['status304', '/badge/status.svg', true],
  ['uptime', '/badge/uptime/30d.svg', false],
  ['service', '/badge/service/public-api/status.svg?style=flat-square', false],
  ['json', '/badge/incidents.json', false],
]

/**
 * The badges of the demo data, each a cache hit against a bare node:http server sending the same status, headers and
 * body (as the small bodies), with the public rate limit on; and each one's first read, computed by Next (a miss).
 */
async function benchBadges() {
  const out = { part: 'badges' }
  const { seed, port, server } = await startDemo('badges', BADGES_URL)
  out.seed = seed
  out.runs = []
  try {
    for (const [key, urlPath, conditional] of BADGE_ROWS) {
      // By the same Host as the hits, which the cache keys by.
      const miss = conditional ? null : await timedRead(port, urlPath, `127.0.0.1:${port}`)
      const hit = await captureResponse(port, urlPath, {}, `badge-${key}`)
      const headers = conditional ? { 'if-none-match': hit.etag ?? '"none"' } : {}
      const probe = conditional ? await captureResponse(port, urlPath, headers, `badge-${key}`) : hit
      const label = `\`${urlPath}\`${conditional ? ' + `If-None-Match`' : ''}`
      const scenario = { key, label, path: urlPath, headers, probe, expect: conditional ? 304 : 200 }
      const run = await againstBare(port, server.pid, scenario, BADGES_ROUNDS, BADGES_SLICE)
      out.runs.push({ ...run, miss })
      log(`badges: ${key}: ${describeRun(run)}${miss ? `; first read ${miss.ms.toFixed(0)} ms (${miss.xCache})` : ''}`)
    }
  } finally {
    await server.stop()
  }
  return out
}

/** The badges section (between its markers: a run of other parts keeps it, a run of this part alone replaces it). */
function badgesReport(facts, badges) {
  const lines = []
  const p = (line = '') => lines.push(line)
  p('## Badges: a cached hit against bare node:http')
  p()
  p(`Run: ${facts.date}. Commit ${facts.commit}. Load average at start ${facts.loadavgAtStart}.`)
  p()
  if (badges.error) {
    p(`The run failed: ${badges.error}`)
    return lines.join('\n')
  }
  p(
    `The status badges (docs/badges.md) of the demo data on SQLite, with the public rate limit on, as the small bodies above: every request of a run is a cache hit, and each row pits the service against a bare \`node:http\` server sending the same status, headers and body: ${BADGES_ROUNDS} pairs of ${BADGES_SLICE}-second runs, ${CONNECTIONS} connections, the ratio the median of the pairs' ratios. *First read*: the badge's first request, computed by Next (a miss), in milliseconds.`,
  )
  p()
  p(
    '| Request | Status | Body bytes (identity / gzip) | bare req/s | service req/s | **service ÷ bare** | ratio of each pair | CPU bare ÷ service | service p50 / p99 ms | First read ms |',
  )
  p('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of badges.runs)
    p(
      `| ${r.label} | ${r.probe.status} (X-Cache: ${r.probe.xCache ?? 'absent'}) | ${fmt(r.probe.bytes)} / ${fmt(r.probe.gzipBytes ?? 0)} | ${fmt(r.bareRps)} | ${fmt(r.serviceRps)} | **${fmt(r.ratio, 2)}** | ${r.ratios.map((x) => fmt(x, 2)).join(', ')} | ${fmt(r.cpuRatio, 2)} | ${fmt(r.serviceP50)} / ${fmt(r.serviceP99)} | ${r.miss ? `${r.miss.ms.toFixed(0)} (${r.miss.xCache})` : '–'} |${r.unexpected ? ` **${r.unexpected} unexpected (${JSON.stringify(r.statusCodes)})**` : ''}`,
    )
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------------------------
// Several pages (docs/pages.md): 10 pages of 100 services each on one instance

const PAGES_URL = 'file:./bench/results/pages/pages.db'
const PAGES_ADMIN_KEY = 'bench-pages-admin-key-3c1e9a'
/** Pairs per row of the pages part, and seconds per run: ten pages of rows, so shorter than the small part's. */
const PAGES_ROUNDS = Number(process.env.BENCH_PAGES_ROUNDS ?? 2)
const PAGES_SLICE = Number(process.env.BENCH_PAGES_SECONDS ?? 3)
/** First reads after a write, per page measured. */
const FIRST_READS = 5

/** A cached hit of `urlPath` by `host`, against a bare server sending the same body (the pages part's rows). */
async function pageHits(port, pid, { key, host, urlPath, probeName }) {
  await getRaw(port, urlPath, { host })
  const probe = await captureResponse(port, urlPath, { host }, probeName)
  const run = await againstBare(
    port,
    pid,
    { key, label: `\`${urlPath}\` on ${host}`, path: urlPath, headers: { host }, probe, expect: 200 },
    PAGES_ROUNDS,
    PAGES_SLICE,
  )
  log(`pages: ${host} ${urlPath}: ${describeRun(run)}`)
  return run
}

/** The id of the first service of product `n` (bench/seed-pages.ts: page n shows group "Product n"). */
async function productService(port, n) {
  const url = `http://127.0.0.1:${port}/api/services?where[group.name][equals]=Product%20${n}&limit=1&depth=0`
  const services = await (await fetch(url, { headers: { authorization: `users API-Key ${PAGES_ADMIN_KEY}` } })).json()
  return services.docs[0].id
}

/** A write to a service through the CMS API, read to its end. */
async function writeService(port, id, description) {
  const written = await fetch(`http://127.0.0.1:${port}/api/services/${id}`, {
    method: 'PATCH',
    headers: { authorization: `users API-Key ${PAGES_ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ description }),
  })
  await written.arrayBuffer()
}

/** One read, timed: its milliseconds and X-Cache. */
async function timedRead(port, urlPath, host) {
  const started = performance.now()
  const read = await getRaw(port, urlPath, { host })
  return { ms: performance.now() - started, xCache: read.headers['x-cache'], status: read.status }
}

/**
 * Each page's `/api/v1/status` and `/` by its Host, cached, against a bare server sending the same body; then, for
 * the first and the last page, the first read of its `/api/v1/status` after a write to one of its services.
 */
async function benchPages() {
  const out = { part: 'pages' }
  log('pages: seeding 10 pages of 100 services (bench/seed-pages.ts)…')
  out.seed = await seedWith('bench/seed-pages.ts', PAGES_URL, 'seed-pages.log')
  const port = await freePort()
  log(`pages: starting the server on port ${port}…`)
  const server = await startServer('pages', port, {
    DATABASE_URL: PAGES_URL,
    ADMIN_EMAIL: 'bench-pages@example.test',
    ADMIN_API_KEY: PAGES_ADMIN_KEY,
  })
  out.runs = []
  out.firstReads = []
  try {
    for (const [index, host] of out.seed.hosts.entries()) {
      for (const [key, urlPath] of [
        ['status', '/api/v1/status'],
        ['home', '/'],
      ]) {
        const probeName = `pages-${index + 1}-${key}`
        const run = await pageHits(port, server.pid, { key: `${host} ${key}`, host, urlPath, probeName })
        out.runs.push({ ...run, host, page: index + 1, urlPath })
      }
    }
    out.languages = await benchLanguages(port, server.pid, out.seed.hosts[0])
    for (const [index, host] of [out.seed.hosts[0], out.seed.hosts.at(-1)].map((h) => [out.seed.hosts.indexOf(h), h])) {
      const id = await productService(port, index + 1)
      const times = []
      // Another page, which the write does not touch: its cached copy should stay (a write makes stale only its pages').
      const other = out.seed.hosts[index === 0 ? out.seed.hosts.length - 1 : 0]
      const others = []
      for (let n = 0; n < FIRST_READS; n++) {
        await getRaw(port, '/api/v1/status', { host: other })
        await writeService(port, id, `write ${n}`)
        times.push(await timedRead(port, '/api/v1/status', host))
        others.push(await timedRead(port, '/api/v1/status', other))
      }
      out.firstReads.push({ host, page: index + 1, times, other, others })
      log(
        `pages: first read after a write on ${host}: ${times.map((t) => `${t.ms.toFixed(0)} ms ${t.xCache}`).join(', ')}`,
      )
    }
  } finally {
    await server.stop()
  }
  return out
}

/** The languages measured beside the page's default (docs/languages.md): a left-to-right and a right-to-left one. */
const BENCH_LOCALES = ['de', 'ar']

/**
 * A page in other languages (docs/languages.md): the hits of `/<locale>/` against a bare server sending the same
 * body, and the first read of `/<locale>/` after a write to one of the page's services.
 */
async function benchLanguages(port, pid, host) {
  const runs = []
  const firstReads = []
  const id = await productService(port, 1)
  for (const locale of BENCH_LOCALES) {
    const urlPath = `/${locale}/`
    const run = await pageHits(port, pid, {
      key: `${host} ${locale}`,
      host,
      urlPath,
      probeName: `pages-${locale}-home`,
    })
    runs.push({ ...run, host, locale, urlPath })
    const times = []
    for (let n = 0; n < FIRST_READS; n++) {
      await writeService(port, id, `${locale} write ${n}`)
      times.push(await timedRead(port, urlPath, host))
    }
    firstReads.push({ locale, urlPath, times })
    log(
      `pages: first read of ${urlPath} after a write: ${times.map((t) => `${t.ms.toFixed(0)} ms ${t.xCache}`).join(', ')}`,
    )
  }
  return { host, runs, firstReads }
}

/** Hits of a page by its Host against a bare server: one row per run. */
function hitTable(runs, p) {
  p(
    '| Page | Request | Body bytes | bare req/s | service req/s | **service ÷ bare** | CPU bare ÷ service | service p99 ms |',
  )
  p('|---|---|---|---|---|---|---|---|')
  for (const r of runs)
    p(
      `| ${r.host} | \`${r.urlPath}\` | ${fmt(r.probe.bytes)} | ${fmt(Math.round(r.bareRps))} | ${fmt(Math.round(r.serviceRps))} | **${r.ratio.toFixed(2)}** | ${r.cpuRatio.toFixed(2)} | ${r.serviceP99} |`,
    )
}

/** The languages' rows of the pages section. */
function languagesReport(languages, p) {
  if (!languages) return
  p()
  p(
    `In other languages (docs/languages.md): the first page's home in ${BENCH_LOCALES.join(' and ')} (\`/<locale>/\`, a right-to-left one among them), cache hits against a bare server sending the same body, then the first read of it after a write to one of the page's services:`,
  )
  p()
  hitTable(languages.runs, p)
  p()
  for (const f of languages.firstReads)
    p(
      `- first read of \`${f.urlPath}\` after a write: ${f.times.map((t) => `${t.ms.toFixed(t.ms < 10 ? 1 : 0)} (${t.xCache})`).join(', ')}`,
    )
}

/** The pages section (between its markers: a run of other parts keeps it). */
function pagesReport(pages) {
  const lines = []
  const p = (line = '') => lines.push(line)
  p('## Several pages: 10 pages of 100 services on one instance')
  p()
  if (pages.error) {
    p(`The run failed: ${pages.error}`)
    return lines.join('\n')
  }
  p(
    `The data of bench/seed-pages.ts on SQLite: ${pages.seed.pages} pages of ${pages.seed.servicesPerPage} services each (one group per page), each page on its own host name, beside the default page that shows all ${fmt(pages.seed.pages * pages.seed.servicesPerPage)}. Each row is a cache hit of one page by its Host against a bare \`node:http\` server sending the same body: ${PAGES_ROUNDS} pairs of ${PAGES_SLICE}-second runs, the ratio the median of the pairs' ratios (as the small bodies above).`,
  )
  p()
  hitTable(pages.runs, p)
  p()
  p(
    "The first read of a page's `/api/v1/status` after a write to one of its services (a PATCH through the CMS API, then one GET by the page's Host), in milliseconds, and right after it the read of another page the write did not touch (its copy stays: a write makes stale only the pages it touched):",
  )
  p()
  const times = (list) => list.map((t) => `${t.ms.toFixed(t.ms < 10 ? 1 : 0)} (${t.xCache})`).join(', ')
  for (const f of pages.firstReads) p(`- ${f.host}: ${times(f.times)}; then ${f.other}: ${times(f.others ?? [])}`)
  languagesReport(pages.languages, p)
  return lines.join('\n')
}

/**
 * Where a cache hit's time goes: the server (already built) run as `node --cpu-prof dist/server.mjs` on the
 * small data, loaded with /api/v1/status (hits), stopped with SIGTERM (the profile is written on exit) and
 * summarised by bench/cpuprofile-summary.mjs into bench/results/profile-summary.txt.
 */
async function benchProfile() {
  const dir = path.join(results, 'profile')
  mkdirSync(dir, { recursive: true })
  for (const file of readdirSync(dir)) if (file.endsWith('.cpuprofile')) rmSync(path.join(dir, file))
  await waitForBuildsOfOthers(log)
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || !existsSync(path.join(root, 'dist', 'server.mjs')))
    throw new Error('no build: run the small part (or npm start) first')
  const port = await freePort()
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: SMALL_URL,
    PAYLOAD_SECRET: SECRET,
    RATE_LIMIT_PUBLIC_PER_MINUTE: SMALL_BUDGET,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
  }
  log(`profile: node --cpu-prof dist/server.mjs on port ${port}…`)
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'dist/server.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const window = {}
  try {
    for (let started = Date.now(); ; await sleep(500)) {
      if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}: ${output.slice(-2000)}`)
      if (Date.now() - started > 5 * 60_000) throw new Error('the server did not become healthy')
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break
      } catch {
        // not yet
      }
    }
    await (await fetch(`http://127.0.0.1:${port}/api/v1/status`)).arrayBuffer()
    // The window of the load, on the clock V8 stamps its samples with: the summary leaves the start out.
    window.fromUs = Number(process.hrtime.bigint() / 1000n)
    const result = await load({ port, paths: () => '/api/v1/status', rssPid: child.pid })
    window.toUs = Number(process.hrtime.bigint() / 1000n)
    log(`profile: ${Math.round(result.rps)} req/s under the profiler`)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(20_000)])
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
    writeFileSync(path.join(results, 'server-profile.log'), output)
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error('the server wrote no profile')
  const summary = summarizeProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), window)
  writeFileSync(path.join(results, 'profile-summary.txt'), formatProfile(summary, 40) + '\n')
  log(`profile: bench/results/profile/${file}; summary in bench/results/profile-summary.txt`)
  return {
    file: `bench/results/profile/${file}`,
    window,
    busyMs: summary.busyMs,
    packages: summary.packages.slice(0, 12),
    self: summary.self.slice(0, 15),
  }
}

/** One notification to BENCH_SUBSCRIBERS (10,000) verified subscribers through an SMTP sink (bench/notify.ts). */
async function benchNotify(dialect) {
  log(`${dialect}: notification fan-out (bench/notify.ts)…`)
  const output = await runNode(
    ['--conditions=production', '--import', 'tsx', 'bench/notify.ts'],
    { DATABASE_URL: NOTIFY_URLS[dialect], PAYLOAD_SECRET: SECRET },
    path.join(results, `notify-${dialect}.log`),
  )
  const line = output.split('\n').find((l) => l.startsWith('NOTIFY_RESULT '))
  const result = JSON.parse(line.slice('NOTIFY_RESULT '.length))
  log(
    `${dialect}: ${result.messages} messages in ${result.seconds.toFixed(1)} s (${Math.round(result.messagesPerSecond)}/s), ${result.duplicates} duplicates`,
  )
  return result
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '–'
    : Number(n).toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const yes = (met) => (met ? '**met**' : '**not met**')

function evaluate(db) {
  const run = (key) => db.runs?.find((r) => r.key === key)
  const status = run('status')
  const statusRatio = status && db.bare ? status.result.rps / db.bare.rps : null
  const uncachedKeys = db.runs?.filter((r) => r.kind === 'uncached' && !r.info && r.connections === CONNECTIONS) ?? []
  const uncached1 = db.runs?.filter((r) => r.kind === 'uncached' && !r.info && r.connections === 1) ?? []
  const worst = (runs) => runs.reduce((m, r) => Math.max(m, r.result.p99), 0)
  const maxRss = Math.max(0, ...(db.runs ?? []).map((r) => r.result.maxRssMb ?? 0))
  const maxRssCached = Math.max(
    0,
    ...(db.runs ?? []).filter((r) => r.kind === 'cached').map((r) => r.result.maxRssMb ?? 0),
  )
  const clean = (runs) => runs.every((r) => r.unexpected === 0)
  const home = run('home')
  return {
    homeRatio: home && db.bareHome ? home.result.rps / db.bareHome.rps : null,
    statusRatio,
    statusP99: status?.result.p99 ?? null,
    statusMet:
      statusRatio !== null &&
      statusRatio >= TARGETS.statusRatio &&
      status.result.p99 < TARGETS.statusP99 &&
      status.unexpected === 0,
    uncachedWorstP99: worst(uncachedKeys),
    uncachedMet: uncachedKeys.length > 0 && worst(uncachedKeys) < TARGETS.uncachedP99 && clean(uncachedKeys),
    uncached1WorstP99: worst(uncached1),
    uncached1Met: uncached1.length > 0 && worst(uncached1) < TARGETS.uncachedP99 && clean(uncached1),
    maxRss,
    maxRssCached,
    rssMet: maxRss > 0 && maxRss < TARGETS.rssMb,
  }
}

function report(facts, dbs) {
  const lines = []
  const p = (s = '') => lines.push(s)
  p('# Benchmarks')
  p()
  p(
    'Generated by `npm run bench` (bench/run.mjs); do not edit by hand, run it again (only the notes at the end, between their markers, are written by hand and kept). Raw output: `bench/results/`.',
  )
  p()
  p(`Run: ${facts.date}${facts.minutes ? `, ${facts.minutes} minutes` : ''}. Commit ${facts.commit}.`)
  p()
  p('| Machine | |')
  p('|---|---|')
  p(`| nproc | ${facts.nproc} |`)
  p(`| CPU | ${facts.cpu} |`)
  p(`| memory | ${facts.memoryGb} GB |`)
  p(`| node | ${facts.node} |`)
  p(`| OS | ${facts.platform} |`)
  p(`| load average at start (1, 5, 15 min) | ${facts.loadavgAtStart} |`)
  p(`| load average at end | ${facts.loadavgAtEnd ?? '–'} |`)
  p()
  p(
    `**Read the numbers with this in mind:** the load generator (autocannon, in the bench process), the server and the bare baseline share these ${facts.nproc} cores, so every figure is lower than either side would reach alone, and anything else running on the machine (a load average above ${facts.nproc} means it was busy) takes its share too. The ratios to the bare server, measured in the same run, hold better than the absolute figures.`,
  )
  p()
  p('## Method')
  p()
  p(
    `- Data (bench/seed.ts, written straight into the tables in batches; derived fields computed with the domain functions the hooks use): ${fmt(dbs[0]?.seed?.sizes.services)} services in ${fmt(dbs[0]?.seed?.sizes.groups)} groups; ${fmt(dbs[0]?.seed?.rows.incidents)} incidents with 3 to 5 updates each (${fmt(dbs[0]?.seed?.rows.incidents_updates)} updates), ${fmt(dbs[0]?.seed?.unresolvedIncidents)} of them unresolved, 1 to 3 affected services each; ${fmt(dbs[0]?.seed?.rows.maintenances)} maintenances (${Object.entries(
      dbs[0]?.seed?.maintenanceStatuses ?? {},
    )
      .map(([k, v]) => `${fmt(v)} ${k}`)
      .join(', ')}).`,
  )
  p(
    `- Server: \`npm start\` (the compiled server, dist/server.mjs → Next → Payload) with \`RATE_LIMIT_PUBLIC_PER_MINUTE=0\`; its RSS is sampled from /proc every 200 ms during each run (the one node process serving).`,
  )
  p(
    `- Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run (uncached runs also with 1 connection). Cached rows repeat one URL (the response cache answers after the first request); uncached rows send an \`Authorization\` header, which the public API ignores and the cache never answers (and a different \`_=<n>\` parameter), so every request runs Next, Payload and the database.`,
  )
  p(
    `- Baseline: bench/bare-server.mjs, a bare \`node:http\` server in its own process sending the bytes /api/v1/status sent, measured before the project's runs and again after them.`,
  )
  p()
  for (const db of dbs.filter((d) => d.runs || d.error)) {
    p(`## ${db.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`)
    p()
    if (db.error) {
      p(`The run failed: ${db.error}`)
      p()
      continue
    }
    const s = db.seed
    p(
      `Seeding ${fmt(Object.values(s.rows).reduce((a, b) => a + b, 0))} rows: ${s.reused ? 'reused from an earlier run; ' : ''}inserts ${fmt(s.timings.insertMs / 1000, 1)} s, migrations ${fmt(s.timings.migrateMs / 1000, 1)} s, whole seed ${fmt((s.wallMs ?? s.timings.totalMs) / 1000, 1)} s (including starting Payload${db.dialect === 'postgres' ? ', recreating the database and ANALYZE' : ''}).`,
    )
    p(
      `Server ready after ${fmt(db.server.readyMs / 1000, 1)} s${db.server.built ? ' (including a build)' : ''}, RSS ${fmt(db.server.idleRssMb)} MB at rest. /api/v1/status: ${db.statusProbe.status}, ${fmt(db.statusProbe.bytes)} bytes, X-Cache ${db.statusProbe.xCache ?? 'absent'} then ${db.statusProbe.xCacheSecond ?? 'absent'}.`,
    )
    p()
    p(`| Request | Connections | Cache | req/s | ÷ bare req/s | p50 ms | p99 ms | max RSS MB | Responses |`)
    p('|---|---|---|---|---|---|---|---|---|')
    const bareRow = (label, r) =>
      p(
        `| bare node:http (${label}) | ${CONNECTIONS} | – | ${fmt(r.rps)} | 1.00 | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.maxRssMb)} | ${Object.entries(
          r.statusCodes,
        )
          .map(([c, n]) => `${fmt(n)}× ${c}`)
          .join(', ')} |`,
      )
    bareRow('before', db.bare)
    for (const r of db.runs) {
      const codes =
        Object.entries(r.result.statusCodes)
          .map(([c, n]) => `${fmt(n)}× ${c}`)
          .join(', ') || 'none'
      const problems = [
        r.result.errors ? `${fmt(r.result.errors)} errors` : '',
        r.result.timeouts ? `${fmt(r.result.timeouts)} timeouts` : '',
      ]
        .filter(Boolean)
        .join(', ')
      const cache =
        r.kind === 'cached'
          ? `repeated (X-Cache: ${r.xCache ?? 'absent'})`
          : `every request new (X-Cache: ${r.xCache ?? 'absent'})`
      const base = r.key === 'home' && db.bareHome ? db.bareHome : db.bare
      p(
        `| ${r.label} | ${r.connections ?? CONNECTIONS} | ${cache} | ${fmt(r.result.rps)} | ${fmt(r.result.rps / base.rps, 3)} | ${fmt(r.result.p50)} | ${fmt(r.result.p99)} | ${fmt(r.result.maxRssMb)} | ${codes}${r.unexpected ? ` (**expected ${r.expect}**)` : ''}${problems ? `; ${problems}` : ''} |`,
      )
    }
    bareRow('after', db.bareAfter)
    if (db.bareHome) bareRow(`the ${fmt(db.homeProbe.bytes)} bytes of /; the ratio of \`/\``, db.bareHome)
    p()
    const e = evaluate(db)
    p('| Target | Measured | |')
    p('|---|---|---|')
    p(
      `| /api/v1/status ≥ ${TARGETS.statusRatio * 100}% of bare req/s, p99 < ${TARGETS.statusP99} ms | ${fmt(e.statusRatio * 100, 1)}%, p99 ${fmt(e.statusP99)} ms | ${yes(e.statusMet)} |`,
    )
    p(
      `| uncached list and detail p99 < ${TARGETS.uncachedP99} ms (${CONNECTIONS} connections) | worst p99 ${fmt(e.uncachedWorstP99)} ms | ${yes(e.uncachedMet)} |`,
    )
    p(
      `| the same, one request at a time (1 connection) | worst p99 ${fmt(e.uncached1WorstP99)} ms | ${yes(e.uncached1Met)} |`,
    )
    p(`| server RSS < ${TARGETS.rssMb} MB under load | max ${fmt(e.maxRss)} MB over all runs | ${yes(e.rssMet)} |`)
    p(
      `| the same, cached runs only | max ${fmt(e.maxRssCached)} MB | ${yes(e.maxRssCached > 0 && e.maxRssCached < TARGETS.rssMb)} |`,
    )
    p(`| (for comparison: at rest after start, before any request) | ${fmt(db.server.idleRssMb)} MB | – |`)
    if (e.homeRatio !== null)
      p(
        `| \`/\` through the cache ≥ ${TARGETS.homeRatio * 100}% of bare req/s (same bytes) | ${fmt(e.homeRatio * 100, 1)}% | ${yes(e.homeRatio >= TARGETS.homeRatio)} |`,
      )
    p()
    if (db.statusProbe.bytes > 256 * 1024) {
      p(
        `Note: /api/v1/status is ${fmt(db.statusProbe.bytes / 1024 / 1024, 1)} MB here (it lists every active incident and maintenance: ${fmt(db.seed.unresolvedIncidents)} unresolved incidents and ${fmt((db.seed.maintenanceStatuses.upcoming ?? 0) + (db.seed.maintenanceStatuses.in_progress ?? 0))} active maintenances). At that size ${CONNECTIONS} connections move bytes, not requests: the bare server itself reaches p99 ${fmt(db.bare.p99)} ms, and the single-threaded load generator is the limit of both, so the ratio says little and p99 < ${TARGETS.statusP99} ms cannot be met by any server on this machine.`,
      )
      p()
    }
    if (db.explain) {
      p(
        `Statements behind the uncached requests (bench/explain.ts: the read model called in process; each statement timed alone, median of 5; plans in \`bench/results/explain-${db.dialect}.txt\`):`,
      )
      p()
      p('| Read-model call | total ms | statements (ms each) |')
      p('|---|---|---|')
      for (const c of db.explain) {
        const statements = c.error
          ? `failed: ${c.error}`
          : c.statements.map((st) => `${fmt(st.medianMs, 1)} ${summarize(st.sql)}`).join('; ')
        p(`| ${c.name.replace(/\|/g, '\\|')} | ${fmt(c.totalMs, 1)} | ${statements.replace(/\|/g, '\\|')} |`)
      }
      p()
    } else if (db.explainError) {
      p(`bench/explain.ts failed: ${db.explainError}`)
      p()
    }
    const uncached = db.runs?.filter((r) => r.kind === 'uncached' && !r.info && r.connections === CONNECTIONS) ?? []
    const slowest = uncached.reduce((m, r) => (!m || r.result.rps < m.result.rps ? r : m), null)
    p('What limits the targets not met:')
    p()
    p(
      `- Uncached at ${CONNECTIONS} connections: Next and Payload answer a miss on one thread, at most ORIGIN_CONCURRENCY at once, so a request waits for the ones ahead of it: the mean wait is at least connections ÷ throughput${slowest ? ` (${CONNECTIONS} ÷ ${fmt(slowest.result.rps)} req/s ≈ ${fmt((CONNECTIONS / slowest.result.rps) * 1000)} ms for the slowest list)` : ''}, whatever the p99 of one request alone (${fmt(e.uncached1WorstP99)} ms, the 1-connection rows). Below ${TARGETS.uncachedP99} ms would take ${fmt(CONNECTIONS / (TARGETS.uncachedP99 / 1000))} uncached requests a second on this machine.`,
    )
    p(
      `- RSS: the server holds ${fmt(db.server.idleRssMb)} MB at rest, before its first request: the modules of Next, Payload and the admin's dependencies, most of it JavaScript heap. Load adds the response cache (bounded by RESPONSE_CACHE_MAX_MB) and garbage V8 collects late on a machine with this much memory.`,
    )
    p()
  }
  const fanouts = dbs.filter((db) => db.notify)
  if (fanouts.length) {
    p('## Notification fan-out')
    p()
    p(
      "One incident created through the Local API; its hook records the notification and queues the delivery job; the notification runner's tick (as the service runs it) sends it through a pooled SMTP transport to an SMTP sink (smtp-server) in the same process, until every delivery has its outcome. Subscribers written straight into a fresh database (bench/notify.ts).",
    )
    p()
    p(
      '| Database | Subscribers | Messages | Duplicates | Total s | First message after s | Messages/s | SMTP connections | Status | Target: all within 60 s, none twice |',
    )
    p('|---|---|---|---|---|---|---|---|---|---|')
    for (const db of fanouts) {
      const n = db.notify
      const name = db.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
      if (n.error) {
        p(`| ${name} | failed: ${n.error} | | | | | | | | **not met** |`)
        continue
      }
      const met =
        n.messages === n.subscribers &&
        n.distinctRecipients === n.subscribers &&
        n.duplicates === 0 &&
        n.seconds <= TARGETS.notifySeconds
      p(
        `| ${name} | ${fmt(n.subscribers)} | ${fmt(n.messages)} | ${fmt(n.duplicates)} | ${fmt(n.seconds, 1)} | ${fmt(n.firstMessageAfterSeconds, 1)} | ${fmt(n.messagesPerSecond)} | ${n.smtpConnections} | ${n.status} | ${yes(met)} |`,
      )
    }
    p()
  }
  return lines.join('\n')
}

/** A short name for a statement: its verb, main table and the shape that matters. */
function summarize(sql) {
  const s = sql.toLowerCase()
  // The statement's own table: Payload aliases it with its own name; subqueries (SQLite's arrays) come first.
  const table = /from "([a-z_]+)" "\1"/.exec(s)?.[1] ?? /from "([a-z_]+)"/.exec(s)?.[1] ?? '?'
  if (/count\(/.test(s)) return `count ${table}${s.includes('join') ? ' (with joins)' : ''}`
  if (s.startsWith('select distinct')) return `ids of ${table} (with joins)`
  const bits = [`select ${table}`]
  if (/offset/.test(s)) bits.push('offset')
  if (/"id" in \(|"id" = any/.test(s)) bits.push('by ids')
  else if (/limit/.test(s)) bits.push('limit')
  return bits.join(' ')
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The small-body section (between its markers, so a run of other parts keeps it, and a run of this part alone
 * replaces only it).
 */
function smallReport(facts, small) {
  const lines = []
  const p = (s = '') => lines.push(s)
  p('## Per request: small bodies (the demo data)')
  p()
  p(
    `Run: ${facts.date}. Commit ${facts.commit}. Load average at start ${facts.loadavgAtStart}, at end ${facts.loadavgAtEnd ?? '–'}.`,
  )
  p()
  if (small.error) {
    p(`The run failed: ${small.error}`)
    return lines.join('\n')
  }
  const rows = Object.entries(small.seed.rows)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(', ')
  p(
    `The bodies a typical status page sends: the demo data (src/services/demo/seed-data.ts, written by the demo reset, bench/seed-demo.ts: ${rows}) on SQLite, served by \`npm start\` **with the public rate limit on** (\`RATE_LIMIT_PUBLIC_PER_MINUTE=${SMALL_BUDGET}\`: the limiter runs on every request and never refuses). Every request is a cache hit. Each row pits the service against a bare \`node:http\` server (bench/bare-server.mjs, its own process) sending the same status, headers and body the service sent (captured from a hit): ${SMALL_ROUNDS} pairs of ${SMALL_SLICE}-second runs, bare and service back to back in alternating order; the figures are the medians over the pairs, the ratio the median of the pairs' ratios. ${CONNECTIONS} connections, no Accept-Encoding (identity bodies on both sides).`,
  )
  p()
  p(
    '| Request | Status | Body bytes (identity / gzip) | Header bytes | bare req/s | service req/s | **service ÷ bare** | ratio of each pair | service p50 / p99 ms | bare p99 ms | Responses |',
  )
  p('|---|---|---|---|---|---|---|---|---|---|---|')
  for (const r of small.runs) {
    const codes =
      Object.entries(r.statusCodes)
        .map(([c, n]) => `${fmt(n)}× ${c}`)
        .join(', ') || 'none'
    p(
      `| ${r.label} | ${r.probe.status} (X-Cache: ${r.probe.xCache ?? 'absent'}) | ${fmt(r.probe.bytes)} / ${fmt(r.probe.gzipBytes ?? 0)} | ${fmt(r.probe.headerBytes)} | ${fmt(r.bareRps)} | ${fmt(r.serviceRps)} | **${fmt(r.ratio, 2)}** | ${r.ratios.map((x) => fmt(x, 2)).join(', ')} | ${fmt(r.serviceP50)} / ${fmt(r.serviceP99)} | ${fmt(r.bareP99)} | ${codes}${r.unexpected ? ` (**expected ${r.expect}**)` : ''} |`,
    )
  }
  p()
  if (small.runs.every((r) => r.cpuRatio !== undefined && !Number.isNaN(r.cpuRatio))) {
    p(
      `CPU time per request, in the same runs: the server process's user + system time (from /proc, all its threads) over the run, divided by the requests it answered. Requests per second fall with every other process that wants a core; the CPU a request costs moves much less, so on a loaded machine this is the ratio to read. **bare ÷ service**: 1 when a request costs the service what it costs the bare server.`,
    )
    p()
    p('| Request | bare CPU µs per request | service CPU µs per request | **bare ÷ service** | ratio of each pair |')
    p('|---|---|---|---|---|')
    for (const r of small.runs)
      p(
        `| ${r.label} | ${fmt(r.bareCpuMsPer1k)} | ${fmt(r.serviceCpuMsPer1k)} | **${fmt(r.cpuRatio, 2)}** | ${r.cpuRatios.map((x) => fmt(x, 2)).join(', ')} |`,
      )
    p()
  }
  if (small.profile && !small.profile.error) {
    const pr = small.profile
    p(
      `Where a hit's time goes (\`node --cpu-prof dist/server.mjs\`, the same data, ${CONNECTIONS} connections on \`/api/v1/status\` for ${DURATION} s; ${fmt(pr.busyMs)} ms of the main thread sampled busy — wall-clock samples, so on a loaded machine they include time the thread waited for a core; the whole summary in \`bench/results/profile-summary.txt\`, made by bench/cpuprofile-summary.mjs; findings in the project notes):`,
    )
    p()
    p('| Self time by package / area | ms | share |')
    p('|---|---|---|')
    for (const [name, ms] of pr.packages.slice(0, 10))
      p(`| ${name.replace(/\|/g, '\\|')} | ${fmt(ms)} | ${fmt((ms / pr.busyMs) * 100, 1)}% |`)
    p()
    p('| Self time by function (top 15) | ms | share |')
    p('|---|---|---|')
    for (const [name, ms] of pr.self.slice(0, 15))
      p(`| \`${name.replace(/\|/g, '\\|').replace(/\s+/g, ' ')}\` | ${fmt(ms)} | ${fmt((ms / pr.busyMs) * 100, 1)}% |`)
    p()
  } else if (small.profile?.error) {
    p(`The profile failed: ${small.profile.error}`)
    p()
  }
  return lines.join('\n')
}

const BLOCK = (name) => [`<!-- bench:${name} -->`, `<!-- /bench:${name} -->`]

function getBlock(text, name) {
  const [open, close] = BLOCK(name)
  const from = text.indexOf(open)
  const to = text.indexOf(close)
  return from >= 0 && to > from ? text.slice(from, to + close.length) : null
}

/** Puts `block` (with its markers) in place of the old one, or before the first `## ` section after the header. */
/** Replaces the block `name`, or puts it after the block `after` (when there is one), else before the first section. */
function setBlock(text, name, block, after) {
  const old = getBlock(text, name)
  if (old) return text.replace(old, block)
  const previous = after && getBlock(text, after)
  if (previous) return text.replace(previous, `${previous}\n\n${block}`)
  const at = text.indexOf('\n## ')
  return at >= 0 ? `${text.slice(0, at + 1)}${block}\n\n${text.slice(at + 1)}` : `${text}\n${block}\n`
}

function writeReport(facts, dbs, small, soak, pages, badges, metrics) {
  const previous = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : ''
  const ranBig = dbs.some((db) => db.runs || db.error || db.notify)
  // Only the small part ran: the rest of the last report stays as it was.
  let text = ranBig || !previous ? report(facts, dbs) + '\n' : previous
  const [open, close] = BLOCK('small')
  const block = small ? `${open}\n${smallReport(facts, small)}\n${close}` : getBlock(previous, 'small')
  if (block) text = setBlock(text, 'small', block)
  const [badgesOpen, badgesClose] = BLOCK('badges')
  const badgesBlock = badges
    ? `${badgesOpen}\n${badgesReport(facts, badges)}\n${badgesClose}`
    : getBlock(previous, 'badges')
  if (badgesBlock) text = setBlock(text, 'badges', badgesBlock, 'small')
  const [pagesOpen, pagesClose] = BLOCK('pages')
  const pagesBlock = pages ? `${pagesOpen}\n${pagesReport(pages)}\n${pagesClose}` : getBlock(previous, 'pages')
  if (pagesBlock) text = setBlock(text, 'pages', pagesBlock, badgesBlock ? 'badges' : 'small')
  const [metricsOpen, metricsClose] = BLOCK('metrics')
  const metricsBlock = metrics
    ? `${metricsOpen}\n${metricsReport(facts, metrics, { fmt, connections: CONNECTIONS })}\n${metricsClose}`
    : getBlock(previous, 'metrics')
  if (metricsBlock) text = setBlock(text, 'metrics', metricsBlock, pagesBlock ? 'pages' : 'small')
  // The storage of a year of points (npm run bench:metrics-storage writes it) stays right after the metrics section.
  const storageBlock = getBlock(previous, 'metrics-storage')
  if (storageBlock && !getBlock(text, 'metrics-storage'))
    text = setBlock(text, 'metrics-storage', storageBlock, metricsBlock ? 'metrics' : 'small')
  const [soakOpen, soakClose] = BLOCK('soak')
  const soakBlock = soak ? `${soakOpen}\n${soakReport(soak, fmt)}\n${soakClose}` : getBlock(previous, 'soak')
  if (soakBlock) text = setBlock(text, 'soak', soakBlock)
  // The notes (between the bench:notes markers) are written by hand, with the measurements behind them: kept as they are.
  // So are the uptime section (npm run bench:uptime writes it) and its hand-written reading, and the memory notes.
  for (const name of ['notes', 'uptime', 'uptime-notes', 'soak', 'memory-notes']) {
    const kept = getBlock(previous, name)
    if (kept && !getBlock(text, name)) text = `${text.trimEnd()}\n\n${kept}\n`
  }
  mkdirSync(path.dirname(REPORT), { recursive: true })
  writeFileSync(REPORT, text)
}

if (process.env.BENCH_REPORT_ONLY === '1') {
  // Rewrites the report from the last run's bench/results/results.json (after a change to this file's report).
  const { facts, dbs, small, soak, pages, badges, metrics } = JSON.parse(
    readFileSync(path.join(results, 'results.json'), 'utf8'),
  )
  writeReport(facts, dbs, small, soak, pages, badges, metrics)
  log(`rewrote ${path.relative(root, REPORT)} from bench/results/results.json`)
  process.exit(0)
}

const startedAt = Date.now()
const facts = machineFacts()
log(
  `${facts.nproc} cores, ${facts.memoryGb} GB, node ${facts.node}, load ${facts.loadavgAtStart}; parts: ${PARTS.join(', ')}; databases: ${DATABASES.join(', ')}`,
)
let small = null
if (PARTS.includes('small')) {
  try {
    small = await benchSmall()
  } catch (error) {
    log(`small: failed: ${error.message}`)
    small = { part: 'small', error: error.message }
  }
  if (!small.error && PARTS.includes('profile')) {
    try {
      small.profile = await benchProfile()
    } catch (error) {
      log(`profile: failed: ${error.message}`)
      small.profile = { error: error.message }
    }
  }
}
let badges = null
if (PARTS.includes('badges')) {
  try {
    badges = await benchBadges()
  } catch (error) {
    log(`badges: failed: ${error.message}`)
    badges = { part: 'badges', error: error.message }
  }
}
let pages = null
if (PARTS.includes('pages')) {
  try {
    pages = await benchPages()
  } catch (error) {
    log(`pages: failed: ${error.message}`)
    pages = { part: 'pages', error: error.message }
  }
}
let metrics = null
if (PARTS.includes('metrics')) {
  metrics = await benchMetrics(DATABASES, {
    log,
    results,
    secret: SECRET,
    startServer: (name, env) => freePort().then((port) => startServer(name, port, env)),
    getRaw,
    timedRead,
    captureResponse,
    againstBare,
    describeRun,
  })
}
let soak = null
if (PARTS.includes('soak')) {
  try {
    soak = await benchSoak({ results, secret: SECRET, log })
  } catch (error) {
    log(`soak: failed: ${error.message}`)
    soak = { error: error.message }
  }
}
const dbs = []
for (const dialect of PARTS.some((part) => part === 'read' || part === 'notify') ? DATABASES : []) {
  if (!URLS[dialect]) throw new Error(`unknown database ${dialect}`)
  let db = { dialect }
  if (PARTS.includes('read')) {
    try {
      db = await benchDatabase(dialect)
    } catch (error) {
      log(`${dialect}: failed: ${error.message}`)
      db = { dialect, error: error.message }
    }
  }
  if (PARTS.includes('notify')) {
    try {
      db.notify = await benchNotify(dialect)
    } catch (error) {
      log(`${dialect}: notification fan-out failed: ${error.message}`)
      db.notify = { error: error.message }
    }
  }
  dbs.push(db)
}
facts.minutes = ((Date.now() - startedAt) / 60000).toFixed(1)
facts.loadavgAtEnd = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ')
writeFileSync(
  path.join(results, 'results.json'),
  JSON.stringify({ facts, dbs, small, soak, pages, badges, metrics }, null, 2),
)
writeReport(facts, dbs, small, soak, pages, badges, metrics)
log(`wrote ${path.relative(root, REPORT)} and bench/results/results.json`)
process.exit(
  dbs.some((db) => db.error) ||
    small?.error ||
    soak?.error ||
    pages?.error ||
    badges?.error ||
    metrics?.databases.some((db) => db.error)
    ? 1
    : 0,
)
