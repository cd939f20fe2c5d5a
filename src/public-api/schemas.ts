/**
 * The public API's shapes, declared once: they type the serializers, validate the query and generate the OpenAPI
 * document, so the document and the behaviour cannot drift apart.
 */
import { z } from 'zod'

import { INCIDENT_STATUSES, MAINTENANCE_STATUSES, SERVICE_STATUSES } from '../domain/statuses'
import { windowEndsBeforeStart } from '../domain/time-window'

/** ISO 8601 in UTC with milliseconds, as the contract wants every timestamp. */
const timestamp = z.iso.datetime({ precision: 3 })

export const ServiceStatus = z.enum(SERVICE_STATUSES)
export const IncidentStatus = z.enum(INCIDENT_STATUSES)
export const MaintenanceStatus = z.enum(MAINTENANCE_STATUSES)

export const ServiceRef = z.object({ slug: z.string(), name: z.string() })

const serviceFields = {
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: ServiceStatus,
}

export const ServiceInGroup = z.object({ ...serviceFields, updatedAt: timestamp })

export const Service = z
  .object({ ...serviceFields, group: z.object({ slug: z.string(), name: z.string() }), updatedAt: timestamp })
  

export const ServiceGroup = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: ServiceStatus.describe('the worst status of its services'),
    services: z.array(ServiceInGroup),
  })
  

export const IncidentUpdate = z
  .object({ status: IncidentStatus, message: z.string(), createdAt: timestamp })
  

export const Incident = z
  .object({
    shortId: z.string(),
    title: z.string(),
    status: IncidentStatus.describe('always the status of the newest update'),
    url: z.url().describe('the public page of the incident'),
    affectedServices: z.array(ServiceRef),
    updates: z.array(IncidentUpdate).describe('newest first'),
    createdAt: timestamp,
    updatedAt: timestamp,
    resolvedAt: timestamp.nullable(),
  })
  

export const MaintenanceUpdate = z.object({ message: z.string(), createdAt: timestamp })

export const Maintenance = z
  .object({
    shortId: z.string(),
    title: z.string(),
    status: MaintenanceStatus,
    url: z.url().describe('the public page of the maintenance'),
    descriptionHtml: z.string().describe('sanitised HTML: no scripts, no event handlers, links only http, https and mailto'),
    descriptionText: z.string(),
    scheduledStartAt: timestamp,
    scheduledEndAt: timestamp.nullable().describe('null: open end'),
    duration: z.string().describe("the operator's text, or an estimate from the window"),
    affectedServices: z.array(ServiceRef),
    updates: z.array(MaintenanceUpdate).describe('newest first'),
    createdAt: timestamp,
    updatedAt: timestamp,
    completedAt: timestamp.nullable(),
    cancelledAt: timestamp.nullable(),
  })
  

export const StatusSummary = z
  .object({
    status: ServiceStatus.describe('the worst service status, or maintenance when maintenance mode is on'),
    message: z.string().nullable(),
    siteName: z.string(),
    serviceGroups: z.array(ServiceGroup),
    activeIncidents: z.array(Incident).describe('every unresolved incident, newest first'),
    activeMaintenances: z.array(Maintenance).describe('every upcoming and in-progress maintenance, soonest first'),
  })
  

const uptimePercent = z.number().min(0).max(100)

export const UptimeDay = z.object({
  date: z.iso.date().describe('a UTC day, YYYY-MM-DD'),
  uptimePercent: uptimePercent.nullable().describe('100 × (1 − (major + 0.3 × partial) ÷ observed seconds), to 4 decimals; null: the service did not exist yet'),
  seconds: z
    .object({ degraded: z.number().int().min(0), partial: z.number().int().min(0), major: z.number().int().min(0), maintenance: z.number().int().min(0) })
    .describe('seconds of the day spent in each status other than operational'),
  incidents: z.array(z.object({ shortId: z.string(), title: z.string() })).describe('incidents affecting the service that were open during the day, oldest first'),
})

export const Uptime = z.object({
  slug: z.string(),
  name: z.string(),
  group: z.object({ slug: z.string(), name: z.string() }),
  uptimePercent: uptimePercent.nullable().describe('over the whole window; null when the service did not exist in it'),
  days: z.array(UptimeDay).describe('oldest first, ending today (UTC)'),
})

const envelope = <T extends z.ZodType>(data: T) => z.object({ data })

export const StatusResponse = envelope(StatusSummary)
export const ServiceListResponse = envelope(z.array(Service))
export const IncidentListResponse = envelope(z.array(Incident))
export const IncidentResponse = envelope(Incident)
export const MaintenanceListResponse = envelope(z.array(Maintenance))
export const MaintenanceResponse = envelope(Maintenance)
export const UptimeResponse = envelope(z.array(Uptime).describe('in the order of /services'))

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    'invalid-params': z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
  })
  .describe('RFC 9457 problem details')

// Query parameters. Unknown parameters are ignored, as caches and browsers add their own.

export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 25
/** Far beyond any real page count; it only keeps the offset a safe integer. */
const MAX_PAGE = 1_000_000

const page = z.coerce
  .number({ error: 'must be a whole number from 1' })
  .int({ error: 'must be a whole number from 1' })
  .min(1, { error: 'must be a whole number from 1' })
  .max(MAX_PAGE, { error: `must be at most ${MAX_PAGE}` })
  .default(1)
  .describe('page number, from 1')

const limit = z.coerce
  .number({ error: `must be a whole number from 1 to ${MAX_LIMIT}` })
  .int({ error: `must be a whole number from 1 to ${MAX_LIMIT}` })
  .min(1, { error: `must be a whole number from 1 to ${MAX_LIMIT}` })
  .max(MAX_LIMIT, { error: `must be a whole number from 1 to ${MAX_LIMIT}` })
  .default(DEFAULT_LIMIT)
  .describe(`page size, at most ${MAX_LIMIT}`)

const service = z
  .string()
  .max(200, { error: 'must be a service slug of at most 200 characters' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a service slug (lower-case letters, digits and hyphens)' })
  .describe('a service slug: only items affecting this service')

const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'must be an ISO 8601 date or date-time, e.g. 2026-01-31 or 2026-01-31T12:00:00Z',
  })

function windowOrder(query: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (windowEndsBeforeStart(query.from, query.to)) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' })
  }
}

export const IncidentListQuery = z
  .object({
    status: z
      .enum(['active', ...INCIDENT_STATUSES], { error: `must be one of active, ${INCIDENT_STATUSES.join(', ')}` })
      .optional()
      .describe('active: every status except resolved'),
    service: service.optional(),
    from: instant.optional().describe('incidents created at or after this time'),
    to: instant.optional().describe('incidents created at or before this time'),
    page,
    limit,
  })
  .superRefine(windowOrder)

export const MaintenanceListQuery = z
  .object({
    status: z
      .enum(['active', ...MAINTENANCE_STATUSES], { error: `must be one of active, ${MAINTENANCE_STATUSES.join(', ')}` })
      .optional()
      .describe('active: upcoming and in_progress'),
    service: service.optional(),
    from: instant.optional().describe('maintenances that end at or after this time (open-ended: that start then or are still active)'),
    to: instant.optional().describe('maintenances that start at or before this time'),
    page,
    limit,
  })
  .superRefine(windowOrder)

export const MAX_UPTIME_DAYS = 90

export const UptimeQuery = z.object({
  days: z.coerce
    .number({ error: `must be a whole number from 1 to ${MAX_UPTIME_DAYS}` })
    .int({ error: `must be a whole number from 1 to ${MAX_UPTIME_DAYS}` })
    .min(1, { error: `must be a whole number from 1 to ${MAX_UPTIME_DAYS}` })
    .max(MAX_UPTIME_DAYS, { error: `must be a whole number from 1 to ${MAX_UPTIME_DAYS}` })
    .default(MAX_UPTIME_DAYS)
    .describe(`how many days, ending today (UTC), from 1 to ${MAX_UPTIME_DAYS}`),
  service: service.optional().describe('a service slug: only this service (404 when there is none)'),
})

export type UptimeQuery = z.output<typeof UptimeQuery>
export type Uptime = z.output<typeof Uptime>
export type IncidentListQuery = z.output<typeof IncidentListQuery>
export type MaintenanceListQuery = z.output<typeof MaintenanceListQuery>
export type Incident = z.output<typeof Incident>
export type Maintenance = z.output<typeof Maintenance>
export type Service = z.output<typeof Service>
export type ServiceGroup = z.output<typeof ServiceGroup>
export type StatusSummary = z.output<typeof StatusSummary>
export type Problem = z.output<typeof Problem>
