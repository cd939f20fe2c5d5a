/**
 * Demo mode on two instances of the built server (`npm start`) sharing PostgreSQL: together they reset once per
 * interval, and readers of either never see a half-reset site. Resets are seconds apart here (tests/helpers/demo.ts).
 */
import { afterAll, describe, expect, it } from 'vitest'

import { demoEnv, INTERVAL_SECONDS, readThroughResets, resetsIn } from '../helpers/demo'
import { dropPostgres, postgresEnv, type Started, startService, stopServices } from '../helpers/service'

const started: Started[] = []

afterAll(async () => {
  stopServices()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  for (const service of started) await dropPostgres(service.env.DATABASE_URL)
})

async function start(env: Record<string, string>): Promise<Started> {
  const service = await startService(env)
  started.push(service)
  return service
}

describe('demo mode on two instances sharing PostgreSQL', () => {
  it('resets once per interval in all, and readers of either never see a half-reset site', async () => {
    const env = { ...(await postgresEnv('demo_')), ...demoEnv }
    const one = await start(env)
    const two = await start(env)
    const windowMs = 4 * INTERVAL_SECONDS * 1000
    const before = resetsIn(one) + resetsIn(two)
    await readThroughResets([one.base, two.base], windowMs)
    const resets = resetsIn(one) + resetsIn(two) - before
    // One per interval: about 4 in the window, where one per instance would be about 8.
    expect(resets).toBeGreaterThanOrEqual(3)
    expect(resets).toBeLessThanOrEqual(5)
  })
})
