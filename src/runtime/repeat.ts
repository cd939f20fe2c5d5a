/**
 * A named background loop in the service process: runs `task` every `intervalMs`, never two at once (a tick that
 * finds the previous one still running is skipped), unref'd so it never keeps a CLI or a test worker alive, and one
 * per name per process even when Payload initialises twice (Next's bundles): the timers live in the runtime state.
 */
import { type Env, env, isBuildPhase } from '@/config/env'

import { isStopping } from './shutdown'
import { slot } from './state'

declare module './state' {
  interface RuntimeSlots {
    /** The background loops, one per name. */
    repeatingTasks: Map<string, ReturnType<typeof setInterval>>
    /** The loops' runs under way, so that a shutdown can wait for them. */
    runningTasks: Map<string, Promise<unknown>>
  }
}

const timers = () => slot('repeatingTasks', () => new Map())
const runs = () => slot('runningTasks', () => new Map())

export function stopRepeating(name: string): void {
  const timer = timers().get(name)
  if (timer) clearInterval(timer)
  timers().delete(name)
}

/**
 * The shutdown's step (server.ts): no loop starts another run, and this resolves when the runs under way have ended
 * (they look at `isStopping` and end early, src/notify/deliver.ts).
 */
export async function stopAllRepeating(): Promise<void> {
  for (const name of [...timers().keys()]) stopRepeating(name)
  await Promise.all(runs().values())
}

/** Starts (or restarts) the loop `name`; returns the interval in use, or 0 when it is off. */
export function repeat(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): number {
  stopRepeating(name)
  if (intervalMs <= 0 || isBuildPhase()) return 0
  const timer = setInterval(() => {
    if (runs().has(name) || isStopping()) return
    const run = task()
      .catch(onError)
      .finally(() => runs().delete(name))
    runs().set(name, run)
  }, intervalMs)
  timer.unref()
  timers().set(name, timer)
  return intervalMs
}

/**
 * A loop's interval: the configured value when set (0 turns the loop off), else the default, except under the test
 * runner (NODE_ENV=test), where the test files that want a loop ask for it, so unrelated files see no background
 * writes.
 */
export function loopInterval(configured: number | undefined, fallbackMs: number, settings: Env = env()): number {
  if (configured !== undefined) return configured
  return settings.NODE_ENV === 'test' ? 0 : fallbackMs
}
