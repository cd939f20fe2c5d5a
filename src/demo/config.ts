/**
 * Demo mode's configuration from the environment: DEMO_MODE=true turns it on; DEMO_USER_EMAIL and
 * DEMO_USER_PASSWORD are the account every visitor shares; DEMO_RESET_INTERVAL_MINUTES (default 60) how often
 * everything is wiped and seeded again.
 */
import { type Env, env } from '@/config/env'
import type { DemoConfig } from '@/domain/demo'
import { testHooks } from '@/runtime/test-hooks'

export function demoConfig(settings: Env = env()): DemoConfig {
  const interval = settings.DEMO_RESET_INTERVAL_MINUTES
  const warnings = interval.warning ? [interval.warning] : []
  // The e2e tests reset seconds apart (src/runtime/test-hooks.ts); production has only minutes.
  const intervalMs = testHooks().demoResetIntervalMs ?? interval.value * 60_000
  return {
    enabled: settings.DEMO_MODE,
    email: settings.DEMO_USER_EMAIL,
    password: settings.DEMO_USER_PASSWORD,
    intervalMinutes: interval.value,
    intervalMs,
    warnings,
  }
}
