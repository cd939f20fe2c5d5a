import { relationId } from '@/db/relation-id'
import type { ServiceStatus } from '@/domain/statuses'

export interface ServiceStatusEntry {
  service: number
  status: ServiceStatus
}

/** An update's serviceStatuses as ids and statuses, leaving out entries whose service is gone. */
export function serviceStatusEntries(value: unknown): ServiceStatusEntry[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const service = relationId((entry as { service?: unknown } | null)?.service)
    const status = (entry as { status?: unknown } | null)?.status
    return service !== null && typeof status === 'string' ? [{ service, status: status as ServiceStatus }] : []
  })
}

/** An incident's stored updates, in the shape the claim rule reads. */
export function incidentUpdatesWithClaims(
  updates: unknown,
): { createdAt: string; serviceStatuses: ServiceStatusEntry[] }[] {
  if (!Array.isArray(updates)) return []
  return updates.map((update) => ({
    createdAt: String((update as { createdAt?: unknown }).createdAt ?? ''),
    serviceStatuses: serviceStatusEntries((update as { serviceStatuses?: unknown }).serviceStatuses),
  }))
}
