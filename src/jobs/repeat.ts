/**
 * A named background loop in the service process: runs `task` every `intervalMs`, never two at once (a tick that
 * finds the previous one still running is skipped), unref'd so it never keeps a CLI or a test worker alive, and one
 * per name per process even when Payload initialises twice (Next's bundles): the timers hang off globalThis.
 */
const KEY = Symbol.for('statuspage.repeatingTasks')
type Holder = typeof globalThis & { [KEY]?: Map<string, ReturnType<typeof setInterval>> }

function timers(): Map<string, ReturnType<typeof setInterval>> {
  const holder = globalThis as Holder
  holder[KEY] ??= new Map()
  return holder[KEY]
}

export function stopRepeating(name: string): void {
  const timer = timers().get(name)
  if (timer) clearInterval(timer)
  timers().delete(name)
}

/** Starts (or restarts) the loop `name`; returns the interval in use, or 0 when it is off. */
export function repeat(name: string, intervalMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): number {
  stopRepeating(name)
  if (intervalMs <= 0 || process.env.NEXT_PHASE === 'phase-production-build') return 0
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    task()
      .catch(onError)
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  timers().set(name, timer)
  return intervalMs
}

/**
 * An interval from the environment: the variable when it is a number (0 turns the loop off), else the default,
 * except under the test runner (NODE_ENV=test), where the test files that want a loop ask for it, so unrelated
 * files see no background writes.
 */
export function intervalFromEnv(name: string, fallbackMs: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name]?.trim()
  if (raw) {
    const value = Number(raw)
    if (Number.isFinite(value) && value >= 0) return value
    console.warn(`${name} must be a number of milliseconds (0 to disable), got "${raw}"; using ${fallbackMs}`)
    return fallbackMs
  }
  return env.NODE_ENV === 'test' ? 0 : fallbackMs
}
