#!/usr/bin/env node
/**
 * `npm run bench:uptime`: the uptime bars and /api/v1/uptime on a large history. Seeds the large data set
 * (bench/seed.ts: 1,000 services in 50 groups, 100,000 incidents, 5,000 maintenances), then 90 days of status history
 * for every service (bench/uptime-seed.ts: about 20 changes per service per month), times the first requests after a
 * write with their body sizes, identity and gzip (bench/first-miss.ts), serves it with the built server (`npm start`)
 * and loads `/api/v1/uptime?limit=1000` (full and compact) and `/` with autocannon: uncached at one connection (every request
 * carries credentials, so the response cache passes it to Next, as in bench/run.mjs) and through the cache at 50,
 * beside a bare node:http server (bench/bare-server.mjs) sending the same bodies in the same run. Writes the
 * "Uptime" section of docs/benchmarks.md (between its markers) and bench/results/uptime-<db>.json.
 *
 * Environment: BENCH_DATABASES=sqlite[,postgres]  BENCH_DURATION=10 (seconds per run)  BENCH_CONNECTIONS=50
 *              BENCH_UPTIME_CONNECTIONS=1,50 (the connection counts to run)
 *              BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/statuspage_bench_uptime; recreated)
 *              BENCH_REPORT_ONLY=1 (rewrite the section from bench/results/uptime-<db>.json, run nothing)
 *              BENCH_SIZES_30=0 (skip the body sizes at 30 services, a small data set seeded for them)
 *              BENCH_SKIP_SEED=1 (reuse the databases of the last run; the history's dates then lag by the time since)
 * Not a test: nothing fails on a missed target; the report says which were met.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'

import autocannon from 'autocannon'

import { cpuMs, freePort, median, root, runNode, startBare, startService } from './server.mjs'

const results = path.join(root, 'bench', 'results')
mkdirSync(path.join(results, 'uptime'), { recursive: true })

const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** Which connection counts to run: one (the time of a request on its own) and CONNECTIONS, or as listed. */
const CONNECTION_SET = (process.env.BENCH_UPTIME_CONNECTIONS ?? `1,${CONNECTIONS}`).split(',').map(Number)
const SECRET = 'bench-only-secret-uptime-5c1e9a7f'
const URLS = {
  sqlite: 'file:./bench/results/uptime/uptime.db',
  postgres: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/statuspage_bench_uptime',
}
const TARGET_UNCACHED_MS = 300
const REPORT = path.join(root, 'docs', 'benchmarks.md')
const log = (...args) => console.log(`[bench:uptime ${new Date().toISOString().slice(11, 19)}]`, ...args)

/** `npm start` on `port` with the bench's settings (bench/server.mjs builds first when the sources changed). */
function startServer(dialect, port) {
  const env = {
    DATABASE_URL: URLS[dialect],
    PAYLOAD_SECRET: SECRET,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    MAINTENANCE_TICK_MS: '0',
  }
  return startService({ env, port, logFile: path.join(results, 'uptime', `server-${dialect}.log`), log })
}

let counter = 0
/** One autocannon run; with `pid`, also the CPU that process spent per response (µs, all its threads). */
async function load(port, pathOf, { headers = {}, connections, duration = DURATION, pid }) {
  const cpuBefore = pid ? cpuMs(pid) : null
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf(counter++) }) }],
  })
  const cpuAfter = pid ? cpuMs(pid) : null
  return {
    cpuUs:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
        : null,
    loadavg: os.loadavg()[0],
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
  }
}

const UNCACHED = { authorization: 'Bearer bench-uncached' }
/** Cached runs: this many pairs of the bare server and the service back to back, alternating which goes first. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5)
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 4)
/** A run of each side before the pairs, not counted: the service's first seconds on a body ran slower (see docs). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)

/**
 * The bare server and the service's cached answer in PAIRS alternating pairs, after a warm-up of each: one run of
 * each would compare two moments of a shared machine. Each side is the run with the median rate; the ratio is the
 * median of the pairs'. `bare` and `service`: the two servers ({ port, pid }).
 */
async function pairs(bare, service, p, { connections, headers }) {
  for (const side of [bare, service])
    if (WARMUP_SECONDS > 0) await load(side.port, () => p, { connections, headers, duration: WARMUP_SECONDS })
  const runs = []
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 === 0 ? ['bare', 'cached'] : ['cached', 'bare']
    const pair = {}
    for (const side of order) {
      const { port, pid } = side === 'bare' ? bare : service
      pair[side] = await load(port, () => p, { connections, headers, duration: PAIR_SECONDS, pid })
    }
    runs.push(pair)
  }
  const middle = (side) => {
    const sorted = [...runs].sort((a, b) => a[side].rps - b[side].rps)
    return sorted[Math.floor(sorted.length / 2)][side]
  }
  return {
    bare: middle('bare'),
    cached: {
      ...middle('cached'),
      ratio: median(runs.map((r) => (r.bare.rps > 0 ? r.cached.rps / r.bare.rps : 0))),
      // The CPU per response of each side, over all its runs: steadier than the rates, which follow the client's.
      cpuUs: median(runs.map((r) => r.cached.cpuUs ?? 0)),
      bareCpuUs: median(runs.map((r) => r.bare.cpuUs ?? 0)),
    },
  }
}
/** Every service in one page (the API pages 50 by default), in both formats. */
const UPTIME_PAGE = '/api/v1/uptime?limit=1000'
const COMPACT_PAGE = '/api/v1/uptime?limit=1000&format=compact'
const bust = (p, n) => `${p}${p.includes('?') ? '&' : '?'}_=${n}`
/** Each cached body is measured as sent without compression and as its gzip copy (what browsers ask for). */
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? 'identity,gzip').split(',')

/** A GET whose body is kept as sent (no decompression). */
function rawGet(port, p, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, headers }, (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

/** Waits until the server answers a health check within 100 ms: the work an uncached run left behind is done. */
async function drained(port) {
  const until = Date.now() + 120_000
  while (Date.now() < until) {
    const started = performance.now()
    await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)
    if (performance.now() - started < 100) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function benchDatabase(dialect) {
  const out = { dialect }
  const saved = path.join(results, 'uptime', `seeded-${dialect}.json`)
  if (process.env.BENCH_SKIP_SEED === '1' && existsSync(saved)) {
    Object.assign(out, JSON.parse(readFileSync(saved, 'utf8')), { reused: true })
    log(`${dialect}: reusing the database seeded by the last run`)
  } else {
    log(`${dialect}: seeding the large data set (bench/seed.ts)…`)
    const seedOutput = await runNode(
      ['--conditions=production', '--import', 'tsx', 'bench/seed.ts', '--fresh'],
      { DATABASE_URL: URLS[dialect], PAYLOAD_SECRET: SECRET },
      path.join(results, 'uptime', `seed-${dialect}.log`),
    )
    out.seed = JSON.parse(
      seedOutput
        .split('\n')
        .find((l) => l.startsWith('SEED_RESULT '))
        .slice('SEED_RESULT '.length),
    )
    delete out.seed.sampleShortIds
    log(`${dialect}: seeding the history (bench/uptime-seed.ts)…`)
    const historyOutput = await runNode(
      ['--conditions=production', '--import', 'tsx', 'bench/uptime-seed.ts'],
      { DATABASE_URL: URLS[dialect], PAYLOAD_SECRET: SECRET, MAINTENANCE_TICK_MS: '0' },
      path.join(results, 'uptime', `history-${dialect}.log`),
    )
    out.history = JSON.parse(
      historyOutput
        .split('\n')
        .find((l) => l.startsWith('UPTIME_SEED_RESULT '))
        .slice('UPTIME_SEED_RESULT '.length),
    )
    writeFileSync(saved, JSON.stringify({ seed: out.seed, history: out.history }))
  }
  log(
    `${dialect}: ${out.history.historyRows} history rows; cold computation ${out.history.coldMs.map((n) => n.toFixed(0)).join(', ')} ms`,
  )
  // The first /api/v1/status, / and /g/<slug> after a write, and each body's size (identity and gzip): bench/first-miss.ts.
  log(`${dialect}: the first requests after a write (bench/first-miss.ts)…`)
  const missOutput = await runNode(
    ['--conditions=production', '--import', 'tsx', 'bench/first-miss.ts', '20'],
    { DATABASE_URL: URLS[dialect], PAYLOAD_SECRET: SECRET, MAINTENANCE_TICK_MS: '0', NODE_ENV: 'production' },
    path.join(results, 'uptime', `first-miss-${dialect}.log`),
  )
  out.firstMiss = JSON.parse(
    missOutput
      .split('\n')
      .find((l) => l.startsWith('FIRST_MISS_RESULT '))
      .slice('FIRST_MISS_RESULT '.length),
  )

  const port = await freePort()
  log(`${dialect}: starting the server on ${port} (builds first when the sources changed)…`)
  const server = await startServer(dialect, port)
  try {
    // The first requests after the start: the memo is empty, so each computes the whole table.
    out.first = {}
    for (const [key, p] of [
      ['uptime', UPTIME_PAGE],
      ['home', '/'],
    ]) {
      const t0 = performance.now()
      const response = await fetch(`http://127.0.0.1:${port}${bust(p, 'first')}`, { headers: UNCACHED })
      const body = Buffer.from(await response.arrayBuffer())
      out.first[key] = { status: response.status, ms: performance.now() - t0, bytes: body.length }
    }
    const bodies = {}
    for (const [key, p] of [
      ['uptime', UPTIME_PAGE],
      ['compact', COMPACT_PAGE],
      ['home', '/'],
    ]) {
      await fetch(`http://127.0.0.1:${port}${p}`)
      // Each encoding as the cache sends it (raw bytes: fetch would decompress), for the bare server to send the same.
      for (const encoding of ENCODINGS) {
        const { status, headers, body } = await rawGet(
          port,
          p,
          encoding === 'gzip' ? { 'accept-encoding': 'gzip' } : {},
        )
        const name = `${key}-${encoding}`
        bodies[name] = {
          file: path.join(results, 'uptime', `${name}.body`),
          head: path.join(results, 'uptime', `${name}.head.json`),
          bytes: body.length,
          gzipBytes: encoding === 'gzip' ? body.length : gzipSync(body, { level: 6 }).length,
          contentEncoding: headers['content-encoding'] ?? 'identity',
          xCache: headers['x-cache'],
        }
        writeFileSync(bodies[name].file, body)
        writeFileSync(bodies[name].head, JSON.stringify({ status, headers }))
      }
    }
    out.bodies = Object.fromEntries(
      Object.entries(bodies)
        .filter(([k]) => k.endsWith('-identity'))
        .map(([k, v]) => [
          k.replace(/-identity$/, ''),
          { bytes: v.bytes, gzipBytes: bodies[k.replace(/identity$/, 'gzip')].bytes, xCache: v.xCache },
        ]),
    )
    out.runs = []
    for (const [key, label, p] of [
      ['uptime', `\`${UPTIME_PAGE}\``, UPTIME_PAGE],
      ['compact', `\`${COMPACT_PAGE}\``, COMPACT_PAGE],
      ['home', '`/` (the status page)', '/'],
    ]) {
      for (const encoding of ENCODINGS) {
        const name = `${key}-${encoding}`
        const headers = encoding === 'gzip' ? { 'accept-encoding': 'gzip' } : {}
        const bare = await startBare({ bodyFile: bodies[name].file, headFile: bodies[name].head })
        try {
          for (const connections of CONNECTION_SET) {
            log(
              `${dialect}: ${p} (${encoding}) at ${connections} connection(s): bare, cached${encoding === 'identity' ? ', uncached' : ''}…`,
            )
            const { bare: bareRun, cached } = await pairs(bare, server, p, { connections, headers })
            // Uncached last, then a wait for the requests it left running: Next goes on rendering what the load sent
            // after autocannon closed its connections, and a cached run after it would measure that backlog.
            const uncached =
              encoding === 'identity' ? await load(port, (n) => bust(p, n), { headers: UNCACHED, connections }) : null
            if (uncached) await drained(port)
            out.runs.push({ key, label, encoding, connections, bare: bareRun, uncached, cached })
          }
        } finally {
          await bare.stop()
        }
      }
    }
  } finally {
    await server.stop()
  }
  writeFileSync(path.join(results, `uptime-${dialect}.json`), JSON.stringify(out, null, 2))
  return out
}

/**
 * The same bodies at 30 services (3 groups, 300 incidents, 15 maintenances, the same history per service), SQLite:
 * what a typical page sends, beside the 1,000-service figures. Kept in bench/results/uptime-sizes30.json.
 */
async function sizesAt30() {
  const saved = path.join(results, 'uptime-sizes30.json')
  if (process.env.BENCH_REPORT_ONLY === '1' && existsSync(saved)) return JSON.parse(readFileSync(saved, 'utf8'))
  const env = {
    DATABASE_URL: 'file:./bench/results/uptime/uptime-30.db',
    PAYLOAD_SECRET: SECRET,
    MAINTENANCE_TICK_MS: '0',
    BENCH_GROUPS: '3',
    BENCH_SERVICES: '30',
    BENCH_INCIDENTS: '300',
    BENCH_MAINTENANCES: '15',
  }
  log('30 services: seeding (bench/seed.ts, bench/uptime-seed.ts) and reading the bodies (bench/first-miss.ts)…')
  const tsx = ['--conditions=production', '--import', 'tsx']
  await runNode([...tsx, 'bench/seed.ts', '--fresh'], env, path.join(results, 'uptime', 'seed-30.log'))
  await runNode([...tsx, 'bench/uptime-seed.ts'], env, path.join(results, 'uptime', 'history-30.log'))
  const output = await runNode(
    [...tsx, 'bench/first-miss.ts', '1'],
    { ...env, NODE_ENV: 'production' },
    path.join(results, 'uptime', 'first-miss-30.log'),
  )
  const measured = JSON.parse(
    output
      .split('\n')
      .find((l) => l.startsWith('FIRST_MISS_RESULT '))
      .slice('FIRST_MISS_RESULT '.length),
  )
  const sizes = measured.result.filter((r) => r.after !== 'incident' && !r.path.startsWith('/g/'))
  writeFileSync(saved, JSON.stringify(sizes, null, 2))
  return sizes
}

const fmt = (n, digits = 0) =>
  n === undefined || n === null
    ? '–'
    : Number(n).toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const codes = (c) =>
  Object.entries(c)
    .map(([code, n]) => `${fmt(n)}× ${code}`)
    .join(', ')

function section(runs, facts, sizes30) {
  const lines = ['<!-- bench:uptime -->', '## Uptime: `/api/v1/uptime` and the bars on `/`', '']
  lines.push(
    `Run: ${facts.date}, by \`npm run bench:uptime\` (bench/uptime.mjs). Commit ${facts.commit}. Load average at start ${facts.loadStart}, at end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(
        ' ',
      )}. Cached rows: after a ${WARMUP_SECONDS}-second warm-up of each, ${PAIRS} pairs of ${PAIR_SECONDS}-second runs of the bare server and the cache back to back, alternating which goes first (the rates of the median runs, the median of the pairs' ratios, and the median CPU time each server process spent per response, all its threads, from /proc); uncached rows (identity only): ${DURATION}-second runs after them, then a wait until the server is idle again. Each body without compression and as its gzip copy (\`Accept-Encoding: gzip\`; the bare server sends the same bytes and headers).`,
  )
  lines.push('')
  if (sizes30)
    lines.push(
      `Body sizes at 30 services (identity / gzip level 6; bench/seed.ts with 3 groups, 30 services, 300 incidents, SQLite): ${sizes30.map((r) => `\`${r.path}\` ${fmt(r.identity)} / ${fmt(r.gzip)} bytes`).join('; ')}. At 1,000 services: below, per database.`,
      '',
    )
  for (const out of runs) {
    lines.push(`### ${out.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, '')
    lines.push(
      `Data: bench/seed.ts (${fmt(out.seed.rows?.services ?? 1000)} services, ${fmt(out.seed.rows?.incidents ?? 0)} incidents), then bench/uptime-seed.ts: every service created 91 days ago, **${fmt(out.history.historyRows)} history rows** over the last 90 days (about 20 changes per service per month).`,
    )
    lines.push('')
    lines.push(
      `- The computation alone (in process, cold: a new minute each time, so the memo never answers): ${out.history.coldMs.map((n) => fmt(n)).join(', ')} ms.`,
    )
    lines.push(
      `- First requests after the start (cold memo, uncached): \`${UPTIME_PAGE}\` ${fmt(out.first.uptime.ms)} ms (${fmt(out.first.uptime.bytes)} bytes), \`/\` ${fmt(out.first.home.ms)} ms (${fmt(out.first.home.bytes)} bytes).`,
    )
    lines.push(
      `- Bodies through the cache (identity / gzip level 6): ${Object.entries(out.bodies)
        .map(([k, b]) => `${k} ${fmt(b.bytes)} / ${fmt(b.gzipBytes)} bytes (X-Cache: ${b.xCache})`)
        .join(', ')}.`,
    )
    if (out.firstMiss) {
      lines.push(
        `- The first request after a write (bench/first-miss.ts: the route in process, every memo cold after a write to a service, ${out.firstMiss.rounds} rounds; load average ${out.firstMiss.loadavg.join(' ')}): ${out.firstMiss.result.map((r) => `\`${r.path}\`${r.after === 'incident' ? ' after a write to an incident only' : ''} p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms, this process's CPU p50 ${fmt(r.cpuP50)} ms (${fmt(r.identity)} / ${fmt(r.gzip)} bytes)`).join('; ')}.`,
      )
    }
    lines.push('')
    lines.push(
      '| Request | Encoding | Connections | bare req/s | bare p50 / p99 ms | cached req/s | cached p50 / p99 ms | **cached ÷ bare** | CPU µs per response, bare / cached | uncached req/s | **uncached p50 / p99 ms** | Responses (cached; uncached) | load average (1 min) |',
    )
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    const cpu = (r) => (r.cached.cpuUs ? `${fmt(r.cached.bareCpuUs)} / ${fmt(r.cached.cpuUs)}` : '–')
    // A run in which no response completed has no latency: "none" rather than 0.
    const lat = (run) => (run.total > 0 ? `${fmt(run.p50)} / ${fmt(run.p99)}` : 'none completed')
    const ratio = (r) => r.cached.ratio ?? (r.bare.rps > 0 ? r.cached.rps / r.bare.rps : null)
    for (const r of out.runs) {
      const u = r.uncached
      lines.push(
        `| ${r.label} | ${r.encoding ?? 'identity'} | ${r.connections} | ${fmt(r.bare.rps, 1)} | ${lat(r.bare)} | ${fmt(r.cached.rps, 1)} | ${lat(r.cached)} | **${ratio(r) === null ? '–' : fmt(ratio(r), 2)}** | ${cpu(r)} | ${u ? fmt(u.rps, 1) : '–'} | ${u ? `**${lat(u)}**` : '–'} | ${codes(r.cached.statusCodes) || 'none'}; ${u ? codes(u.statusCodes) || 'none' : '–'} | ${fmt(r.cached.loadavg, 1)} |`,
      )
    }
    const below = out.runs.filter((r) => (ratio(r) ?? 0) < 0.9)
    lines.push('')
    lines.push(
      `Cached at ≥ 0.9 of the bare server: ${out.runs.length - below.length} of ${out.runs.length} rows${below.length ? `; below: ${below.map((r) => `${r.label} ${r.encoding ?? 'identity'} at ${r.connections} (${fmt(ratio(r), 2)})`).join(', ')}` : ''}.`,
    )
    const one = out.runs.filter((r) => r.connections === 1 && r.uncached)
    const verdict = (r) =>
      r.uncached.total === 0
        ? 'not measured (no response within the run)'
        : r.uncached.p50 < TARGET_UNCACHED_MS
          ? `met, ${fmt(r.uncached.p50)} ms`
          : `missed, ${fmt(r.uncached.p50)} ms`
    lines.push('')
    lines.push(
      `Target (uncached under ${TARGET_UNCACHED_MS} ms at one connection, p50): ${one.map((r) => `${r.label} **${verdict(r)}**`).join('; ')}.`,
    )
    lines.push('')
  }
  lines.push(
    'Uncached requests in the same minute and data version share one computation of the table (src/public-api/uptime.ts): the uncached rows measure the route (services, incidents, rendering, ETag) over that memo; the cold figures above are what the first request of a minute after a write pays on top.',
  )
  lines.push('<!-- /bench:uptime -->')
  return lines.join('\n')
}

async function main() {
  const facts = {
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
    loadStart: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  }
  const runs = []
  if (process.env.BENCH_REPORT_ONLY === '1')
    for (const dialect of DATABASES)
      runs.push(JSON.parse(readFileSync(path.join(results, `uptime-${dialect}.json`), 'utf8')))
  else for (const dialect of DATABASES) runs.push(await benchDatabase(dialect))
  const sizes30 = process.env.BENCH_SIZES_30 === '0' ? null : await sizesAt30()
  const text = section(runs, facts, sizes30)
  const report = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Benchmarks\n'
  const marked = /<!-- bench:uptime -->[\s\S]*?<!-- \/bench:uptime -->/
  writeFileSync(REPORT, marked.test(report) ? report.replace(marked, text) : `${report.trimEnd()}\n\n${text}\n`)
  console.log(text)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
