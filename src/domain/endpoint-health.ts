/**
 * When a webhook or chat endpoint is quarantined: after failing for 3 days without a success in between (as
 * Statuspage does with its webhook subscribers). A quarantined endpoint is sent nothing until an administrator's
 * test delivery succeeds; any success clears the record.
 */
export const QUARANTINE_AFTER_MS = 3 * 24 * 60 * 60 * 1000

export interface EndpointHealth {
  failingSince: Date | null
  quarantinedAt: Date | null
}

/** The record after an attempt, and whether this attempt is the one that quarantined the endpoint. */
export function healthAfter(
  health: EndpointHealth,
  succeeded: boolean,
  now: Date,
): EndpointHealth & { quarantinedNow: boolean } {
  if (succeeded) return { failingSince: null, quarantinedAt: null, quarantinedNow: false }
  const failingSince = health.failingSince ?? now
  if (health.quarantinedAt) return { failingSince, quarantinedAt: health.quarantinedAt, quarantinedNow: false }
  const quarantine = now.getTime() - failingSince.getTime() >= QUARANTINE_AFTER_MS
  return { failingSince, quarantinedAt: quarantine ? now : null, quarantinedNow: quarantine }
}
