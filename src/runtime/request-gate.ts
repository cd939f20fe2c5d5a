/**
 * A gate in front of Next for work that must not be seen half done (the demo reset): `exclusively(work)` closes it,
 * drains the requests at Next and runs the work; `readConsistently` makes a public read again when the work
 * overlapped it, so nothing read from half-reset data is shown or kept. Lives in the runtime state, shared by the
 * edge and the code inside Next. docs/architecture.md, "Demo mode".
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
