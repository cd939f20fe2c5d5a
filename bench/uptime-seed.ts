/**
 * The history for `npm run bench:uptime` (bench/uptime.mjs), on a database bench/seed.ts has seeded: every service
 * created 91 days ago, with about 20 status changes a month over the last 90 days (spells of degraded, partial,
 * major or maintenance, each back to operational, the last ending in the service's current status), written
 * straight into service_status_changes in batches. Then times the uptime computation itself, cold (a new minute
 * each time, so the in-process memo never answers), and prints `UPTIME_SEED_RESULT {json}`.
 */
import { getPayload } from 'payload'

import type { ServiceStatus } from '../src/domain/statuses'
import { uptimeTable } from '../src/public-api/uptime'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const CHANGES_PER_MONTH = Number(process.env.BENCH_UPTIME_CHANGES_PER_MONTH ?? 20)

function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(16)
const SPELL_STATUSES: ServiceStatus[] = ['degraded', 'degraded', 'partial', 'partial', 'major', 'maintenance']

async function main(): Promise<void> {
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  const adapter = payload.db as unknown as { drizzle: any; tables: Record<string, any> }
  const t = adapter.tables
  const now = Date.now()
  const created = new Date(now - 91 * DAY).toISOString()
  const started = performance.now()
  await adapter.drizzle.update(t.services).set({ createdAt: created })
  const services: { id: number; status: ServiceStatus }[] = await adapter.drizzle
    .select({ id: t.services.id, status: t.services.status })
    .from(t.services)
  const rows: Record<string, unknown>[] = []
  const spells = Math.round((CHANGES_PER_MONTH * 3) / 2)
  for (const service of services) {
    rows.push({ service: service.id, fromStatus: null, toStatus: 'operational', at: created, source: 'initial' })
    // Spell starts spread over the window, each lasting 5 minutes to 3 hours.
    const starts = Array.from({ length: spells }, () => now - 90 * DAY + Math.floor(random() * 90 * DAY)).sort(
      (a, b) => a - b,
    )
    let free = now - 90 * DAY
    let last: ServiceStatus = 'operational'
    for (const [index, start] of starts.entries()) {
      const begin = Math.max(start, free + MINUTE)
      const end = begin + 5 * MINUTE + Math.floor(random() * 175 * MINUTE)
      if (end >= now - MINUTE) break
      const status = SPELL_STATUSES[Math.floor(random() * SPELL_STATUSES.length)]
      rows.push({
        service: service.id,
        fromStatus: 'operational',
        toStatus: status,
        at: new Date(begin).toISOString(),
        source: index % 3 ? 'incident' : 'manual',
      })
      rows.push({
        service: service.id,
        fromStatus: status,
        toStatus: 'operational',
        at: new Date(end).toISOString(),
        source: 'manual',
      })
      free = end
      last = 'operational'
    }
    if (service.status !== last)
      rows.push({
        service: service.id,
        fromStatus: last,
        toStatus: service.status,
        at: new Date(now - 30 * MINUTE).toISOString(),
        source: 'manual',
      })
  }
  for (let i = 0; i < rows.length; i += 500)
    await adapter.drizzle.insert(t.service_status_changes).values(rows.slice(i, i + 500))
  const insertMs = performance.now() - started

  // Cold: each call is for another minute, so the memo never answers.
  const coldMs: number[] = []
  for (let k = 1; k <= 5; k++) {
    const t0 = performance.now()
    const table = await uptimeTable(payload, new Date(now + k * MINUTE))
    coldMs.push(performance.now() - t0)
    if (table.services.length !== services.length)
      throw new Error(`uptime for ${table.services.length} of ${services.length} services`)
  }
  console.log(
    `UPTIME_SEED_RESULT ${JSON.stringify({ services: services.length, historyRows: rows.length, insertMs, coldMs })}`,
  )
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
