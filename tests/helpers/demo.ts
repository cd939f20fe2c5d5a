/**
 * Demo mode's end-to-end files share this (tests/e2e/demo*.test.ts): its variables with resets seconds apart
 * (DEMO_RESET_INTERVAL_SECONDS, read by the test hooks that STATUSPAGE_TEST_HOOKS=1 preloads:
 * tests/helpers/server-test-hooks.mjs), the count of resets a server logged, and a reader that checks every answer
 * during resets is the whole demo data set.
 */
import { expect } from 'vitest'

import { call, type Started } from './service'

export const DEMO_EMAIL = 'demo@example.test'
export const DEMO_PASSWORD = 'demo-password-1234'
export const INTERVAL_SECONDS = 5

export const demoEnv = {
  DEMO_MODE: 'true',
  DEMO_USER_EMAIL: DEMO_EMAIL,
  DEMO_USER_PASSWORD: DEMO_PASSWORD,
  STATUSPAGE_TEST_HOOKS: '1',
  DEMO_RESET_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
  RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
}

export const resetsIn = (service: Started) =>
  service
    .output()
    .split('\n')
    .filter((line) => line.includes('Demo data reset at')).length

/**
 * Reads the public API (and the status page) of the given servers for `ms`, checking every answer is the whole demo
 * data set: never an empty or partial state. Returns how many reads it made.
 */
export async function readThroughResets(bases: string[], ms: number): Promise<number> {
  const deadline = Date.now() + ms
  let reads = 0
  while (Date.now() < deadline) {
    for (const base of bases) {
      const status = await call(`${base}/api/v1/status`)
      expect(status.status, status.text).toBe(200)
      const data = status.json().data
      const services = data.serviceGroups.flatMap((g: any) => g.services)
      expect([
        data.serviceGroups.length,
        services.length,
        data.activeIncidents.length,
        data.activeMaintenances.length,
      ]).toEqual([3, 6, 1, 2])
      expect(services.filter((s: any) => s.status === 'degraded').map((s: any) => s.name)).toEqual(['Webhooks'])
      expect(data.activeIncidents[0].affectedServices.map((s: any) => s.name)).toEqual(['Webhooks'])
      const incidents = await call(`${base}/api/v1/incidents?pretty=${reads}`) // a new URL: a fresh read each time
      expect(incidents.status, incidents.text).toBe(200)
      expect(
        incidents
          .json()
          .data.map((i: any) => i.updates.length)
          .sort(),
      ).toEqual([2, 2, 4])
      const home = await call(`${base}/`)
      expect(home.status).toBe(200)
      expect(home.text).toContain('Delayed webhook deliveries')
      reads += 3
    }
  }
  return reads
}
