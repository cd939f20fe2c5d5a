/** Times the uptime computation on the bench database, cold (a new minute each call): a development aid. */
import { getPayload } from 'payload'

import { uptimeTable } from '../src/public-api/uptime'

async function main(): Promise<void> {
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  for (let k = 1; k <= 4; k++) {
    const t = performance.now()
    const table = await uptimeTable(payload, new Date(Date.now() + k * 60_000))
    console.log(
      'cold ms',
      (performance.now() - t).toFixed(0),
      table.services.length,
      table.services.reduce((n, s) => n + s.days.reduce((m, d) => m + d.incidents.length, 0), 0),
    )
  }
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
