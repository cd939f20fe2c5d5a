import { SERVICE_STATUSES, SERVICE_STATUS_LABELS, type ServiceStatus } from './statuses'

/** Severity follows the position in SERVICE_STATUSES: major > partial > degraded > maintenance > operational. */
export function severity(status: ServiceStatus): number {
  return SERVICE_STATUSES.indexOf(status)
}

/** The worst of the given statuses; operational when there are none (an empty group or page has nothing wrong). */
export function worstStatus(statuses: Iterable<ServiceStatus>): ServiceStatus {
  let worst: ServiceStatus = 'operational'
  for (const status of statuses) {
    if (severity(status) > severity(worst)) worst = status
  }
  return worst
}

/** The page's overall status: the operator's maintenance-mode switch wins over every service status. */
export function overallStatus(serviceStatuses: Iterable<ServiceStatus>, maintenanceMode: boolean): ServiceStatus {
  return maintenanceMode ? 'maintenance' : worstStatus(serviceStatuses)
}

/** The banner's words for a status when it covers the whole page (maintenance mode, or nothing wrong). */
export const OVERALL_HEADLINES: Record<ServiceStatus, string> = {
  operational: 'All systems operational',
  maintenance: 'Maintenance in progress',
  degraded: 'Some systems are degraded',
  partial: 'Partial outage',
  major: 'Major outage',
}

/** "major outage", "degraded performance": a status inside a sentence. */
export const statusWords = (status: ServiceStatus) =>
  SERVICE_STATUS_LABELS[status].charAt(0).toLowerCase() + SERVICE_STATUS_LABELS[status].slice(1)

/** What the banner's headline says, for a page that says it in its own language (overallHeadline's cases). */
export type HeadlineParts =
  | { kind: 'overall'; status: ServiceStatus }
  | { kind: 'one'; name: string; status: ServiceStatus }
  | { kind: 'many'; count: number; status: ServiceStatus }

/** The case of overallHeadline: the page-wide words, one service's, or a count of them with the worst status. */
export function headlineParts(
  services: Iterable<{ name: string; status: ServiceStatus }>,
  overall: ServiceStatus,
): HeadlineParts {
  const affected = [...services].filter((s) => s.status !== 'operational')
  const worst = worstStatus(affected.map((s) => s.status))
  if (affected.length === 0 || worst !== overall) return { kind: 'overall', status: overall }
  return affected.length === 1
    ? { kind: 'one', name: affected[0].name, status: worst }
    : { kind: 'many', count: affected.length, status: worst }
}

/**
 * The banner's headline: what is broken, not a page-wide word for one service out of forty. One service
 * not operational: "Payments: major outage"; several: "3 services: partial outage" with the worst of their
 * statuses; none: "All systems operational". The operator's maintenance mode (an overall status that no service's
 * status explains) keeps the page-wide "Maintenance in progress".
 */
export function overallHeadline(
  services: Iterable<{ name: string; status: ServiceStatus }>,
  overall: ServiceStatus,
): string {
  const parts = headlineParts(services, overall)
  if (parts.kind === 'overall') return OVERALL_HEADLINES[parts.status]
  return parts.kind === 'one'
    ? `${parts.name}: ${statusWords(parts.status)}`
    : `${parts.count} services: ${statusWords(parts.status)}`
}
