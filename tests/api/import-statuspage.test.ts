/**
 * `npm run import -- statuspage`: a page of this service, exported through its own /api/v2 and a subscriber CSV,
 * its records deleted, imported back: the export afterwards equals the one before, field by field; a second run
 * changes nothing; a dry run writes nothing; nobody is notified (docs/import.md).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseSubscriberCsv } from '@/domain/statuspage-import'
import { richTextToText } from '@/format/rich-text'
import { importStatuspage } from '@/services/import/import-statuspage'
import { addDocument, type StatuspageDocuments } from '@/services/import/internal'
import { payload as getPayload } from '../helpers/api'
import { plainRichText } from '../helpers/rich-text'
import { v2 } from '../helpers/statuspage-api'

let payload: Payload
const quiet = { context: { skipNotifications: true }, overrideAccess: true, depth: 0 } as const
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

async function buildPage() {
  const core = await payload.create({ collection: 'service-groups', data: { name: 'Core', displayOrder: 1 }, ...quiet })
  const edge = await payload.create({ collection: 'service-groups', data: { name: 'Edge', displayOrder: 2 }, ...quiet })
  const service = (name: string, group: number, displayOrder: number, status = 'operational') =>
    payload.create({
      collection: 'services',
      data: { name, group, displayOrder, status: status as never, description: `${name} things` },
      ...quiet,
    })
  const api = await service('API', core.id, 1)
  const db = await service('Database', core.id, 2)
  const cdn = await service('CDN', edge.id, 1)
  await payload.create({
    collection: 'incidents',
    data: {
      title: 'Database down',
      affectedServices: [db.id, api.id],
      updates: [
        {
          status: 'investigating',
          message: 'Errors',
          createdAt: ago(300),
          serviceStatuses: [{ service: db.id, status: 'major' }],
        },
        {
          status: 'identified',
          message: 'A full disk',
          createdAt: ago(280),
          serviceStatuses: [{ service: api.id, status: 'degraded' }],
        },
        {
          status: 'monitoring',
          message: 'Space freed',
          createdAt: ago(260),
          serviceStatuses: [{ service: db.id, status: 'degraded' }],
        },
        { status: 'resolved', message: 'All good', createdAt: ago(240) },
      ],
      postmortem: plainRichText('The disk filled up.', 'We alert at 80% now.') as never,
      postmortemPublishedAt: ago(200),
    },
    ...quiet,
  })
  await payload.create({
    collection: 'incidents',
    data: {
      title: 'Slow CDN',
      affectedServices: [cdn.id],
      updates: [
        {
          status: 'investigating',
          message: 'Slow',
          createdAt: ago(30),
          serviceStatuses: [{ service: cdn.id, status: 'partial' }],
        },
      ],
    },
    ...quiet,
  })
  await payload.create({
    collection: 'maintenances',
    data: {
      title: 'Database upgrade',
      scheduledStartAt: ago(2000),
      scheduledEndAt: ago(1900),
      affectedServices: [db.id],
      updates: [{ message: 'Upgrading', createdAt: ago(2100) }],
    } as never,
    ...quiet,
  })
  await payload.create({
    collection: 'maintenances',
    data: {
      title: 'Network work',
      scheduledStartAt: ahead(3000),
      scheduledEndAt: ahead(3100),
      affectedServices: [cdn.id, api.id],
      updates: [{ message: 'Planned', createdAt: ago(10) }],
    } as never,
    ...quiet,
  })
  const subscriber = (data: Record<string, unknown>) =>
    payload.create({ collection: 'subscribers', data: { verified: true, active: true, ...data } as never, ...quiet })
  await subscriber({ type: 'email', email: 'ann@example.com' })
  await subscriber({ type: 'email', email: 'bob@example.com', services: [db.id, cdn.id] })
  await subscriber({ type: 'sms', phone: '+14155550123', services: [api.id] })
  await subscriber({ type: 'webhook', url: 'https://hooks.example.com/status', contactEmail: 'ops@example.com' })
}

const omit = (value: any, ...keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))

/** The page as /api/v2 shows it, with the ids (which depend on database rows) replaced by names. */
async function exported() {
  const [summary, incidents, maintenances] = await Promise.all(
    ['/summary.json', '/incidents.json', '/scheduled-maintenances.json'].map((p) => v2(p)),
  )
  const names = new Map<string, string>(summary.body.components.map((c: any) => [c.id, c.name]))
  // Ids depend on database rows (and updated_at on the write): names stand for them.
  const component = (c: any) => ({
    ...omit(c, 'id', 'group_id', 'components', 'page_id', 'updated_at'),
    group: names.get(c.group_id) ?? c.group,
    components: c.components?.map((id: string) => names.get(id)),
  })
  const record = (r: any) => ({
    ...omit(r, 'id', 'page_id', 'shortlink', 'updated_at', 'components', 'incident_updates'),
    components: r.components.map((c: any) => c.name),
    incident_updates: r.incident_updates.map((u: any) => ({
      ...omit(u, 'id', 'incident_id', 'affected_components', 'updated_at'),
      affected_components: u.affected_components?.map((a: any) => omit(a, 'code')) ?? null,
    })),
  })
  return {
    raw: { summary: summary.body, incidents: incidents.body, maintenances: maintenances.body },
    components: summary.body.components.map(component),
    incidents: incidents.body.incidents.map(record),
    maintenances: maintenances.body.scheduled_maintenances.map(record),
  }
}

async function subscriberRows() {
  const { docs } = await payload.find({
    collection: 'subscribers',
    depth: 1,
    pagination: false,
    sort: 'id',
    overrideAccess: true,
  })
  return docs.map((s: any) => ({
    type: s.type,
    address: s.email ?? s.phone ?? s.url,
    contactEmail: s.contactEmail ?? null,
    verified: s.verified,
    active: s.active,
    services: (s.services ?? []).map((x: any) => x.name).sort(),
  }))
}

/** Statuspage's subscriber export: one row each, the components by their Statuspage ids. */
function subscriberCsv(subscribers: any[], componentIds: Map<string, string>): string {
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`
  const lines = subscribers.map((s) =>
    [
      s.type,
      s.type === 'email' ? s.address : (s.contactEmail ?? ''),
      s.type === 'sms' ? s.address : '',
      '',
      s.type === 'webhook' ? s.address : '',
      s.services.map((name: string) => componentIds.get(name)).join(';'),
    ]
      .map(quote)
      .join(','),
  )
  return ['Type,Email,Phone Number,Phone Country,Endpoint,Components', ...lines].join('\r\n')
}

async function counts() {
  const slugs = [
    'service-groups',
    'services',
    'incidents',
    'maintenances',
    'subscribers',
    'notifications',
    'notification-deliveries',
  ] as const
  const entries = await Promise.all(
    slugs.map(async (collection) => [
      collection,
      (await payload.count({ collection, overrideAccess: true })).totalDocs,
    ]),
  )
  const jobs = await payload.count({ collection: 'payload-jobs', overrideAccess: true })
  return { ...Object.fromEntries(entries), jobs: jobs.totalDocs }
}

let before: Awaited<ReturnType<typeof exported>>
let subscribersBefore: Awaited<ReturnType<typeof subscriberRows>>
let source: StatuspageDocuments
let csv: string

beforeAll(async () => {
  payload = await getPayload()
  await buildPage()
  before = await exported()
  subscribersBefore = await subscriberRows()
  source = { components: [], incidents: [], maintenances: [] }
  addDocument(source, before.raw.summary)
  addDocument(source, before.raw.incidents)
  addDocument(source, before.raw.maintenances)
  // Our /api/v2 has no postmortem, as Statuspage's public API has none: the management API's field carries it.
  const [withPostmortem] = (
    await payload.find({ collection: 'incidents', where: { postmortem: { exists: true } }, overrideAccess: true })
  ).docs
  const spIncident = source.incidents.find((i) => i.name === withPostmortem.title)!
  spIncident.postmortem_body = richTextToText(withPostmortem.postmortem).replace(/\n+/g, '\n\n')
  spIncident.postmortem_published_at = withPostmortem.postmortemPublishedAt
  const componentIds = new Map<string, string>(before.raw.summary.components.map((c: any) => [c.name, c.id]))
  csv = subscriberCsv(subscribersBefore, componentIds)
  for (const collection of ['subscribers', 'incidents', 'maintenances', 'services', 'service-groups'] as const)
    await payload.delete({ collection, where: { id: { exists: true } }, ...quiet })
  for (const collection of ['notifications', 'notification-deliveries', 'payload-jobs'] as const)
    await payload.delete({ collection, where: { id: { exists: true } }, overrideAccess: true })
}, 60_000)

describe('import from Statuspage', () => {
  it('a dry run reports what it would create and writes nothing', async () => {
    const empty = await counts()
    const { subscribers, problems } = parseSubscriberCsv(csv)
    expect(problems).toEqual([])
    const report = await importStatuspage(payload, source, { dryRun: true, subscribers })
    expect(report.created).toEqual({ groups: 2, services: 3, incidents: 2, maintenances: 2, subscribers: 4 })
    expect(await counts()).toEqual(empty)
  })

  it('brings the page back as it was, field by field, and tells nobody', async () => {
    const { subscribers } = parseSubscriberCsv(csv)
    const report = await importStatuspage(payload, source, { subscribers })
    expect(report.created).toEqual({ groups: 2, services: 3, incidents: 2, maintenances: 2, subscribers: 4 })
    expect(report.unmapped).toEqual([])
    const after = await exported()
    expect(after.components).toEqual(before.components)
    expect(after.incidents).toEqual(before.incidents)
    expect(after.maintenances).toEqual(before.maintenances)
    expect(await subscriberRows()).toEqual(subscribersBefore)
    const [incident] = (
      await payload.find({ collection: 'incidents', where: { postmortem: { exists: true } }, overrideAccess: true })
    ).docs
    expect(richTextToText(incident.postmortem)).toBe('The disk filled up.\n\nWe alert at 80% now.')
    const { notifications, 'notification-deliveries': deliveries, jobs } = await counts()
    expect({ notifications, deliveries, jobs }).toEqual({ notifications: 0, deliveries: 0, jobs: 0 })
  })

  it('a second run changes nothing', async () => {
    const first = await exported()
    const rows = await subscriberRows()
    const report = await importStatuspage(payload, source, { subscribers: parseSubscriberCsv(csv).subscribers })
    expect(report.created).toEqual({ groups: 0, services: 0, incidents: 0, maintenances: 0, subscribers: 0 })
    expect(report.unchanged).toEqual({ groups: 2, services: 3, incidents: 2, maintenances: 2, subscribers: 4 })
    expect((await exported()).raw).toEqual(first.raw)
    expect(await subscriberRows()).toEqual(rows)
  })

  it.runIf(process.env.TEST_DIALECT !== 'postgres')(
    'runs as npm run import with a saved JSON file',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'import-'))
      const file = path.join(dir, 'components.json')
      const page = { id: 'p1', name: 'Old page' }
      writeFileSync(
        file,
        JSON.stringify({
          page,
          components: [
            { id: 'grp000000001', name: 'Payments', group: true, position: 3, components: ['cmp000000001'] },
            {
              id: 'cmp000000001',
              name: 'Card API',
              status: 'degraded_performance',
              group_id: 'grp000000001',
              position: 1,
            },
            { id: 'cmp000000002', name: 'Loose', status: 'sparkling', group_id: null, position: 2 },
          ],
        }),
      )
      const run = promisify(execFile)
      const { stdout } = await run(
        process.execPath,
        ['--no-deprecation', '--conditions=production', '--import', 'tsx', 'scripts/import.ts', 'statuspage', file],
        { env: process.env, timeout: 120_000 },
      )
      expect(stdout).toContain('Created: 2 groups, 2 services')
      expect(stdout).toContain('component "Loose" (cmp000000002) has no group')
      expect(stdout).toContain('status "sparkling" read as operational')
      const { docs } = await payload.find({
        collection: 'services',
        where: { name: { equals: 'Card API' } },
        overrideAccess: true,
      })
      expect(docs.map((s) => [s.status, s.importedFrom])).toEqual([['degraded', 'statuspage:cmp000000001']])
    },
    150_000,
  )
})
