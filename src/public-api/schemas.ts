/**
 * The public API's shapes, declared once: they type the serializers, validate the query and generate the OpenAPI
 * document, so the document and the behaviour cannot drift apart.
 */
import { z } from 'zod'

import { METRIC_AGGREGATIONS, METRIC_RANGES } from '@/domain/metrics'
import type { ApiQueryParameter, ApiQueryRoute } from '@/domain/query-parameters'
import { INCIDENT_STATUSES, MAINTENANCE_STATUSES, SERVICE_STATUSES } from '@/domain/statuses'
import { windowEndsBeforeStart } from '@/domain/time-window'

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

export const Service = z.object({
  ...serviceFields,
  group: z.object({ slug: z.string(), name: z.string() }),
  updatedAt: timestamp,
})

export const ServiceGroup = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: ServiceStatus.describe('the worst status of its services'),
  services: z.array(ServiceInGroup),
})

export const IncidentUpdate = z.object({ status: IncidentStatus, message: z.string(), createdAt: timestamp })

export const Postmortem = z
  .object({
    html: z.string().describe('sanitised HTML: no scripts, no event handlers, links only http, https and mailto'),
    text: z.string(),
    publishedAt: timestamp,
  })
  .describe('what happened and what changes, written after the fact; present once published')

export const Incident = z.object({
  shortId: z.string(),
  title: z.string(),
  status: IncidentStatus.describe('always the status of the newest update'),
  url: z.url().describe('the public page of the incident'),
  affectedServices: z.array(ServiceRef),
  updates: z.array(IncidentUpdate).describe('newest first'),
  createdAt: timestamp,
  updatedAt: timestamp,
  resolvedAt: timestamp.nullable(),
  postmortem: Postmortem.nullable(),
})

export const MaintenanceUpdate = z.object({ message: z.string(), createdAt: timestamp })

export const Maintenance = z.object({
  shortId: z.string(),
  title: z.string(),
  status: MaintenanceStatus,
  url: z.url().describe('the public page of the maintenance'),
  descriptionHtml: z
    .string()
    .describe('sanitised HTML: no scripts, no event handlers, links only http, https and mailto'),
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

export const StatusSummary = z.object({
  status: ServiceStatus.describe('the worst service status, or maintenance when maintenance mode is on'),
  message: z.string().nullable(),
  siteName: z.string(),
  serviceGroups: z.array(ServiceGroup),
  activeIncidents: z.array(Incident).describe('every unresolved incident, newest first'),
  activeMaintenances: z.array(Maintenance).describe('every upcoming and in-progress maintenance, soonest first'),
})

const uptimePercent = z.number().min(0).max(100)
const observedSinceField = z.iso
  .date()
  .nullable()
  .describe(
    'the first UTC day of the window on which the service was observed (it existed); the first day of the window for a service older than it; null: never observed in it',
  )

export const UptimeDay = z.object({
  date: z.iso.date().describe('a UTC day, YYYY-MM-DD'),
  uptimePercent: uptimePercent
    .nullable()
    .describe(
      '100 × (1 − (major + 0.3 × partial) ÷ observed seconds), to 4 decimals; null: the service did not exist yet',
    ),
  seconds: z
    .object({
      degraded: z.number().int().min(0),
      partial: z.number().int().min(0),
      major: z.number().int().min(0),
      maintenance: z.number().int().min(0),
    })
    .describe('seconds of the day spent in each status other than operational'),
  incidents: z
    .array(z.object({ shortId: z.string(), title: z.string() }))
    .describe('incidents affecting the service that were open during the day, oldest first'),
})

export const Uptime = z.object({
  slug: z.string(),
  name: z.string(),
  group: z.object({ slug: z.string(), name: z.string() }),
  uptimePercent: uptimePercent
    .nullable()
    .describe('over the observed part of the window (from observedSince); null when the service did not exist in it'),
  observedSince: observedSinceField,
  days: z.array(UptimeDay).describe('oldest first, ending today (UTC)'),
})

/** The letters of UptimeCompact.worst, one per day. */
export const DAY_LETTERS = { operational: 'o', maintenance: 'm', degraded: 'd', partial: 'p', major: 'x' } as const
export const NO_DATA_LETTER = 'n'

const dayIndexed = <T extends z.ZodType>(value: T) => z.record(z.string().regex(/^\d+$/), value)

export const UptimeCompact = z
  .object({
    slug: z.string(),
    name: z.string(),
    group: z.object({ slug: z.string(), name: z.string() }),
    uptimePercent: uptimePercent
      .nullable()
      .describe('over the observed part of the window (from observedSince); null when the service did not exist in it'),
    observedSince: observedSinceField,
    firstDate: z.iso.date().describe('the UTC day of index 0, the oldest; the last index is today'),
    worst: z
      .string()
      .regex(/^[omdpxn]*$/)
      .describe(
        'one letter per day, oldest first: the worst status of the day (o operational, m maintenance, d degraded, p partial, x major outage), n: the service did not exist yet',
      ),
    uptime: dayIndexed(uptimePercent.max(99.9999)).describe(
      'by day index, only the days below 100: the uptime percent of the day (UptimeDay.uptimePercent); a day not listed had 100, or no data when its letter is n',
    ),
    incidents: z
      .array(z.tuple([z.string(), z.number().int().min(0), z.number().int().min(0)]))
      .describe(
        'the incidents affecting the service open during the window, oldest first: [shortId, index of the first day, index of the last day it was open]',
      ),
  })
  .describe("one service's days in a compact form (format=compact)")

const envelope = <T extends z.ZodType>(data: T) => z.object({ data })

export const StatusResponse = envelope(StatusSummary)
export const ServiceListResponse = envelope(z.array(Service))
export const IncidentListResponse = envelope(z.array(Incident))
export const IncidentResponse = envelope(Incident)
export const MaintenanceListResponse = envelope(z.array(Maintenance))
export const MaintenanceResponse = envelope(Maintenance)
export const UptimeResponse = envelope(z.array(Uptime).describe('in the order of /services'))
export const UptimeCompactResponse = envelope(z.array(UptimeCompact).describe('in the order of /services'))

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

// Query parameters. Unknown parameters are ignored, as caches and browsers add their own. Each query's keys are
// exactly its route's entry in src/domain/query-parameters.ts (the edge's cache key reads that list): `satisfies`
// refuses a key missing there or a key added only there.

type QueryShape<R extends ApiQueryRoute> = Record<ApiQueryParameter<R>, z.ZodType>

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

/** A whole number from 1 to `max`, every complaint saying so. */
function wholeNumberUpTo(max: number) {
  const error = `must be a whole number from 1 to ${max}`
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error })
}

const limit = wholeNumberUpTo(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`page size, at most ${MAX_LIMIT}`)

const service = z
  .string()
  .max(200, { error: 'must be a service slug of at most 200 characters' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a service slug (lower-case letters, digits and hyphens)' })
  .describe('a service slug: only items affecting this service')

const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
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
  } satisfies QueryShape<'/api/v1/incidents'>)
  .superRefine(windowOrder)

export const MaintenanceListQuery = z
  .object({
    status: z
      .enum(['active', ...MAINTENANCE_STATUSES], { error: `must be one of active, ${MAINTENANCE_STATUSES.join(', ')}` })
      .optional()
      .describe('active: upcoming and in_progress'),
    service: service.optional(),
    from: instant
      .optional()
      .describe('maintenances that end at or after this time (open-ended: that start then or are still active)'),
    to: instant.optional().describe('maintenances that start at or before this time'),
    page,
    limit,
  } satisfies QueryShape<'/api/v1/maintenances'>)
  .superRefine(windowOrder)

export const MAX_UPTIME_DAYS = 90
/** Services per page of /api/v1/uptime: 50 by default; 1,000 (a whole large page) is under 1 MB in the compact format. */
export const DEFAULT_UPTIME_LIMIT = 50
export const MAX_UPTIME_LIMIT = 1000
/** How many slugs one `service` may name. */
export const MAX_UPTIME_SERVICES = 100

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const SERVICE_SLUGS =
  'must be service slugs (lower-case letters, digits and hyphens, at most 200 characters), separated by commas'

/** The longest uptime window a page may choose (src/domain/page-display.ts). */
export const LONGEST_UPTIME_DAYS = 365

const uptimeDays = (window: number) =>
  wholeNumberUpTo(window)
    .default(window)
    .describe(
      window === LONGEST_UPTIME_DAYS
        ? `how many days, ending today (UTC), from 1 to the page's uptime window: ${MAX_UPTIME_DAYS} unless the page chose 30, 60, 180 or ${LONGEST_UPTIME_DAYS} (docs/pages.md); default: the whole window`
        : `how many days, ending today (UTC), from 1 to ${window}`,
    )

const uptimeQueryShape = {
  days: uptimeDays(MAX_UPTIME_DAYS),
  service: z
    .string()
    .transform((value) => value.split(','))
    .pipe(
      z
        .array(z.string().max(200, { error: SERVICE_SLUGS }).regex(slugPattern, { error: SERVICE_SLUGS }))
        .max(MAX_UPTIME_SERVICES, { error: `must name at most ${MAX_UPTIME_SERVICES} services` }),
    )
    .optional()
    .describe(
      `one or several service slugs, separated by commas (or the parameter repeated), at most ${MAX_UPTIME_SERVICES}: only these services (404 when one of them does not exist)`,
    ),
  group: z
    .string()
    .max(200, { error: 'must be a group slug of at most 200 characters' })
    .regex(slugPattern, { error: 'must be a group slug (lower-case letters, digits and hyphens)' })
    .optional()
    .describe('a service group slug: only its services'),
  page,
  limit: wholeNumberUpTo(MAX_UPTIME_LIMIT)
    .default(DEFAULT_UPTIME_LIMIT)
    .describe(`services per page, at most ${MAX_UPTIME_LIMIT}`),
  format: z
    .enum(['full', 'compact'], { error: 'must be full or compact' })
    .default('full')
    .describe(
      'full: an object per day (UptimeDay); compact: the bars only (UptimeCompact: the worst status and uptime of each day, the incidents as day ranges), without the seconds per status',
    ),
} satisfies QueryShape<'/api/v1/uptime'>

/** GET /api/v1/uptime's query as documented: any window a page may choose. */
export const UptimeQuery = z.object({ ...uptimeQueryShape, days: uptimeDays(LONGEST_UPTIME_DAYS) })

const uptimeQueries = new Map<number, typeof UptimeQuery>([[MAX_UPTIME_DAYS, z.object(uptimeQueryShape)]])

/** The query as a page with this window takes it: `days` from 1 to the window, the window by default. */
export function uptimeQueryFor(window: number): typeof UptimeQuery {
  let schema = uptimeQueries.get(window)
  if (!schema) uptimeQueries.set(window, (schema = z.object({ ...uptimeQueryShape, days: uptimeDays(window) })))
  return schema
}

const metricRange = z.enum(METRIC_RANGES, { error: `must be one of ${METRIC_RANGES.join(', ')}` })

/** `/api/v1/metrics/<slug>`: the range of its chart; `period` is the same, as Statuspage and Cachet spell it. */
export const MetricQuery = z.object({
  range: metricRange.optional().describe('day (5-minute points), week or month (hourly points); default day'),
  period: metricRange.optional().describe('the same as range; range wins when both are given'),
} satisfies QueryShape<'/api/v1/metrics/[slug]'>)

export const MetricSummary = z.object({
  slug: z.string(),
  name: z.string(),
  unit: z.string().describe('printed after each value; empty when none'),
  decimals: z.number().int(),
  aggregation: z.enum(METRIC_AGGREGATIONS).describe('how the points of a 5-minute or hourly bucket combine'),
  service: z.string().nullable().describe('the slug of the service it belongs to'),
  services: z.array(z.string()).describe('the slugs of its services (none or one)'),
  periods: z.array(z.enum(METRIC_RANGES)),
})
export const MetricListResponse = envelope(z.array(MetricSummary).describe('in display order'))

export const MetricPointsBody = MetricSummary.extend({
  range: z.enum(METRIC_RANGES),
  resolution: z.number().int().describe('seconds per point'),
  from: z.string().describe('ISO 8601, the start of the range'),
  to: z.string().describe('ISO 8601, the end of the range'),
  points: z.array(z.object({ t: z.string().describe('ISO 8601, the start of its bucket'), v: z.number() })),
})
export const MetricPointsResponse = envelope(MetricPointsBody)

/** Each /api/v1 route's query schema, by path (tests/unit/edge/public-paths.query-parameters.test.ts holds them to the edge's list). */
export const API_QUERIES = {
  '/api/v1/incidents': IncidentListQuery,
  '/api/v1/maintenances': MaintenanceListQuery,
  '/api/v1/uptime': UptimeQuery,
  '/api/v1/metrics/[slug]': MetricQuery,
} as const satisfies Record<ApiQueryRoute, z.ZodObject>

export type UptimeQuery = z.output<typeof UptimeQuery>
export type Uptime = z.output<typeof Uptime>
export type UptimeCompact = z.output<typeof UptimeCompact>
export type IncidentListQuery = z.output<typeof IncidentListQuery>
export type MaintenanceListQuery = z.output<typeof MaintenanceListQuery>
export type Incident = z.output<typeof Incident>
export type Maintenance = z.output<typeof Maintenance>
export type Service = z.output<typeof Service>
export type ServiceGroup = z.output<typeof ServiceGroup>
export type StatusSummary = z.output<typeof StatusSummary>
export type Problem = z.output<typeof Problem>
