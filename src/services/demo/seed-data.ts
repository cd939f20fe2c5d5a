/**
 * What a demo reset writes, relative to the moment of the reset (the contract's "Demo mode seed contents"):
 * 3 service groups; 6 services, exactly one degraded; 3 incidents (resolved a few hours ago with 4 updates,
 * ongoing with 2, resolved days ago with 2); 2 maintenances about 7 and 3 days ahead; 2 verified subscribers (one
 * e-mail, one SMS); configured settings. Plain data: src/services/demo/reset.ts writes it through the Local API, so every
 * hook (statuses, slugs, short ids) applies as for an operator's writes.
 */
import type { IncidentStatus, ServiceStatus } from '@/domain/statuses'
import { richTextDocument } from '@/domain/rich-text-document'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export interface SeedService {
  name: string
  description: string
  status: ServiceStatus
}

export interface SeedGroup {
  name: string
  description: string
  services: SeedService[]
}

export interface SeedIncident {
  title: string
  /** Names of affected services. */
  affects: string[]
  updates: { status: IncidentStatus; message: string; createdAt: string }[]
}

export interface SeedMaintenance {
  title: string
  affects: string[]
  description: string
  scheduledStartAt: string
  scheduledEndAt: string
}

export interface DemoSeed {
  groups: SeedGroup[]
  incidents: SeedIncident[]
  maintenances: SeedMaintenance[]
  subscribers: ({ type: 'email'; email: string } | { type: 'sms'; phone: string })[]
  settings: { siteName: string; description: string; timeZone: string }
}

/** A time `offset` from the reset, on a whole minute (the page reads "2 hours ago", not "2 hours 0.3 minutes"). */
function at(now: Date, offset: number): string {
  return new Date(Math.floor((now.getTime() + offset) / MINUTE) * MINUTE).toISOString()
}

/** The three groups and their six services, one of them degraded. */
function demoGroups(): SeedGroup[] {
  return [
    {
      name: 'Core platform',
      description: 'What every customer uses.',
      services: [
        { name: 'Public API', description: 'REST and GraphQL endpoints.', status: 'operational' },
        { name: 'Dashboard', description: 'The web application.', status: 'operational' },
      ],
    },
    {
      name: 'Data',
      description: 'Storage and search.',
      services: [
        { name: 'Database', description: 'Primary PostgreSQL cluster.', status: 'operational' },
        { name: 'Search', description: 'Full-text search.', status: 'operational' },
      ],
    },
    {
      name: 'Communications',
      description: 'What leaves the platform.',
      services: [
        { name: 'E-mail delivery', description: 'Transactional e-mail.', status: 'operational' },
        { name: 'Webhooks', description: 'Outgoing webhook deliveries.', status: 'degraded' },
      ],
    },
  ]
}

/** One incident resolved hours ago, one going on, one resolved days ago. */
function demoIncidents(now: Date): SeedIncident[] {
  /** An update posted `offset` from the reset. */
  const update = (offset: number, status: IncidentStatus, message: string) => ({
    status,
    message,
    createdAt: at(now, offset),
  })
  return [
    {
      title: 'Elevated error rates on the Public API',
      affects: ['Public API'],
      updates: [
        update(-5 * HOUR, 'investigating', 'We are investigating elevated 5xx error rates on the Public API.'),
        update(
          -4.5 * HOUR,
          'identified',
          'A faulty configuration change on one load balancer is the cause. Rolling it back.',
        ),
        update(
          -4 * HOUR,
          'monitoring',
          'The rollback is complete and error rates are back to normal. We are monitoring.',
        ),
        update(-3 * HOUR, 'resolved', 'Error rates have stayed normal for an hour. This incident is resolved.'),
      ],
    },
    {
      title: 'Delayed webhook deliveries',
      affects: ['Webhooks'],
      updates: [
        update(-40 * MINUTE, 'investigating', 'Some webhooks are delivered with a delay of up to 10 minutes.'),
        update(-15 * MINUTE, 'identified', 'A backlog in one delivery queue; more workers are being added.'),
      ],
    },
    {
      title: 'Dashboard sign-in failures',
      affects: ['Dashboard'],
      updates: [
        update(-3 * DAY, 'investigating', 'Some users cannot sign in to the dashboard.'),
        update(
          -3 * DAY + 50 * MINUTE,
          'resolved',
          'An expired certificate on the identity provider was replaced. Sign-in works again.',
        ),
      ],
    },
  ]
}

/** Two maintenances in the coming week. */
function demoMaintenances(now: Date): SeedMaintenance[] {
  return [
    {
      title: 'Database upgrade',
      affects: ['Database', 'Public API'],
      description: 'We upgrade the primary database cluster. Expect brief read-only periods of a few seconds.',
      scheduledStartAt: at(now, 7 * DAY),
      scheduledEndAt: at(now, 7 * DAY + 2 * HOUR),
    },
    {
      title: 'Search index rebuild',
      affects: ['Search'],
      description: 'The search index is rebuilt; results may be incomplete while it runs.',
      scheduledStartAt: at(now, 3 * DAY),
      scheduledEndAt: at(now, 3 * DAY + 90 * MINUTE),
    },
  ]
}

function demoSubscribers(): DemoSeed['subscribers'] {
  return [
    { type: 'email', email: 'subscriber@example.com' },
    { type: 'sms', phone: '+15555550123' },
  ]
}

function demoSettings(): DemoSeed['settings'] {
  return {
    siteName: 'Acme Cloud Status',
    description: 'Live demo of a self-hosted status page. Everything here is reset regularly.',
    timeZone: 'UTC',
  }
}

export function demoSeed(now: Date): DemoSeed {
  return {
    groups: demoGroups(),
    incidents: demoIncidents(now),
    maintenances: demoMaintenances(now),
    subscribers: demoSubscribers(),
    settings: demoSettings(),
  }
}

/** How long before the reset the demo services were created: the whole window of the uptime bars. */
export const DEMO_HISTORY_DAYS = 90

/** One spell of a status other than operational, back to operational at its end (none: still going on). */
interface Spell {
  status: Exclude<ServiceStatus, 'operational'>
  start: number
  end: number | null
}

/**
 * The status history of the demo services (by name), so the bars show 90 plausible days: the spells of the seeded
 * incidents (the Public API's partial outage hours ago, the Dashboard's major outage 3 days ago, the Webhooks'
 * ongoing degradation), and a few short ones that needed no incident. Each service ends in its seeded status.
 */
export function demoHistory(
  now: Date,
): Record<string, { at: string; from: ServiceStatus | null; to: ServiceStatus }[]> {
  const spells: Record<string, Spell[]> = {
    'Public API': [
      { status: 'major', start: -74 * DAY + 9 * HOUR, end: -74 * DAY + 9 * HOUR + 25 * MINUTE },
      { status: 'degraded', start: -33 * DAY + 14 * HOUR, end: -33 * DAY + 16 * HOUR },
      { status: 'partial', start: -5 * HOUR, end: -4 * HOUR },
    ],
    Dashboard: [
      { status: 'maintenance', start: -52 * DAY + 2 * HOUR, end: -52 * DAY + 3 * HOUR },
      { status: 'major', start: -3 * DAY, end: -3 * DAY + 50 * MINUTE },
    ],
    Database: [
      { status: 'partial', start: -41 * DAY + 6 * HOUR, end: -41 * DAY + 6 * HOUR + 45 * MINUTE },
      { status: 'maintenance', start: -12 * DAY + 1 * HOUR, end: -12 * DAY + 3 * HOUR },
    ],
    Search: [
      { status: 'degraded', start: -20 * DAY + 10 * HOUR, end: -20 * DAY + 12 * HOUR + 20 * MINUTE },
      { status: 'partial', start: -63 * DAY + 18 * HOUR, end: -63 * DAY + 19 * HOUR + 30 * MINUTE },
    ],
    'E-mail delivery': [{ status: 'maintenance', start: -60 * DAY + 4 * HOUR, end: -60 * DAY + 6 * HOUR }],
    Webhooks: [
      { status: 'degraded', start: -27 * DAY + 8 * HOUR, end: -27 * DAY + 9 * HOUR },
      { status: 'degraded', start: -40 * MINUTE, end: null },
    ],
  }
  const created = at(now, -DEMO_HISTORY_DAYS * DAY)
  return Object.fromEntries(
    Object.entries(spells).map(([name, list]) => {
      const rows: { at: string; from: ServiceStatus | null; to: ServiceStatus }[] = [
        { at: created, from: null, to: 'operational' },
      ]
      for (const spell of [...list].sort((a, b) => a.start - b.start)) {
        rows.push({ at: at(now, spell.start), from: 'operational', to: spell.status })
        if (spell.end !== null) rows.push({ at: at(now, spell.end), from: spell.status, to: 'operational' })
      }
      return [name, rows]
    }),
  )
}

/** A description as the rich-text editor stores it: one paragraph. */
export const richParagraph = (text: string) => richTextDocument([text])
