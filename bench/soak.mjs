/**
 * The soak of `npm run bench` (part `soak`): the server's memory at rest and under a long mixed load. The demo data
 * on SQLite, `npm start`, a few first requests (the public pages, the APIs, the admin's login page), then its RSS at
 * rest; then BENCH_SOAK_SECONDS (300) of mixed reads and writes at BENCH_SOAK_RATE requests per second (380): nine
 * public reads (the status, the services, the home page, an uncached read with a fresh query) for every write (a
 * service's description changed through the CMS API with an editor's API key, which invalidates the cached pages).
 * RSS is sampled from /proc every second; the peak and the level of the last minute are reported.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import autocannon from 'autocannon'

import { root, rssMb, seedDemoWithEditor, startService } from './server.mjs'

export const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300)
export const SOAK_RATE = Number(process.env.BENCH_SOAK_RATE ?? 380)

export async function benchSoak({ results, secret, log }) {
  const url = 'file:./bench/results/soak/soak.db'
  const env = { DATABASE_URL: url, PAYLOAD_SECRET: secret }
  log('soak: seeding the demo data (bench/seed-demo.ts)…')
  const key = await seedDemoWithEditor(env, results, 'soak')
  const server = await startService({
    env: { ...env, RATE_LIMIT_PUBLIC_PER_MINUTE: '0', RATE_LIMIT_CMS_PER_MINUTE: '0' },
    log,
    logFile: path.join(results, 'server-soak.log'),
  })
  const base = `http://127.0.0.1:${server.port}`
  try {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
    const out = { seconds: SOAK_SECONDS, rate: SOAK_RATE, command: scripts.start, afterStartMb: rssMb(server.pid) }
    const auth = { authorization: `users API-Key ${key}`, 'content-type': 'application/json' }
    const services = (await (await fetch(`${base}/api/services?limit=100&depth=0`, { headers: auth })).json()).docs.map(
      (doc) => doc.id,
    )
    for (const first of ['/', '/api/v1/status', '/api/v1/services', '/history', '/admin/login', '/api/health'])
      await (await fetch(`${base}${first}`)).arrayBuffer()
    await sleep(5000)
    out.restMb = rssMb(server.pid)
    log(
      `soak: RSS ${out.afterStartMb.toFixed(0)} MB after start, ${out.restMb.toFixed(0)} MB at rest after the first requests; ${SOAK_SECONDS} s at ${SOAK_RATE} req/s…`,
    )

    let n = 0
    const reads = [
      '/api/v1/status',
      '/api/v1/services',
      '/',
      '/api/v1/status',
      '/api/v1/incidents',
      '/',
      '/api/v1/status',
      () => `/api/v1/services?soak=${n}`,
      '/api/v1/status',
    ]
    const requests = [
      ...reads.map((target) => ({
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: typeof target === 'function' ? target() : target }),
      })),
      {
        method: 'PATCH',
        headers: auth,
        setupRequest: (req) => {
          n += 1
          return {
            ...req,
            path: `/api/services/${services[n % services.length]}`,
            body: JSON.stringify({ description: `Soak ${n}` }),
          }
        },
      },
    ]
    const samples = []
    const sampler = setInterval(() => samples.push(rssMb(server.pid) ?? 0), 1000)
    let result
    try {
      result = await autocannon({
        url: base,
        connections: 10,
        overallRate: SOAK_RATE,
        duration: SOAK_SECONDS,
        requests,
      })
    } finally {
      clearInterval(sampler)
    }
    const lastMinute = samples.slice(-60)
    Object.assign(out, {
      peakMb: Math.max(...samples),
      lastMinuteMb: [Math.min(...lastMinute), Math.max(...lastMinute)],
      total: result.requests.total,
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors,
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
      ),
    })
    await sleep(5000)
    out.afterMb = rssMb(server.pid)
    log(
      `soak: peak ${out.peakMb.toFixed(0)} MB, last minute ${out.lastMinuteMb.map((x) => x.toFixed(0)).join('–')} MB, ${out.afterMb.toFixed(0)} MB 5 s after; ${out.total} requests, ${JSON.stringify(out.statusCodes)}`,
    )
    return out
  } finally {
    await server.stop()
  }
}

/** The report's soak section. */
export function soakReport(soak, fmt) {
  if (soak.error) return `## Memory: at rest and over a soak\n\nThe soak failed: ${soak.error}`
  return [
    '## Memory: at rest and over a soak',
    '',
    `Memory of the one server process (RSS from /proc; \`npm start\`, which runs \`${soak.command ?? 'node scripts/start.mjs'}\`; the demo data on SQLite): ${fmt(soak.afterStartMb)} MB once it answers /api/health, **${fmt(soak.restMb)} MB at rest** after the first requests (the public pages, the APIs, the admin's login page). Then ${fmt(soak.seconds)} s of mixed load at ${fmt(soak.rate)} requests/s (nine public reads, one of them uncached, for every write through the CMS API): **peak ${fmt(soak.peakMb)} MB**, ${fmt(soak.lastMinuteMb[0])}–${fmt(soak.lastMinuteMb[1])} MB over the last minute, ${fmt(soak.afterMb)} MB 5 s after; ${fmt(soak.total)} requests (${Object.entries(
      soak.statusCodes,
    )
      .map(([c, k]) => `${fmt(k)}× ${c}`)
      .join(', ')}${soak.errors ? `, ${soak.errors} errors` : ''}), p99 ${fmt(soak.p99)} ms.`,
  ].join('\n')
}
