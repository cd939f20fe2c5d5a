/**
 * The process's runtime state that server.ts and the code inside Next share. Next bundles its own copy of every
 * module that routes, hooks and jobs import, so a module variable would be two variables: one seen by server.ts's
 * front, another inside Next. Everything that must be one per process therefore lives here, in one object on
 * globalThis, one slot per concern; the module that owns a slot is its only reader and writer.
 */

/**
 * Empty here: each owner declares its slot in its own module (`declare module '@/runtime/state' { interface
 * RuntimeSlots { name: Type } }`), so the registry names none of its users.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the owners' declarations
export interface RuntimeSlots {}

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
