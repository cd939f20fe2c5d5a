/**
 * The first `/api/v1/status` and `/` after a write, one at a time, on a seeded database: the route handlers called
 * in process with real Requests (no Next, no edge), the data version bumped before each pair as a write would, so
 * every in-memory memo is stale. Also `/g/<slug>` (a group's bars) and `/api/v1/uptime?format=compact&limit=1000`.
 *
 *   DATABASE_URL=… PAYLOAD_SECRET=… node --conditions=production --import tsx bench/first-miss.ts [rounds]
 *
 * FIRST_MISS_ONLY=/api/v1/status,/ limits it to those paths (for a profile: add --cpu-prof).
 *
 * Prints p50/p99 in ms per path (and the p50 of this process's CPU time per request), body sizes (identity and gzip); the last line is `FIRST_MISS_RESULT {json}`.
 */
import { gzipSync } from 'node:zlib'
import os from 'node:os'

import { bumpDataVersion } from '../src/runtime/data-version'

type Route = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

const BASE = 'http://127.0.0.1:3000'
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]

async function main(rounds: number): Promise<void> {
  process.env.MAINTENANCE_TICK_MS = '0'
  const { getPayload } = await import('payload')
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  const group = await payload.find({ collection: 'service-groups', limit: 1, depth: 0, sort: 'displayOrder' })
  const slug = group.docs[0]?.slug ?? 'none'
  const all: [string, Route, Record<string, string>][] = [
    ['/api/v1/status', await import('../src/app/api/v1/status/route'), {}],
    ['/', await import('../src/app/(site)/route'), {}],
    [`/g/${slug}`, await import('../src/app/(site)/g/[slug]/route'), { slug }],
    ['/api/v1/uptime?format=compact&limit=1000', await import('../src/app/api/v1/uptime/route'), {}],
    ['/api/v1/uptime?limit=1000', await import('../src/app/api/v1/uptime/route'), {}],
  ]
  // FIRST_MISS_ONLY=/api/v1/status,/ times only those (a profile of the two the targets are about).
  const only = process.env.FIRST_MISS_ONLY?.split(',')
  const routes = only ? all.filter(([path]) => only.includes(path)) : all
  const times = new Map<string, number[]>(routes.map(([path]) => [path, []]))
  // This process's CPU time per request too: on a shared machine it moves far less than the wall time.
  const cpu = new Map<string, number[]>(routes.map(([path]) => [path, []]))
  const sizes = new Map<string, { identity: number; gzip: number }>()
  for (let round = 0; round <= rounds; round++) {
    for (const [path, route, params] of routes) {
      bumpDataVersion()
      const started = performance.now()
      const cpuBefore = process.cpuUsage()
      const response = await route.GET(new Request(`${BASE}${path}`), { params: Promise.resolve(params) })
      const body = Buffer.from(await response.arrayBuffer())
      const ms = performance.now() - started
      const used = process.cpuUsage(cpuBefore)
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.toString().slice(0, 300)}`)
      if (round === 0) sizes.set(path, { identity: body.length, gzip: gzipSync(body, { level: 6 }).length })
      else {
        // round 0 warms the modules
        times.get(path)!.push(ms)
        cpu.get(path)!.push((used.user + used.system) / 1000)
      }
    }
  }
  const result = routes.map(([path]) => {
    const t = times.get(path)!
    return {
      path,
      p50: Math.round(quantile(t, 0.5)),
      p99: Math.round(quantile(t, 0.99)),
      cpuP50: Math.round(quantile(cpu.get(path)!, 0.5)),
      ...sizes.get(path),
    }
  })
  for (const r of result)
    console.log(
      `${r.path}: p50 ${r.p50} ms, p99 ${r.p99} ms, CPU p50 ${r.cpuP50} ms, ${r.identity} B (gzip ${r.gzip} B)`,
    )
  console.log(
    `FIRST_MISS_RESULT ${JSON.stringify({ rounds, loadavg: os.loadavg().map((n) => Number(n.toFixed(2))), result })}`,
  )
}

main(Number(process.argv[2] ?? 20)).then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
