#!/usr/bin/env node
/**
 * `npm run bench:lb`: requests per second of one instance and of two behind nginx, on the small body of a cached
 * /api/v1/status (the demo data), with a bare node:http baseline in the same run. Writes its table into
 * docs/deployment.md (between the `bench:lb` markers) and everything else into bench/results/lb/.
 *
 * The deployment of docs/deployment.md, on loopback: one PostgreSQL database (BENCH_LB_POSTGRES_URL, dropped and
 * recreated, seeded with the demo data by bench/seed-demo.ts), a Redis server of its own (redis-server on a free
 * port), two instances (`npm start`) with REDIS_URL, TRUSTED_PROXIES=127.0.0.1 and a shared PAYLOAD_SECRET, and nginx
 * (tests/helpers/nginx.ts: the configuration the load-balancer test uses) in front. The rate limit is on, with a
 * budget no run spends, so every request pays for the shared budget in Redis as in production.
 *
 * Rows, in pairs of short runs with the bare server (alternating order, medians over the pairs, as the small-body
 * rows of `npm run bench`): bare node:http; an instance without Redis (its rate budget in memory: what the shared
 * budget costs); one instance direct; nginx → bare (what nginx itself costs here); nginx → one instance; nginx → two
 * instances.
 *
 * BENCH_LB_REPORT_ONLY=1 rewrites the table from the last run's results, running nothing.
 * Environment: BENCH_CONNECTIONS=50, BENCH_LB_ROUNDS=3, BENCH_LB_SECONDS=5, BENCH_LB_POSTGRES_URL
 * (default postgres://postgres@127.0.0.1:5432/statuspage_bench_lb), BENCH_LB_REPORT=docs/deployment.md.
 * Runs under tsx (the npm script), for the TypeScript helpers it shares with the tests.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import autocannon from 'autocannon'

import { startNginx } from '../tests/helpers/nginx.ts'
import { startRedis } from '../tests/helpers/redis-server.ts'
import { freePort, median, root, runNode, startBare, startService } from './server.mjs'

const results = path.join(root, 'bench', 'results', 'lb')
mkdirSync(results, { recursive: true })
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ROUNDS = Number(process.env.BENCH_LB_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_LB_SECONDS ?? 5)
const DATABASE_URL = process.env.BENCH_LB_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/statuspage_bench_lb'
const SECRET = process.env.BENCH_PAYLOAD_SECRET ?? 'bench-only-secret-7f3a9c2e5b8d41f6'
const REPORT = path.resolve(root, process.env.BENCH_LB_REPORT ?? 'docs/deployment.md')

const log = (...args) => console.log(`[bench:lb ${new Date().toISOString().slice(11, 19)}]`, ...args)

/** `npm start` as one instance of the deployment; its output goes to bench/results/lb/server-<name>.log. */
function startInstance(name, env) {
  return startService({ env, log, logFile: path.join(results, `server-${name}.log`) }).then((service) => ({
    ...service,
    name,
  }))
}

async function load(port, urlPath) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections: CONNECTIONS,
    duration: SECONDS,
  })
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
  }
}

const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '–'
    : Number(n).toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })

function report(facts, out) {
  const lines = []
  const p = (s = '') => lines.push(s)
  p(
    `Measured by \`npm run bench:lb\` (bench/lb.mjs) on ${facts.date}, commit ${facts.commit}: ${facts.nproc} cores (${facts.cpu}), node ${facts.node}, nginx ${out.nginxVersion}; load average ${facts.loadStart} at start, ${facts.loadEnd} at end. Cached \`GET /api/v1/status\` of the demo data (${fmt(out.probe.bytes)}-byte body), the rate limit on with its budget in Redis, ${CONNECTIONS} connections; ${ROUNDS} pairs of ${SECONDS}-second runs per row, each against a bare \`node:http\` server sending the same status, headers and body right before or after it; medians over the pairs.`,
  )
  p()
  p(
    '| Path of a request | req/s | bare node:http req/s (same pairs) | ÷ bare | ratio of each pair | p50 / p99 ms | Responses |',
  )
  p('|---|---|---|---|---|---|---|')
  for (const row of out.rows) {
    const codes = Object.entries(row.statusCodes)
      .map(([c, n]) => `${fmt(n)}× ${c}`)
      .join(', ')
    p(
      `| ${row.label} | ${fmt(row.rps)} | ${fmt(row.bareRps)} | **${fmt(row.ratio, 2)}** | ${row.pairs.map((pair) => fmt(pair.target.rps / pair.bare.rps, 2)).join(', ')} | ${fmt(row.p50)} / ${fmt(row.p99)} | ${codes}${row.errors ? `; ${fmt(row.errors)} errors` : ''} |`,
    )
  }
  p()
  p(
    `Every row has its own bare baseline, measured in the same pairs: compare the ratios, not the req/s of different rows. Everything here shares ${facts.nproc} cores: autocannon, nginx, the instances, Redis and the bare server, and other work on the machine. Two instances on ${facts.nproc} cores cannot double one instance's rate, as they would on two machines; what the table shows is what the balancer and the shared Redis cost per request, and that the instances share the load. On real hardware, add instances until the balancer or Redis is the limit.`,
  )
  return lines.join('\n')
}

function writeReport(text) {
  const open = '<!-- bench:lb -->'
  const close = '<!-- /bench:lb -->'
  const previous = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : ''
  const block = `${open}\n${text}\n${close}`
  const from = previous.indexOf(open)
  const to = previous.indexOf(close)
  const next =
    from >= 0 && to > from
      ? previous.slice(0, from) + block + previous.slice(to + close.length)
      : `${previous}\n${block}\n`
  writeFileSync(REPORT, next)
}

async function main() {
  if (process.env.BENCH_LB_REPORT_ONLY === '1') {
    // Rewrites the table from the last run's bench/results/lb/results.json (after a change to this file's report).
    const { facts, ...out } = JSON.parse(readFileSync(path.join(results, 'results.json'), 'utf8'))
    out.rows = out.rows.filter((row) => row.pairs)
    writeReport(report(facts, out))
    return
  }
  const { spawnSync } = await import('node:child_process')
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim()
  const facts = {
    date: new Date().toISOString(),
    commit: git || 'unknown',
    nproc: spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || String(os.cpus().length),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadStart: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  }
  const nginxVersion =
    (spawnSync(process.env.NGINX_BIN ?? '/usr/sbin/nginx', ['-v'], { encoding: 'utf8' }).stderr.match(/nginx\/(\S+)/) ??
      [])[1] ?? '?'
  const stops = []
  try {
    log('seeding the demo data into PostgreSQL (bench/seed-demo.ts)…')
    await runNode(
      ['--conditions=production', '--import', 'tsx', 'bench/seed-demo.ts'],
      { DATABASE_URL, PAYLOAD_SECRET: SECRET },
      path.join(results, 'seed.log'),
    )
    const redis = await startRedis(await freePort())
    stops.push(() => redis.stop())
    const nginxPort = await freePort()
    const env = {
      DATABASE_URL,
      PAYLOAD_SECRET: SECRET,
      REDIS_URL: redis.url,
      TRUSTED_PROXIES: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000000',
    }
    log('starting two instances (npm start; builds first when the sources changed)…')
    const one = await startInstance('one', env)
    stops.push(() => one.stop())
    const two = await startInstance('two', env)
    stops.push(() => two.stop())
    // The same service without Redis (rate budget in its own memory): what the shared budget costs per request.
    const solo = await startInstance('solo', { ...env, REDIS_URL: '' })
    stops.push(() => solo.stop())

    // What a hit sends (identity, as autocannon asks), for the bare server to send the same.
    const url = `http://127.0.0.1:${one.port}/api/v1/status`
    await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()
    const hit = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
    const body = Buffer.from(await hit.arrayBuffer())
    const bodyFile = path.join(results, 'status.body')
    const headFile = path.join(results, 'status.head.json')
    writeFileSync(bodyFile, body)
    writeFileSync(headFile, JSON.stringify({ status: hit.status, headers: Object.fromEntries(hit.headers) }, null, 2))
    const bare = await startBare({ bodyFile, headFile })
    stops.push(() => bare.stop())

    const nginxTwo = await startNginx({ port: nginxPort, upstreams: [one.address, two.address] })
    stops.push(() => nginxTwo.stop())
    const nginxOne = await startNginx({ port: await freePort(), upstreams: [one.address] })
    stops.push(() => nginxOne.stop())
    const nginxBare = await startNginx({ port: await freePort(), upstreams: [bare.address] })
    stops.push(() => nginxBare.stop())
    for (const port of [two.port, solo.port, nginxTwo.port, nginxOne.port])
      await (await fetch(`http://127.0.0.1:${port}/api/v1/status`)).arrayBuffer()

    const targets = [
      { label: 'one instance without Redis (rate budget in memory), direct', port: solo.port },
      { label: 'one instance, direct', port: one.port },
      { label: 'nginx → bare node:http (the balancer alone)', port: nginxBare.port },
      { label: 'nginx → one instance', port: nginxOne.port },
      { label: 'nginx → two instances', port: nginxTwo.port },
    ]
    const rows = []
    for (const target of targets) {
      const pairs = []
      for (let round = 0; round < ROUNDS; round++) {
        await sleep(300)
        const first = round % 2 === 0 ? await load(bare.port, '/') : await load(target.port, '/api/v1/status')
        await sleep(300)
        const second = round % 2 === 0 ? await load(target.port, '/api/v1/status') : await load(bare.port, '/')
        const [b, t] = round % 2 === 0 ? [first, second] : [second, first]
        pairs.push({ bare: b, target: t })
      }
      const statusCodes = {}
      for (const pair of pairs)
        for (const [code, n] of Object.entries(pair.target.statusCodes))
          statusCodes[code] = (statusCodes[code] ?? 0) + n
      const row = {
        label: target.label,
        rps: median(pairs.map((pair) => pair.target.rps)),
        bareRps: median(pairs.map((pair) => pair.bare.rps)),
        ratio: median(pairs.map((pair) => pair.target.rps / pair.bare.rps)),
        p50: median(pairs.map((pair) => pair.target.p50)),
        p99: median(pairs.map((pair) => pair.target.p99)),
        errors: pairs.reduce((n, pair) => n + pair.target.errors, 0),
        statusCodes,
        pairs,
      }
      rows.push(row)
      log(`${row.label}: ${Math.round(row.rps)} req/s, bare ${Math.round(row.bareRps)}: ${row.ratio.toFixed(2)}`)
    }
    facts.loadEnd = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')
    const out = { nginxVersion, probe: { status: hit.status, bytes: body.length }, rows }
    writeFileSync(path.join(results, 'results.json'), JSON.stringify({ facts, ...out }, null, 2))
    writeReport(report(facts, out))
    log(`wrote ${path.relative(root, REPORT)} and bench/results/lb/results.json`)
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {})
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
