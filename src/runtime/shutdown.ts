/**
 * The process's way out (server.ts, on SIGTERM or SIGINT): whether it is stopping, and what must be closed once the
 * last request is answered. The code inside Next registers its closers here (the database pool, the login
 * throttle's Redis connection), since server.ts cannot reach Payload; the background loops look at `isStopping` to
 * end their run early and hand the rest of their work to a job another instance takes.
 */
import { peekSlot, slot } from './state'

export interface ShutdownState {
  stopping: boolean
  /** Each with a name for the log; one per thing opened (two Payload initialisations open two pools). */
  closers: { name: string; close: () => Promise<unknown> | unknown }[]
}

declare module './state' {
  interface RuntimeSlots {
    /** Whether the process is stopping, and its closers. */
    shutdown: ShutdownState
  }
}

const state = () => slot('shutdown', (): ShutdownState => ({ stopping: false, closers: [] }))

export const isStopping = (): boolean => peekSlot('shutdown')?.stopping ?? false

export function beginShutdown(): void {
  state().stopping = true
}

/** Runs `closer` when the process stops, after the last request. */
export function onShutdown(name: string, close: () => Promise<unknown> | unknown): void {
  state().closers.push({ name, close })
}

/** Runs every closer, newest first (what was opened last may depend on what was opened before); reports failures. */
export async function runClosers(report: (name: string, error: unknown) => void): Promise<void> {
  const closers = state().closers.splice(0).reverse()
  for (const { name, close } of closers) {
    try {
      await close()
    } catch (error) {
      report(name, error)
    }
  }
}
