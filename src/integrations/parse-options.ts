/** How an integration reads its tool's notifications: its service label and severity table, with their defaults. */
import { DEFAULT_SEVERITY_STATUSES, type ParseOptions } from '@/domain/monitoring-event'
import type { ServiceStatus } from '@/domain/statuses'
import type { Integration } from '@/payload-types'

export function parseOptions(
  integration: Pick<Integration, 'serviceLabel' | 'severityStatuses' | 'defaultStatus'>,
): ParseOptions {
  const table: Record<string, ServiceStatus> = {}
  const rows = integration.severityStatuses
  for (const row of rows ?? []) table[row.severity.trim().toLowerCase()] = row.status as ServiceStatus
  return {
    serviceLabel: integration.serviceLabel?.trim() || 'service',
    severityStatuses: rows ? table : { ...DEFAULT_SEVERITY_STATUSES },
    defaultStatus: (integration.defaultStatus as ServiceStatus | null | undefined) ?? 'partial',
  }
}
