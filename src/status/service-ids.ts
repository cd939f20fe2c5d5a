import type { ServiceStatus } from '../domain/statuses'

/** A relationship's value as an id: Payload gives an id, or the related document when it populated it. */
export const idOf = (value: unknown): number | null => {
  const raw = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  return typeof id === 'number' && Number.isInteger(id) ? id : null
}

export interface ServiceStatusEntry {
  service: number
  status: ServiceStatus
}

/** An update's serviceStatuses as ids and statuses, leaving out entries whose service is gone. */
export function serviceStatusEntries(value: unknown): ServiceStatusEntry[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const service = idOf((entry as { service?: unknown } | null)?.service)
    const status = (entry as { status?: unknown } | null)?.status
    return service !== null && typeof status === 'string' ? [{ service, status: status as ServiceStatus }] : []
  })
}

/** An incident's stored updates, in the shape the claim rule reads. */
export function incidentUpdatesWithClaims(updates: unknown): { createdAt: string; serviceStatuses: ServiceStatusEntry[] }[] {
  if (!Array.isArray(updates)) return []
  return updates.map((update) => ({
    createdAt: String((update as { createdAt?: unknown }).createdAt ?? ''),
    serviceStatuses: serviceStatusEntries((update as { serviceStatuses?: unknown }).serviceStatuses),
  }))
}
