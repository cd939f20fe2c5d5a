/**
 * Demo mode's rules: the reset interval, when the next reset is due, and the countdown as the contract shows it
 * ("12m 05s"). No framework here: the scheduler, GET /api/demo-status and the admin banner all use these.
 */

export const DEFAULT_RESET_INTERVAL_MINUTES = 60

/** Demo mode as the environment sets it (src/demo/config.ts reads it; the scheduler and the reset take it). */
export interface DemoConfig {
  enabled: boolean
  email: string
  password: string
  intervalMinutes: number
  intervalMs: number
  warnings: string[]
}

export interface Parsed<T> {
  value: T
  /** Set when the input was refused and the default used instead. */
  warning?: string
}

/** DEMO_RESET_INTERVAL_MINUTES: a whole number of minutes from 1 to a week; anything else falls back to 60. */
export function parseResetInterval(raw: string | undefined): Parsed<number> {
  if (raw === undefined || raw.trim() === '') return { value: DEFAULT_RESET_INTERVAL_MINUTES }
  const minutes = Number(raw.trim())
  if (Number.isInteger(minutes) && minutes >= 1 && minutes <= 7 * 24 * 60) return { value: minutes }
  return {
    value: DEFAULT_RESET_INTERVAL_MINUTES,
    warning: `DEMO_RESET_INTERVAL_MINUTES must be a whole number of minutes from 1 to 10080, got "${raw}"; using ${DEFAULT_RESET_INTERVAL_MINUTES}`,
  }
}

/** Remaining time as minutes and seconds, "12m 05s"; never negative. Minutes are not wrapped into hours. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(total / 60)}m ${String(total % 60).padStart(2, '0')}s`
}

/**
 * Whether an instance that starts now should reset. The contract reseeds at every start; when several instances
 * start together, the first one's reset (less than `graceMs` ago) stands for all of them.
 */
export function startupResetDue(lastResetAt: Date | null, now: Date, graceMs = 60_000): boolean {
  return lastResetAt === null || now.getTime() - lastResetAt.getTime() >= graceMs
}

/** The inverse of formatCountdown, for clients of GET /api/demo-status; null for anything else. */
export function parseCountdown(text: string): number | null {
  const match = /^(\d+)m (\d{2})s$/.exec(text)
  return match ? (Number(match[1]) * 60 + Number(match[2])) * 1000 : null
}
