/**
 * Incident and maintenance templates: what a template gives a new record, and what the body a client sent keeps.
 * Pure: the collections' hooks load the template and hand both here.
 */

export interface IncidentTemplate {
  title: string
  status: string
  message: string
  notify?: boolean | null
  services?: { service: unknown; status: string }[] | null
}

export interface MaintenanceTemplate {
  title: string
  description?: unknown
  durationMinutes?: number | null
  services?: unknown[] | null
  setServicesUnderMaintenance?: boolean | null
  notifySubscribers?: boolean | null
}

const given = (body: Record<string, unknown>, key: string) => body[key] !== undefined && body[key] !== null

/** The incident a template starts: every field the body gives wins, whole (an `updates` list replaces the template's). */
export function incidentFromTemplate(
  template: IncidentTemplate,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const services = (template.services ?? []).filter((row) => row.service != null)
  const fromTemplate: Record<string, unknown> = {
    title: template.title,
    affectedServices: services.map((row) => row.service),
    updates: [
      {
        status: template.status,
        message: template.message,
        notify: template.notify ?? true,
        serviceStatuses: services.map((row) => ({ service: row.service, status: row.status })),
      },
    ],
  }
  const merged: Record<string, unknown> = { ...body }
  for (const [key, value] of Object.entries(fromTemplate)) if (!given(body, key)) merged[key] = value
  return merged
}

/**
 * The maintenance a template starts. The window's end comes from the template's duration when the body gives a
 * start and no end; without a start there is no window to place, and the required start is refused as usual.
 */
export function maintenanceFromTemplate(
  template: MaintenanceTemplate,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const fromTemplate: Record<string, unknown> = {
    title: template.title,
    description: template.description ?? undefined,
    affectedServices: template.services ?? [],
    setServicesUnderMaintenance: template.setServicesUnderMaintenance ?? false,
    notifySubscribers: template.notifySubscribers ?? true,
  }
  const merged: Record<string, unknown> = { ...body }
  for (const [key, value] of Object.entries(fromTemplate))
    if (!given(body, key) && value !== undefined) merged[key] = value
  const start = typeof body.scheduledStartAt === 'string' ? Date.parse(body.scheduledStartAt) : Number.NaN
  if (!given(body, 'scheduledEndAt') && template.durationMinutes && Number.isFinite(start)) {
    merged.scheduledEndAt = new Date(start + template.durationMinutes * 60_000).toISOString()
  }
  return merged
}
