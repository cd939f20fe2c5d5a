/**
 * The small data set of the per-request benchmark: the demo data (src/services/demo/seed-data.ts), written by the demo
 * reset itself (resetDemo) into a fresh database, so the bodies are the few kilobytes a typical status page sends.
 *
 *   DATABASE_URL=file:./bench/results/small/small.db PAYLOAD_SECRET=… \
 *     node --conditions=production --import tsx bench/seed-demo.ts
 *
 * The service that serves it afterwards runs without DEMO_MODE: the data stays as it is, and nothing resets it
 * in the middle of a run. The last line of output is `SEED_RESULT {json}` for bench/run.mjs.
 */
import { getPayload } from 'payload'

import { parseEnv } from '../src/config/env'
import { demoConfig } from '../src/demo/config'
import { resetDemo } from '../src/services/demo/reset'

import { freshDatabase } from './fresh-database'

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is required')
  // This process only writes the data: no background work of the service, and no demo schedule of its own.
  process.env.MAINTENANCE_TICK_MS = '0'
  process.env.NOTIFY_TICK_MS = '0'
  process.env.DEMO_MODE = 'false'
  await freshDatabase(url)
  const started = performance.now()
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  await resetDemo(payload, demoConfig(parseEnv({ ...process.env, DEMO_MODE: 'true' })), new Date(), { atStart: true })
  const rows: Record<string, number> = {}
  for (const collection of ['service-groups', 'services', 'incidents', 'maintenances', 'subscribers'] as const) {
    rows[collection] = (await payload.count({ collection, overrideAccess: true })).totalDocs
  }
  console.log(`SEED_RESULT ${JSON.stringify({ rows, totalMs: Math.round(performance.now() - started) })}`)
  await payload.destroy?.()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('Seeding the demo data failed:', error)
    process.exit(1)
  },
)
