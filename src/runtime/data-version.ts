/**
 * The version of the public data: every change to it bumps the version, and a cached response computed under an
 * older one is stale. Inside a request the hooks only mark its change scope and the edge bumps once the response
 * starts, after Payload's commit. Lives in the runtime state, shared by server.ts's edge and the hooks inside Next.
 * docs/architecture.md, "Edge" (Invalidation follows the data).
 */
import { AsyncLocalStorage } from 'node:async_hooks'

import { slot } from './state'

/** One request's record of public-data changes. */
export interface ChangeScope {
  changed: boolean
  /** Whether a change touched services or service groups (the service list is read again only then). */
  servicesChanged?: boolean
  /** The public paths of records the request withdrew (DataChange.withdrawn); undefined while none. */
  withdrawn?: string[]
  /** The pages its changes touched (DataChange.pages); 'all' once one of them did not say. */
  pages?: Set<number> | 'all'
  /** Set when the response started: later changes (background work the request started) bump at once. */
  settled: boolean
}

export interface DataVersionState {
  version: number
  /** Bumped with `version` by every change that may touch services or groups: what the service list is kept under. */
  servicesVersion: number
  /** The version of the last change that touched every page (one that did not say which pages it touched). */
  everyPageChangedAt: number
  /** Per page key (src/domain/pages.ts's pageKeyOf), the version of the last change that named it. */
  pageChangedAt: Map<number, number>
  listeners: Set<DataChangeListener>
  /** Told of the bumps that came from other instances (the static mirror abandons a copy they made outdated). */
  peerListeners: Set<DataChangeListener>
  scopes: AsyncLocalStorage<ChangeScope>
  /**
   * Changes marked inside a request's scope and outside one. Nothing here reads them: the test hooks' /__edge/stats
   * (tests/helpers/server-test-hooks.mjs) reads this state where it lives, to prove hooks mark and do not bump.
   */
  marks: { inRequest: number; outside: number }
}

declare module './state' {
  interface RuntimeSlots {
    /** The public data's version and the requests' change scopes. */
    dataVersion: DataVersionState
  }
}

let shared: DataVersionState | undefined

function state(): DataVersionState {
  shared ??= slot('dataVersion', () => ({
    version: 1,
    servicesVersion: 1,
    everyPageChangedAt: 1,
    pageChangedAt: new Map(),
    listeners: new Set(),
    peerListeners: new Set(),
    scopes: new AsyncLocalStorage(),
    marks: { inRequest: 0, outside: 0 },
  }))
  return shared
}

export function currentDataVersion(): number {
  return state().version
}

/**
 * What a change touched. A change says `services: false` only when it surely touched no service and no group (an
 * incident's or a maintenance's own fields, the settings); anything else (another instance's change, the demo reset,
 * a job) counts as touching them.
 */
export interface DataChange {
  services: boolean
  /**
   * Set when public data was taken back rather than changed (a record deleted, a postmortem unpublished): the public
   * paths of the record whose copies must never be shown again (src/domain/withdrawn-paths.ts). Even empty, it
   * says that any copy of a list or feed made before this version may still show what was taken back.
   */
  withdrawn?: readonly string[]
  /**
   * The pages whose public data it may have changed (keys: a page's id, 0 the default page); undefined: every page
   * (what any change that does not say counts as). A cached response of another page stays fresh.
   */
  pages?: readonly number[]
}

export type DataChangeListener = (version: number, change: DataChange) => void

const EVERYTHING: DataChange = { services: true }

/** The version the service list is read under: it moves with the writes that may touch services or groups. */
export function currentServicesVersion(): number {
  return state().servicesVersion
}

/** Marks every cached public response stale. `fromPeer` is set when the bump came from another instance. */
export function bumpDataVersion(fromPeer = false, change: DataChange = EVERYTHING): number {
  const current = state()
  current.version += 1
  if (change.services) current.servicesVersion += 1
  if (change.pages) for (const page of change.pages) current.pageChangedAt.set(page, current.version)
  else current.everyPageChangedAt = current.version
  for (const listener of fromPeer ? current.peerListeners : current.listeners) listener(current.version, change)
  return current.version
}

/**
 * The version of the last change that may have touched `page`'s public data (a page key; undefined: a response of no
 * known page, which any change may touch). A response read under this version or a later one is still fresh.
 */
export function pageDataVersion(page: number | undefined): number {
  const current = state()
  if (page === undefined) return current.version
  return Math.max(current.everyPageChangedAt, current.pageChangedAt.get(page) ?? 0)
}

/** Called on every bump that came from another instance. Returns the unsubscribe function. */
export function onPeerDataChange(listener: DataChangeListener): () => void {
  state().peerListeners.add(listener)
  return () => state().peerListeners.delete(listener)
}

/** Called on every local bump (the cross-instance bus publishes from here). Returns the unsubscribe function. */
export function onLocalDataChange(listener: DataChangeListener): () => void {
  state().listeners.add(listener)
  return () => state().listeners.delete(listener)
}

/** The pages two changes touched together: 'all' when either did not say. */
function mergePages(
  touched: Set<number> | 'all' | undefined,
  more: readonly number[] | undefined,
): Set<number> | 'all' {
  if (touched === 'all' || !more) return 'all'
  return new Set([...(touched ?? []), ...more])
}

/** For the hooks: public data changed. Marks the running request, or bumps at once outside one. */
export function markDataChanged(change: DataChange = EVERYTHING): void {
  const current = state()
  const scope = current.scopes.getStore()
  if (scope && !scope.settled) {
    scope.changed = true
    if (change.services) scope.servicesChanged = true
    if (change.withdrawn) (scope.withdrawn ??= []).push(...change.withdrawn)
    scope.pages = mergePages(scope.pages, change.pages)
    current.marks.inRequest += 1
  } else {
    current.marks.outside += 1
    bumpDataVersion(false, change)
  }
}

/** For the edge: runs `work` (the request's way through Next) with `scope` recording the changes it makes. */
export function withChangeScope<T>(scope: ChangeScope, work: () => T): T {
  return state().scopes.run(scope, work)
}

/** For the edge: the response started. Bumps iff the request changed public data. */
export function settleChangeScope(scope: ChangeScope): void {
  if (scope.settled) return
  scope.settled = true
  if (scope.changed)
    bumpDataVersion(false, {
      services: scope.servicesChanged === true,
      ...(scope.withdrawn && { withdrawn: scope.withdrawn }),
      ...(scope.pages instanceof Set && { pages: [...scope.pages] }),
    })
}
