/**
 * The version of the public data. Every write to public data bumps it; a cached public response computed under an
 * older version is stale.
 *
 * Next bundles its own copy of the modules that routes and hooks import, so a module variable here would be two
 * variables: one seen by server.ts, another by the Payload hooks running inside Next. The state therefore hangs
 * off globalThis.
 */
interface DataVersionState {
  version: number
  listeners: Set<(version: number) => void>
}

const KEY = Symbol.for('statuspage.dataVersion')
type Holder = typeof globalThis & { [KEY]?: DataVersionState }

function state(): DataVersionState {
  const holder = globalThis as Holder
  holder[KEY] ??= { version: 1, listeners: new Set() }
  return holder[KEY]
}

export function currentDataVersion(): number {
  return state().version
}

/** Marks every cached public response stale. `fromPeer` is set when the bump came from another instance. */
export function bumpDataVersion(fromPeer = false): number {
  const current = state()
  current.version += 1
  if (!fromPeer) for (const listener of current.listeners) listener(current.version)
  return current.version
}

/** Called on every local bump (the cross-instance bus publishes from here). Returns the unsubscribe function. */
export function onLocalDataChange(listener: (version: number) => void): () => void {
  state().listeners.add(listener)
  return () => state().listeners.delete(listener)
}
