/**
 * The data of the several-pages benchmark (docs/pages.md): 10 pages of 100 services each (one group per page),
 * written through Payload's Local API into a fresh database, beside the default page that shows all 1,000.
 *
 *   DATABASE_URL=file:./bench/results/pages/pages.db PAYLOAD_SECRET=… \
 *     node --conditions=production --import tsx bench/seed-pages.ts
 *
 * Page n answers on `page-<n>.bench.test`. The last line of output is `SEED_RESULT {json}` for bench/run.mjs.
 */
import { getPayload } from 'payload'

import { freshDatabase } from './fresh-database'

const PAGES = 10
const SERVICES_PER_PAGE = 100

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is required')
  process.env.MAINTENANCE_TICK_MS = '0'
  process.env.NOTIFY_TICK_MS = '0'
  await freshDatabase(url)
  const started = performance.now()
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  const hosts: string[] = []
  for (let n = 1; n <= PAGES; n++) {
    const group = await payload.create({
      collection: 'service-groups',
      data: { name: `Product ${n}`, displayOrder: n },
      overrideAccess: true,
    })
    for (let s = 1; s <= SERVICES_PER_PAGE; s++)
      await payload.create({
        collection: 'services',
        data: { name: `Product ${n} service ${s}`, group: group.id, displayOrder: s, status: 'operational' },
        overrideAccess: true,
      })
    const host = `page-${n}.bench.test`
    await payload.create({
      collection: 'pages',
      data: { name: `Product ${n} status`, slug: `product-${n}`, hosts: [{ host }], sections: [{ group: group.id }] },
      overrideAccess: true,
    })
    hosts.push(host)
  }
  console.log(
    `SEED_RESULT ${JSON.stringify({ pages: PAGES, servicesPerPage: SERVICES_PER_PAGE, hosts, totalMs: Math.round(performance.now() - started) })}`,
  )
  await payload.destroy?.()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('Seeding the pages failed:', error)
    process.exit(1)
  },
)
