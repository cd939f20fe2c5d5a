/**
 * What a monitoring event does to incidents: the state machine per (integration, key). The words of the
 * updates it writes come from the integration's templates (src/domain/message-template.ts). No framework here;
 * src/services/incidents/apply-monitoring-event.ts reads the state, asks `decide` and writes what it says.
 */
import type { EventState } from './monitoring-event'
import type { IncidentStatus, ServiceStatus } from './statuses'

/** The newest incident the key opened, as the automation left it. */
export interface KeyState {
  incidentStatus: IncidentStatus
  /** The alerts' state the automation last saw; a person resolving the incident does not change it. */
  alertState: EventState
  signature: string
  /** When the incident resolved (null while open): a key firing again soon after reopens it instead of a new one. */
  resolvedAt?: Date | null
}

export type Decision =
  /** First firing of the key (or the first since its alerts resolved): a new incident, `investigating`. */
  | { action: 'open' }
  /** The key fires again shortly after its incident resolved (a flapping alert): that incident reopens. */
  | { action: 'reopen' }
  /** The firing set or a status changed: one update, with this status (a person's identified/monitoring kept). */
  | { action: 'update'; status: IncidentStatus }
  /** Every alert resolved: a `resolved` update, and the services restored. */
  | { action: 'resolve' }
  /** The alerts resolved after a person resolved the incident: only the key's state changes, no update. */
  | { action: 'close' }
  | { action: 'nothing'; reason: NothingReason }

export const NOTHING_REASONS = ['duplicate', 'resolved-by-person', 'nothing-open', 'no-service'] as const
export type NothingReason = (typeof NOTHING_REASONS)[number]

export const NOTHING_REASON_TEXT: Record<NothingReason, string> = {
  duplicate: 'Duplicate: the same alerts and statuses as the last notification.',
  'resolved-by-person': 'A person resolved the incident while its alerts still fire; it is not reopened.',
  'nothing-open': 'Resolved, but no incident of this key is open.',
  'no-service': 'No service matched, and the integration has no default services.',
}

/** Statuses a person chose on the way to resolving; the automation's updates keep them. */
const PERSONS_STATUSES: readonly IncidentStatus[] = ['identified', 'monitoring']

/**
 * The move an event causes, given the newest incident of its key (null: none) and the event's signature
 * (src/domain/monitoring-event.ts, eventSignature). `affectsServices`: the firing alerts concern at least one
 * service.
 */
export function decide(
  previous: KeyState | null,
  state: EventState,
  signature: string,
  affectsServices: boolean,
  reopen?: { now: Date; windowMs: number },
): Decision {
  const open = previous !== null && previous.alertState === 'firing'
  if (state === 'resolved') {
    if (!open) return { action: 'nothing', reason: 'nothing-open' }
    return previous.incidentStatus === 'resolved' ? { action: 'close' } : { action: 'resolve' }
  }
  if (!open) {
    if (!affectsServices) return { action: 'nothing', reason: 'no-service' }
    const recent =
      previous?.resolvedAt && reopen && reopen.now.getTime() - previous.resolvedAt.getTime() <= reopen.windowMs
    return recent ? { action: 'reopen' } : { action: 'open' }
  }
  if (previous.incidentStatus === 'resolved') return { action: 'nothing', reason: 'resolved-by-person' }
  if (previous.signature === signature) return { action: 'nothing', reason: 'duplicate' }
  const status = PERSONS_STATUSES.includes(previous.incidentStatus) ? previous.incidentStatus : 'investigating'
  return { action: 'update', status }
}

/** A service as an update names it. */
export interface NamedImpact {
  name: string
  status: ServiceStatus
}

/** An update's message holds at most 10,000 characters (the incidents collection's limit). */
export const MAX_MESSAGE = 10_000
/** An incident's title holds at most 300 characters (the incidents collection's limit). */
export const MAX_TITLE = 300

/**
 * An automated incident's timeline stays bounded: at the array's row cap every later notification, the resolve too,
 * would be refused for good. Up to this many updates the automation appends one per change; beyond it each
 * new update takes the place of the automation's own newest one, so the timeline keeps what people wrote, the
 * opening, and the latest state.
 */
export const AUTOMATED_UPDATES_KEPT = 30

/**
 * Where the automation's next update goes: appended, or in place of the row at the index returned (the newest row
 * the automation wrote, never the first, which tells how the incident began). `rowLimit` is the array's hard cap: a
 * timeline that people filled to it still takes the automation's update, so a resolve always lands.
 */
export function automatedUpdateSlot(
  rows: readonly { automated?: boolean | null }[],
  rowLimit: number,
): { replace: number | null } {
  if (rows.length < Math.min(AUTOMATED_UPDATES_KEPT, rowLimit)) return { replace: null }
  for (let index = rows.length - 1; index > 0; index--) if (rows[index].automated) return { replace: index }
  // Nothing of ours to coalesce: append while there is room, else take the newest row's place.
  return rows.length < rowLimit ? { replace: null } : { replace: rows.length - 1 }
}
