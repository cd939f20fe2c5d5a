/**
 * A gate in front of every request, for work that must not be seen half done: the demo reset. `exclusively(work)`
 * closes the gate (new requests wait in the edge), lets the requests already inside finish, runs the work, and
 * opens the gate again. Readers see the data before or after, never during: on SQLite, where Payload runs without
 * transactions, this is what makes the reset atomic; on PostgreSQL it also keeps a page from mixing the two sides
 * of the commit across its several queries.
 *
 * Shared between server.ts (the edge) and the code running inside Next (the demo scheduler): it lives in the
 * runtime state (src/runtime/state.ts).
 */
import { slot } from './state'

export interface GateState {
  closed: Promise<void> | null
  inside: number
  onEmpty: (() => void) | null
}

let shared: GateState | undefined


function state(): GateState {
  shared ??= slot('requestGate', () => ({ closed: null, inside: 0, onEmpty: null }))
  return shared
}

/** For the edge: null when the gate is open (the hot path stays synchronous), else what to wait for. */
export function whileClosed(): Promise<void> | null {
  return state().closed
}

/**
 * For the edge, once the gate is open: counts a request in. Call `leave()` once when it ends (the edge does it at
 * once for a response sent synchronously, on its 'close' otherwise, with one shared listener).
 */
export function arrive(): void {
  state().inside += 1
}

export function leave(): void {
  const gate = state()
  gate.inside -= 1
  if (gate.inside === 0) gate.onEmpty?.()
}

/** `arrive()` with its `leave` as a function that may be called more than once. */
export function enter(): () => void {
  arrive()
  let left = false
  return () => {
    if (left) return
    left = true
    leave()
  }
}

/**
 * Runs `work` with no request inside and none let in. Requests inside when it is called get `drainMs` to finish;
 * one that takes longer (a slow upload) does not hold the work back for ever.
 */
export async function exclusively<T>(work: () => Promise<T>, drainMs = 5000): Promise<T> {
  const gate = state()
  while (gate.closed) await gate.closed
  let open!: () => void
  gate.closed = new Promise<void>((resolve) => (open = resolve))
  try {
    if (gate.inside > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs)
        gate.onEmpty = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
    return await work()
  } finally {
    gate.onEmpty = null
    gate.closed = null
    open()
  }
}
