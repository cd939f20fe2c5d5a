/** What the maintenance verbs share: the failed saves the clock leaves alone a while, and the maintenance as a holder. */
import type { Holder } from '../service-status/internal'
import type { Maintenance } from '@/payload-types'
import { slot } from '@/runtime/state'

declare module '@/runtime/state' {
  interface RuntimeSlots {
    /** Maintenances whose save failed, until when they are left alone. */
    maintenanceFailures: Map<number | string, number>
  }
}

/** Ids whose save failed, until when they are left alone (in the runtime state: Next bundles its own modules). */
export const failures = () => slot('maintenanceFailures', () => new Map())

export function backedOffIds(now: Date): (number | string)[] {
  const map = failures()
  for (const [id, until] of map) if (until <= now.getTime()) map.delete(id)
  return [...map.keys()]
}

export type MaintenanceLike = Pick<Maintenance, 'status' | 'setServicesUnderMaintenance' | 'affectedServices'>

/** Whether the maintenance holds its services under maintenance now. */
export const holdsServices = (m: MaintenanceLike | null | undefined) =>
  m?.status === 'in_progress' && m.setServicesUnderMaintenance === true

/** The maintenance as the holder of `services` (the release rule, src/services/service-status/release.ts). */
export function maintenanceHolder(doc: Pick<Maintenance, 'id' | 'shortId'>, services: readonly number[]): Holder {
  return {
    source: 'maintenance',
    ref: String(doc.shortId),
    id: doc.id,
    claims: new Map(services.map((s) => [s, null])),
  }
}
