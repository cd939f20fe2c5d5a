/**
 * A gate in front of Next, for work that must not be seen half done: the demo reset. `exclusively(work)` closes the
 * gate (new requests for Next wait in the edge), lets the requests already at Next finish, runs the work, and opens
 * the gate again. The edge answers from its copies meanwhile (src/edge/response-cache.ts): only what needs Next
 * waits.
 *
 * Public reads go through `readConsistently`: a read the reset overlapped (it was under way when the gate closed,
 * the drain gave up on it, or it was a cache miss computed over the loopback) is thrown away and made again after
 * the gate opened, so no copy, no visitor and no static mirror gets a page read from half-reset data. A reset that
 * could not undo its failure (SQLite, where Payload runs without transactions) leaves the gate unsettled: no public
 * read is made until an exclusive work succeeds, and the edge serves the copies it has.
 *
 * Shared between server.ts (the edge) and the code running inside Next (the demo scheduler): it lives in the
 * runtime state (src/runtime/state.ts).
 */
import { slot } from './state'

export interface GateState {
  closed: Promise<void> | null
  inside: number
  onEmpty: (() => void) | null
  /** Counts the closings: a read that saw it change overlapped an exclusive work. */
  generation: number
  /**
   * An exclusive work failed and left its changes made (no transaction to roll back): no public read is made until
   * one succeeds.
   */
  unsettled: boolean
}

declare module './state' {
  interface RuntimeSlots {
    /** The gate the demo reset closes. */
    requestGate: GateState
  }
}

let shared: GateState | undefined

function state(): GateState {
  shared ??= slot('requestGate', () => ({ closed: null, inside: 0, onEmpty: null, generation: 0, unsettled: false }))
  return shared
}

/** For the edge: null when the gate is open (the hot path stays synchronous), else what to wait for. */
export function whileClosed(): Promise<void> | null {
  return state().closed
}

/** True while public data must not be read: an exclusive work runs, or one failed halfway. The edge serves copies. */
export function holdsReads(): boolean {
  const gate = state()
  return gate.closed !== null || gate.unsettled
}

/**
 * For the edge, once the gate is open: counts a request in. Call `leave()` once when it ends (the edge does it when
 * Next has finished the response).
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

/** Thrown by `readConsistently` while the gate is unsettled: the edge answers from its copies, or 503. */
export class ReadsHeldError extends Error {
  constructor() {
    super('public data is being reset; no fresh copy can be made until the reset succeeds')
    this.name = 'ReadsHeldError'
  }
}

/**
 * Runs `read` (a GET of public data through Next) when the gate is open, counted in, and again when an exclusive
 * work began while it ran: its answer may mix both sides. Throws ReadsHeldError while the gate is unsettled.
 */
export async function readConsistently<T>(read: () => Promise<T>): Promise<T> {
  const gate = state()
  for (;;) {
    // A reset running after a failed one may settle the data: wait for it as for any.
    if (gate.closed) {
      await gate.closed
      continue
    }
    if (gate.unsettled) throw new ReadsHeldError()
    const generation = gate.generation
    const out = enter()
    let result: T
    try {
      result = await read()
    } finally {
      out()
    }
    if (gate.generation === generation && !gate.unsettled) return result
  }
}

export interface ExclusiveOptions {
  /**
   * How long the requests at Next when the gate closes get to finish; one that takes longer does not hold the work
   * back for ever (its public reads are made again, see readConsistently). Default 5 s.
   */
  drainMs?: number
  /** Whether a failure of `work` left its changes made; then the gate stays unsettled until a work succeeds. */
  failureLeavesChanges?: () => boolean
}

/** Runs `work` with no request let in to Next, and once the requests at Next have left or `drainMs` passed. */
export async function exclusively<T>(
  work: () => Promise<T>,
  { drainMs = 5000, failureLeavesChanges = () => false }: ExclusiveOptions = {},
): Promise<T> {
  const gate = state()
  while (gate.closed) await gate.closed
  let open!: () => void
  gate.closed = new Promise<void>((resolve) => (open = resolve))
  gate.generation += 1
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
    const result = await work()
    gate.unsettled = false
    return result
  } catch (error) {
    if (failureLeavesChanges()) gate.unsettled = true
    throw error
  } finally {
    gate.onEmpty = null
    gate.closed = null
    open()
  }
}
