/**
 * The demo reset: one verb that wipes what visitors made and writes the demo data again (seed-data.ts), through the Local API with
 * one `req` so the hooks derive statuses, slugs and short ids (SKIP_NOTIFICATIONS keeps subscribers from hearing of
 * seed data). It runs behind the request gate and, on PostgreSQL, in one transaction, so no visitor sees it half
 * done. docs/architecture.md, "Demo mode".
 */
import type { Payload, PayloadRequest } from 'payload'

import { AUDIT_TABLE } from '@/audit/record'
import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'
import { bumpDataVersion, type ChangeScope, withChangeScope } from '@/runtime/data-version'
import { exclusively } from '@/runtime/request-gate'
import { testHooks } from '@/runtime/test-hooks'

import type { DemoConfig } from '@/domain/demo'
import { DEMO_HISTORY_DAYS, demoHistory, demoSeed, richParagraph } from './seed-data'

/** What visitors can make, children before parents (deliveries before notifications, services before groups). */
const WIPED = [
  'integration-events',
  'integrations',
  'service-status-changes',
  'notification-deliveries',
  'notifications',
  'payload-jobs',
  'incidents',
  'maintenances',
  'subscribers',
  'pages',
  'services',
  'service-groups',
  'media',
] as const

async function wipe(req: PayloadRequest, config: DemoConfig): Promise<void> {
  for (const collection of WIPED) {
    await req.payload.delete({ collection, where: { id: { exists: true } }, overrideAccess: true, depth: 0, req })
  }
  await req.payload.delete({
    collection: 'users',
    where: { email: { not_equals: config.email } },
    overrideAccess: true,
    depth: 0,
    req,
  })
  // The demo's data is thrown away, and so is the log of what visitors did with it (the wipe's deletions included):
  // the seed's writes, by "demo reset", begin the next one. One statement; the log is not a collection to wipe.
  const db = await connectionFor(req.payload, req)
  await db.delete(tableOf(req.payload, AUDIT_TABLE))
}

/**
 * The shared account: created when missing; its role and name restored when present, and its password when asked
 * (at start, so a changed DEMO_USER_PASSWORD takes effect). Setting a password ends the account's sessions, so the
 * periodic resets leave it alone and visitors stay logged in.
 */
async function ensureDemoUser(req: PayloadRequest, config: DemoConfig, restorePassword: boolean): Promise<void> {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: config.email } },
    limit: 1,
    overrideAccess: true,
    depth: 0,
    req,
  })
  const data = { email: config.email, role: 'admin' as const, name: 'Demo user' }
  const user = docs[0]
  if (!user)
    await req.payload.create({
      collection: 'users',
      data: { ...data, password: config.password },
      overrideAccess: true,
      depth: 0,
      req,
    })
  // Left alone when nothing changed: a visitor editing the account would be told someone else changed it.
  else if (restorePassword || user.role !== data.role || user.name !== data.name) {
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: restorePassword ? { ...data, password: config.password } : data,
      overrideAccess: true,
      depth: 0,
      req,
    })
  }
}

async function resetSettings(req: PayloadRequest, settings: ReturnType<typeof demoSeed>['settings']): Promise<void> {
  const write = { overrideAccess: true, depth: 0, req } as const
  await req.payload.updateGlobal({
    slug: 'settings',
    data: {
      ...settings,
      statusMessage: null,
      maintenanceMode: false,
      publicUrl: null,
      logo: null,
      favicon: null,
      sections: [],
    },
    ...write,
  })
  await req.payload.updateGlobal({
    slug: 'email-settings',
    data: { host: null, port: 587, security: 'starttls', user: null, password: null, from: null, replyTo: null },
    ...write,
  })
  await req.payload.updateGlobal({
    slug: 'sms-settings',
    data: { enabled: false, apiBaseUrl: 'https://api.twilio.com', accountSid: null, authToken: null, fromNumber: null },
    ...write,
  })
}

async function seed(req: PayloadRequest, now: Date): Promise<void> {
  const data = demoSeed(now)
  const write = { overrideAccess: true, depth: 0, req } as const
  const serviceIds = new Map<string, number>()
  // The services exist for the whole window of the uptime bars, with a history of statuses over it.
  const createdAt = new Date(now.getTime() - DEMO_HISTORY_DAYS * 24 * 60 * 60 * 1000).toISOString()
  const history = demoHistory(now)
  for (const [index, group] of data.groups.entries()) {
    const created = await req.payload.create({
      collection: 'service-groups',
      data: { name: group.name, description: group.description, displayOrder: index },
      ...write,
    })
    for (const [order, service] of group.services.entries()) {
      const doc = await req.payload.create({
        collection: 'services',
        data: { ...service, group: created.id, displayOrder: order, createdAt },
        ...write,
      })
      serviceIds.set(service.name, doc.id)
      for (const row of history[service.name] ?? []) {
        await req.payload.create({
          collection: 'service-status-changes',
          data: { service: doc.id, fromStatus: row.from, toStatus: row.to, at: row.at, source: 'manual' },
          ...write,
        })
      }
    }
  }
  const ids = (names: string[]) =>
    names.map((name) => serviceIds.get(name)).filter((id): id is number => id !== undefined)
  for (const incident of data.incidents) {
    await req.payload.create({
      collection: 'incidents',
      // The record starts with its first update, so "ongoing for", "resolved after" and the history read right.
      data: {
        title: incident.title,
        affectedServices: ids(incident.affects),
        updates: incident.updates,
        createdAt: incident.updates[0].createdAt,
      },
      ...write,
    })
  }
  for (const { affects, description, ...maintenance } of data.maintenances) {
    await req.payload.create({
      collection: 'maintenances',
      // status: the hook derives it from the window; the type wants the field.
      data: {
        ...maintenance,
        status: 'upcoming',
        affectedServices: ids(affects),
        description: richParagraph(description),
      },
      ...write,
    })
  }
  for (const subscriber of data.subscribers) {
    await req.payload.create({
      collection: 'subscribers',
      data: { ...subscriber, verified: true, active: true, verifiedAt: now.toISOString() },
      ...write,
    })
  }
  await resetSettings(req, data.settings)
}

export interface ResetOptions {
  /**
   * At start: set the demo user's password from DEMO_USER_PASSWORD again, and do not wait for the requests inside
   * the gate: they are waiting for Payload's start, which runs this reset, so they could only time the wait out.
   */
  atStart?: boolean
}

export async function resetDemo(
  payload: Payload,
  config: DemoConfig,
  now = new Date(),
  { atStart = false }: ResetOptions = {},
): Promise<void> {
  let transactional = true
  await exclusively(
    async () => {
      // The hooks mark this scope instead of bumping the data version at each write: the edge's copies of the site
      // as it was stay fresh until the commit.
      const scope: ChangeScope = { changed: false, settled: false }
      try {
        await withChangeScope(scope, () =>
          inTransaction(
            payload,
            async (req, opened) => {
              transactional = opened
              await wipe(req, config)
              await testHooks().duringDemoReset?.()
              await ensureDemoUser(req, config, atStart)
              await seed(req, now)
            },
            // skipStatusHistory: the seed writes each service's history itself, from the start of the bars' window.
            { skipNotifications: true, demoReset: true, clearSecrets: true, skipStatusHistory: true },
          ),
        )
      } finally {
        // Whatever runs later on behalf of the reset bumps at once.
        scope.settled = true
      }
      bumpDataVersion()
    },
    { drainMs: atStart ? 0 : undefined, failureLeavesChanges: () => !transactional },
  )
}
