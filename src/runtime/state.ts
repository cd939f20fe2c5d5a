/**
 * The process's runtime state that server.ts and the code inside Next share. Next bundles its own copy of every
 * module that routes, hooks and jobs import, so a module variable would be two variables: one seen by server.ts's
 * front, another inside Next. Everything that must be one per process therefore lives here, in one object on
 * globalThis, one slot per concern; the modules that own a slot (named beside it) are its only readers and writers.
 */
import type { EmailPool } from '@/notify/email'

import type { DataVersionState } from './data-version'
import type { EdgeHealth } from './health'
import type { GateState } from './request-gate'
import type { ShutdownState } from './shutdown'
import type { TestHooks } from './test-hooks'

export interface RuntimeSlots {
  /** src/runtime/data-version.ts: the public data's version and the requests' change scopes. */
  dataVersion: DataVersionState
  /** src/runtime/request-gate.ts: the gate the demo reset closes. */
  requestGate: GateState
  /** src/runtime/health.ts: the edge's view of its dependencies, for /api/health. */
  edgeHealth: () => EdgeHealth
  /** src/runtime/health.ts: when the database last answered a query (ms since the epoch). */
  databaseAnswered: { at: number }
  /** src/jobs/repeat.ts: the background loops, one per name. */
  repeatingTasks: Map<string, ReturnType<typeof setInterval>>
  /** src/jobs/repeat.ts: the loops' runs under way, so that a shutdown can wait for them. */
  runningTasks: Map<string, Promise<unknown>>
  /** src/runtime/shutdown.ts: whether the process is stopping, and its closers. */
  shutdown: ShutdownState
  /** src/services/maintenances/advance.ts: maintenances whose save failed, until when they are left alone. */
  maintenanceFailures: Map<number | string, number>
  /** src/notify/email.ts: the pooled SMTP transport and the configuration it was built for. */
  emailPool: EmailPool
  /** src/runtime/test-hooks.ts: installed by the tests' preload module only; never set in production. */
  testHooks: TestHooks
}

const KEY = Symbol.for('statuspage.runtime')
type Holder = typeof globalThis & { [KEY]?: Partial<RuntimeSlots> }

function slots(): Partial<RuntimeSlots> {
  const holder = globalThis as Holder
  holder[KEY] ??= {}
  return holder[KEY]
}

/** The slot's value, created on first use. */
export function slot<K extends keyof RuntimeSlots>(name: K, create: () => RuntimeSlots[K]): RuntimeSlots[K] {
  const all = slots()
  return (all[name] ??= create())
}

/** The slot's value, or undefined when nothing set it. */
export function peekSlot<K extends keyof RuntimeSlots>(name: K): RuntimeSlots[K] | undefined {
  return slots()[name]
}

/** Sets (or, with undefined, clears) the slot. */
export function setSlot<K extends keyof RuntimeSlots>(name: K, value: RuntimeSlots[K] | undefined): void {
  if (value === undefined) delete slots()[name]
  else slots()[name] = value
}
