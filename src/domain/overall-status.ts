import { SERVICE_STATUSES, type ServiceStatus } from './statuses'

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
