/**
 * The shapes of Atlassian Statuspage's public API v2 as we serve them at /api/v2 (docs/api.md): they type the
 * serializers and generate /api/v2/openapi.json.
 */
import { z } from 'zod'

import {
  COMPONENT_STATUSES,
  INCIDENT_IMPACTS,
  STATUSPAGE_DESCRIPTIONS,
  STATUSPAGE_INDICATORS,
  STATUSPAGE_MAINTENANCE_STATUSES,
} from '@/domain/statuspage'
import { INCIDENT_STATUSES } from '@/domain/statuses'

/** ISO 8601 with milliseconds and an offset (ours is always Z), as Statuspage writes them. */
const timestamp = z.iso.datetime({ precision: 3, offset: true })

export const Page = z.object({
  id: z.string().regex(/^[a-z0-9]{12}$/),
  name: z.string(),
  url: z.url(),
  time_zone: z.string(),
  updated_at: timestamp,
})

export const Status = z.object({
  indicator: z.enum(STATUSPAGE_INDICATORS),
  description: z
    .string()
    .describe(
      `one of ${STATUSPAGE_DESCRIPTIONS.join(', ')}; with ?locale (or on a page whose default language is not English), the same in that language`,
    ),
})

export const ComponentStatus = z.enum(COMPONENT_STATUSES)

export const Component = z.object({
  id: z.string(),
  name: z.string(),
  status: ComponentStatus.describe('a group: the worst status of its components'),
  created_at: timestamp,
  updated_at: timestamp,
  position: z.int().min(1).describe("1-based, among the page's groups or within its group"),
  description: z.string().nullable(),
  showcase: z.boolean(),
  start_date: z.iso.date().nullable(),
  group_id: z.string().nullable(),
  page_id: z.string(),
  group: z.boolean(),
  only_show_if_degraded: z.boolean(),
  components: z.array(z.string()).optional().describe('only on groups: the ids of its components'),
})

export const AffectedComponent = z.object({
  code: z.string(),
  name: z.string(),
  old_status: ComponentStatus,
  new_status: ComponentStatus,
})

export const IncidentUpdate = z.object({
  id: z.string(),
  status: z.enum([...INCIDENT_STATUSES, ...STATUSPAGE_MAINTENANCE_STATUSES]),
  body: z.string(),
  incident_id: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  display_at: timestamp,
  affected_components: z.array(AffectedComponent).nullable(),
  deliver_notifications: z.boolean(),
  custom_tweet: z.string().nullable(),
  tweet_id: z.string().nullable(),
})

const incidentFields = {
  id: z.string(),
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  monitoring_at: timestamp.nullable(),
  resolved_at: timestamp.nullable(),
  shortlink: z.url(),
  started_at: timestamp,
  page_id: z.string(),
  incident_updates: z.array(IncidentUpdate).describe('newest first'),
  components: z.array(Component),
}

export const Incident = z.object({
  ...incidentFields,
  status: z.enum(INCIDENT_STATUSES),
  impact: z.enum(INCIDENT_IMPACTS).exclude(['maintenance']),
})

export const ScheduledMaintenance = z.object({
  ...incidentFields,
  status: z.enum(STATUSPAGE_MAINTENANCE_STATUSES),
  impact: z.literal('maintenance'),
  scheduled_for: timestamp,
  scheduled_until: timestamp.nullable().describe('null: no planned end'),
})

export const StatusResponse = z.object({ page: Page, status: Status })
export const ComponentsResponse = z.object({ page: Page, components: z.array(Component) })
export const IncidentsResponse = z.object({ page: Page, incidents: z.array(Incident) })
export const ScheduledMaintenancesResponse = z.object({
  page: Page,
  scheduled_maintenances: z.array(ScheduledMaintenance),
})
export const SummaryResponse = z.object({
  page: Page,
  components: z.array(Component),
  incidents: z.array(Incident).describe('the unresolved ones'),
  scheduled_maintenances: z.array(ScheduledMaintenance).describe('the upcoming and in-progress ones'),
  status: Status,
})

export type Page = z.infer<typeof Page>
export type Component = z.infer<typeof Component>
export type IncidentUpdate = z.infer<typeof IncidentUpdate>
export type Incident = z.infer<typeof Incident>
export type ScheduledMaintenance = z.infer<typeof ScheduledMaintenance>
