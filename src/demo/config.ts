/**
 * Demo mode's configuration from the environment: DEMO_MODE=true turns it on; DEMO_USER_EMAIL and
 * DEMO_USER_PASSWORD are the account every visitor shares; DEMO_RESET_INTERVAL_MINUTES (default 60) how often
 * everything is wiped and seeded again.
 */
import { parseResetInterval } from '../domain/demo'

/** Set on the demo reset's writes: the demo user's guard lets them through. */
export const DEMO_RESET = 'demoReset'

export interface DemoConfig {
  enabled: boolean
  email: string
  password: string
  intervalMinutes: number
  intervalMs: number
  warnings: string[]
}

export function demoConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const interval = parseResetInterval(env.DEMO_RESET_INTERVAL_MINUTES)
  const warnings = interval.warning ? [interval.warning] : []
  let intervalMs = interval.value * 60_000
  // Tests only: resets seconds apart (STATUSPAGE_TEST_HOOKS=1, as the edge's test hooks).
  const testSeconds = Number(env.DEMO_RESET_INTERVAL_SECONDS)
  if (env.STATUSPAGE_TEST_HOOKS === '1' && Number.isFinite(testSeconds) && testSeconds > 0) intervalMs = testSeconds * 1000
  return {
    enabled: env.DEMO_MODE?.trim().toLowerCase() === 'true',
    email: (env.DEMO_USER_EMAIL?.trim() || 'demo@example.com').toLowerCase(),
    password: env.DEMO_USER_PASSWORD || 'demo-password',
    intervalMinutes: interval.value,
    intervalMs,
    warnings,
  }
}
