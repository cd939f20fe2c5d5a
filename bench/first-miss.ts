/**
 * The first `/api/v1/status` and `/` after a write, one at a time, on a seeded database: the route handlers called
 * in process with real Requests (no Next, no edge), the data version bumped before each request as a write would:
 * a write to a service (every in-memory memo stale) and, for those two, a write to an incident only (the service
 * list kept, src/runtime/data-version.ts). Also `/g/<slug>` (a group's bars) and `/api/v1/uptime?format=compact&limit=1000`.
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
/** What the write before each request touched: a service (every memo cold) or only an incident (the list kept). */
type Write = 'service' | 'incident'

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
  const status = await import('../src/app/api/v1/status/route')
  const home = await import('../src/app/(site)/route')
  const all: [string, Route, Record<string, string>, Write][] = [
    ['/api/v1/status', status, {}, 'service'],
    ['/', home, {}, 'service'],
    ['/api/v1/status', status, {}, 'incident'],
    ['/', home, {}, 'incident'],
    [`/g/${slug}`, await import('../src/app/(site)/g/[slug]/route'), { slug }, 'service'],
    ['/api/v1/uptime?format=compact&limit=1000', await import('../src/app/api/v1/uptime/route'), {}, 'service'],
    ['/api/v1/uptime?limit=1000', await import('../src/app/api/v1/uptime/route'), {}, 'service'],
  ]
  // FIRST_MISS_ONLY=/api/v1/status,/ times only those (a profile of the two the targets are about).
  const only = process.env.FIRST_MISS_ONLY?.split(',')
  const routes = (only ? all.filter(([path]) => only.includes(path)) : all).map(
    ([path, route, params, write]) => [`${path} ${write}`, path, route, params, write] as const,
  )
  const times = new Map<string, number[]>(routes.map(([key]) => [key, []]))
  // This process's CPU time per request too: on a shared machine it moves far less than the wall time.
  const cpu = new Map<string, number[]>(routes.map(([key]) => [key, []]))
  const sizes = new Map<string, { identity: number; gzip: number }>()
  // Each path's rounds together: interleaved, the multi-megabyte uptime bodies left garbage that the next path's
  // request paid for in collections, which a write followed by one page does not.
  for (const [key, path, route, params, write] of routes) {
    for (let round = 0; round <= rounds; round++) {
      // A write to an incident keeps the service list (src/runtime/data-version.ts); a write to a service does not.
      bumpDataVersion(false, { services: write === 'service' })
      const started = performance.now()
      const cpuBefore = process.cpuUsage()
      const response = await route.GET(new Request(`${BASE}${path}`), { params: Promise.resolve(params) })
      const body = Buffer.from(await response.arrayBuffer())
      const ms = performance.now() - started
      const used = process.cpuUsage(cpuBefore)
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.toString().slice(0, 300)}`)
      if (round === 0) sizes.set(key, { identity: body.length, gzip: gzipSync(body, { level: 6 }).length })
      else {
        // round 0 warms the modules
        times.get(key)!.push(ms)
        cpu.get(key)!.push((used.user + used.system) / 1000)
      }
    }
  }
  const result = routes.map(([key, path, , , write]) => {
    const t = times.get(key)!
    return {
      path,
      after: write,
      p50: Math.round(quantile(t, 0.5)),
      p99: Math.round(quantile(t, 0.99)),
      cpuP50: Math.round(quantile(cpu.get(key)!, 0.5)),
      ...sizes.get(key),
    }
  })
  for (const r of result)
    console.log(
      `${r.path} after a write to ${r.after === 'service' ? 'a service' : 'an incident'}: p50 ${r.p50} ms, p99 ${r.p99} ms, CPU p50 ${r.cpuP50} ms, ${r.identity} B (gzip ${r.gzip} B)`,
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
