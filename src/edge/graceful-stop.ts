/**
 * The shutdown on SIGTERM and SIGINT (server.ts; docs/deployment.md, "Stopping and rolling restarts"): the listener
 * closes at once (a balancer's next connection goes to another instance), every response from then on, and every
 * one under way that has not started, says `Connection: close`, idle keep-alive connections end at their
 * keep-alive timeout (5 s) unless a last request comes first, and the requests under way get SHUTDOWN_GRACE_MS to
 * finish while the background loops end their runs. Then whatever is
 * still open is cut, the closers run (Redis, the database pool, src/runtime/shutdown.ts) and the process exits 0. A
 * second signal a second or more after the first exits at once (sooner, it is the same Ctrl-C forwarded by npm).
 */
import type { Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'

import { beginShutdown, isStopping } from '@/runtime/shutdown'

export interface GracefulStopOptions {
  /** The listeners, public first: the loopback's private one closes after the requests it serves have ended. */
  servers: Server[]
  graceMs: number
  /** Background work to end, waited for alongside the requests (the loops, src/runtime/repeat.ts). */
  stopWork: () => Promise<void>
  /** After the last request: connections to close (Redis, the database). */
  close: () => Promise<void>
  log?: (line: string) => void
  exit?: (code: number) => void
}

/** Repeated signals closer together than this are one (npm forwards the Ctrl-C that the process also received). */
const SAME_SIGNAL_MS = 1000
/** How long the closers may take after the grace period before the process gives up on them. */
const CLOSE_BUDGET_MS = 5000

export interface GracefulStop {
  /** Call on every request: counts the response as under way until it closes, and asks for a close once stopping. */
  track(res: ServerResponse): void
  stop(reason: string): Promise<void>
}

export function gracefulStop({
  servers,
  graceMs,
  stopWork,
  close,
  log = console.log,
  exit = process.exit,
}: GracefulStopOptions): GracefulStop {
  const underWay = new Set<ServerResponse>()
  let stopping: Promise<void> | undefined

  const closed = (server: Server) =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))

  async function run(reason: string): Promise<void> {
    beginShutdown()
    log(`${reason}: stopping; requests under way have ${graceMs} ms to finish`)
    for (const res of underWay) if (!res.headersSent) res.shouldKeepAlive = false
    const [publicServer, ...internal] = servers
    // net.Server's close, not http.Server's: since Node 19 that one also drops the idle keep-alive connections at
    // once, and a client (nginx) may be sending a request on one at that very moment, a POST it then cannot retry.
    // An idle connection ends after its next response (Connection: close) or at the keep-alive timeout.
    const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(publicServer, () => resolve()))
    let graceTimer: NodeJS.Timeout | undefined
    const grace = new Promise<'late'>((resolve) => (graceTimer = setTimeout(() => resolve('late'), graceMs)))
    const late = (await Promise.race([Promise.all([drained, stopWork()]), grace])) === 'late'
    clearTimeout(graceTimer)
    if (late)
      log(`stopping: ${underWay.size} request(s) still under way after ${graceMs} ms; closing their connections`)
    for (const server of servers) server.closeAllConnections()
    await Promise.all(internal.map(closed))
    const budget = setTimeout(() => {
      log('stopping: the connections did not close in time; exiting anyway')
      exit(1)
    }, CLOSE_BUDGET_MS)
    budget.unref()
    await close()
    clearTimeout(budget)
    log('stopped')
    exit(0)
  }

  let firstSignalAt = 0
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!firstSignalAt) {
        firstSignalAt = Date.now()
        void stop(signal)
      } else if (Date.now() - firstSignalAt >= SAME_SIGNAL_MS) {
        log(`${signal} again: exiting now`)
        exit(signal === 'SIGINT' ? 130 : 143)
      }
    })
  }

  function stop(reason: string): Promise<void> {
    stopping ??= run(reason)
    return stopping
  }

  return {
    track(res) {
      if (isStopping()) res.shouldKeepAlive = false
      underWay.add(res)
      res.once('close', () => underWay.delete(res))
    },
    stop,
  }
}
