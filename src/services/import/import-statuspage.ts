/**
 * One use case: a Statuspage page's records (src/services/import/statuspage-source.ts) and subscribers written as
 * ours (docs/import.md). Every write carries `skipNotifications`: imported history is news to nobody. A record
 * already imported (found by `importedFrom`, a subscriber by its address) is left as it is, so a second run
 * changes nothing. A dry run reads what exists and writes nothing.
 */
import type { Payload, PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import {
  importedKey,
  incidentStatusFrom,
  type ImportedSubscriber,
  maintenanceStatusFrom,
  postmortemDocument,
  serviceStatusFrom,
} from '@/domain/statuspage-import'
import type { IncidentStatus } from '@/domain/statuses'
import type { Maintenance } from '@/payload-types'

import type { SpComponent, SpIncident, SpUpdate, StatuspageDocuments } from './internal'

type Kind = 'groups' | 'services' | 'incidents' | 'maintenances' | 'subscribers'
const KINDS: Kind[] = ['groups', 'services', 'incidents', 'maintenances', 'subscribers']

export interface ImportReport {
  dryRun: boolean
  created: Record<Kind, number>
  unchanged: Record<Kind, number>
  /** What could not be mapped, one sentence each. */
  unmapped: string[]
}

export interface ImportOptions {
  dryRun?: boolean
  subscribers?: ImportedSubscriber[]
  progress?: (line: string) => void
}

interface Run {
  req: PayloadRequest
  report: ImportReport
  dryRun: boolean
  progress: (line: string) => void
  /** Statuspage component id → our service id (0 in a dry run for one not yet created). */
  services: Map<string, number>
  serviceNames: Map<string, number>
}

const counts = (): Record<Kind, number> => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>
const iso = (value: string | null | undefined): string | undefined =>
  value && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : undefined
const timeOf = (u: SpUpdate) => iso(u.display_at) ?? iso(u.created_at)

async function existing(
  run: Run,
  collection: 'service-groups' | 'services' | 'incidents' | 'maintenances',
  id: string,
) {
  const { docs } = await run.req.payload.find({
    collection,
    where: { importedFrom: { equals: importedKey(id) } },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req: run.req,
  })
  return docs[0] as { id: number } | undefined
}

/** Groups first, then their services; a component outside any group goes into one group named after the page. */
async function importComponents(run: Run, source: StatuspageDocuments): Promise<void> {
  const groups = new Map<string, number>()
  const byPosition = (a: SpComponent, b: SpComponent) => (a.position ?? 0) - (b.position ?? 0)
  for (const group of source.components.filter((c) => c.group).sort(byPosition)) {
    const found = await existing(run, 'service-groups', group.id)
    if (found) {
      run.report.unchanged.groups++
      groups.set(group.id, found.id)
      continue
    }
    run.report.created.groups++
    run.progress(`Group ${group.name}`)
    groups.set(group.id, run.dryRun ? 0 : (await createGroup(run, group)).id)
  }
  let fallback: number | undefined
  for (const component of source.components.filter((c) => !c.group).sort(byPosition)) {
    const found = await existing(run, 'services', component.id)
    if (found) {
      run.report.unchanged.services++
      run.services.set(component.id, found.id)
      run.serviceNames.set(component.name, found.id)
      continue
    }
    let group = component.group_id ? groups.get(component.group_id) : undefined
    if (group === undefined) {
      run.report.unmapped.push(
        `component "${component.name}" (${component.id}) has no group: put in the group "${source.pageName ?? 'Services'}"`,
      )
      if (fallback === undefined) {
        const name = source.pageName ?? 'Services'
        const ungrouped = { id: 'ungrouped', name, position: 0, group: true } as SpComponent
        run.report.created.groups++
        fallback = run.dryRun ? 0 : (await createGroup(run, ungrouped, null)).id
      }
      group = fallback
    }
    const status = serviceStatusFrom(component.status)
    if (!status)
      run.report.unmapped.push(`component "${component.name}": status "${component.status}" read as operational`)
    run.report.created.services++
    run.progress(`Service ${component.name}`)
    const id = run.dryRun ? 0 : await createService(run, component, group, status ?? 'operational')
    run.services.set(component.id, id)
    run.serviceNames.set(component.name, id)
  }
}

async function createGroup(run: Run, group: SpComponent, importedFrom: string | null = importedKey(group.id)) {
  return run.req.payload.create({
    collection: 'service-groups',
    data: {
      name: group.name,
      description: group.description ?? undefined,
      displayOrder: group.position ?? 0,
      importedFrom,
      ...(iso(group.created_at) && { createdAt: iso(group.created_at) }),
    },
    overrideAccess: true,
    depth: 0,
    req: run.req,
  })
}

async function createService(run: Run, c: SpComponent, group: number, status: string): Promise<number> {
  const createdAt = iso(c.created_at)
  const doc = await run.req.payload.create({
    collection: 'services',
    data: {
      name: c.name,
      description: c.description ?? undefined,
      group,
      status: status as never,
      displayOrder: c.position ?? 0,
      importedFrom: importedKey(c.id),
      ...(createdAt && { createdAt }),
    },
    overrideAccess: true,
    depth: 0,
    req: run.req,
  })
  // Its history starts when it started on the old page, not at the import.
  if (createdAt)
    await run.req.payload.update({
      collection: 'service-status-changes',
      where: { and: [{ service: { equals: doc.id } }, { source: { equals: 'initial' } }] },
      data: { at: createdAt },
      overrideAccess: true,
      depth: 0,
      req: run.req,
    })
  return doc.id
}

function serviceOf(run: Run, code: string, where: string): number | undefined {
  const id = run.services.get(code)
  if (id === undefined) run.report.unmapped.push(`${where}: component ${code} is not on the page, left out`)
  return id
}

/** An incident's updates, oldest first, as ours: each told to nobody. */
function incidentUpdates(run: Run, incident: SpIncident) {
  const where = `incident "${incident.name}" (${incident.id})`
  let last: IncidentStatus = 'investigating'
  return [...(incident.incident_updates ?? [])]
    .sort((a, b) => (timeOf(a) ?? '').localeCompare(timeOf(b) ?? ''))
    .map((u) => {
      const status = incidentStatusFrom(u.status)
      if (!status) run.report.unmapped.push(`${where}: update status "${u.status}" read as "${last}"`)
      last = status ?? last
      const serviceStatuses = (u.affected_components ?? []).flatMap((a) => {
        const service = serviceOf(run, a.code, where)
        const to = serviceStatusFrom(a.new_status)
        if (service !== undefined && !to)
          run.report.unmapped.push(`${where}: component status "${a.new_status}" left out`)
        return service !== undefined && to ? [{ service, status: to }] : []
      })
      // Kept as the old page had it: what tells nobody now is the write's skipNotifications, not this flag.
      return {
        status: last,
        message: u.body || '-',
        createdAt: timeOf(u),
        notify: u.deliver_notifications !== false,
        serviceStatuses,
      }
    })
}

async function importIncident(run: Run, incident: SpIncident): Promise<void> {
  if (await existing(run, 'incidents', incident.id)) return void run.report.unchanged.incidents++
  run.report.created.incidents++
  run.progress(`Incident ${incident.name}`)
  const updates = incidentUpdates(run, incident)
  if (updates.length === 0) {
    run.report.unmapped.push(`incident "${incident.name}" (${incident.id}) has no updates: given one from its status`)
    updates.push({
      status: incidentStatusFrom(incident.status) ?? 'investigating',
      message: incident.name,
      createdAt: iso(incident.created_at),
      notify: false,
      serviceStatuses: [],
    })
  }
  const affected = (incident.components ?? []).flatMap((c) => serviceOf(run, c.id, `incident "${incident.name}"`) ?? [])
  const newest = updates.at(-1)!
  const resolved = newest.status === 'resolved'
  const postmortem = incident.postmortem_body?.trim()
  if (run.dryRun) return
  await run.req.payload.create({
    collection: 'incidents',
    data: {
      title: incident.name,
      importedFrom: importedKey(incident.id),
      // A resolved incident is history: it leaves the services' current statuses alone and writes their history at
      // its own times (src/domain/backfill.ts). An open one sets them, as it does on the old page.
      backfilled: resolved,
      affectedServices: affected,
      updates,
      ...(iso(incident.created_at) && { createdAt: iso(incident.created_at) }),
      ...(postmortem && {
        postmortem: postmortemDocument(postmortem) as never,
        postmortemPublishedAt:
          iso(incident.postmortem_published_at) ?? iso(incident.resolved_at) ?? newest.createdAt ?? undefined,
      }),
    },
    overrideAccess: true,
    depth: 0,
    req: run.req,
  })
}

async function importMaintenance(run: Run, m: SpIncident): Promise<void> {
  if (await existing(run, 'maintenances', m.id)) return void run.report.unchanged.maintenances++
  const where = `maintenance "${m.name}" (${m.id})`
  const start = iso(m.scheduled_for)
  if (!start) return void run.report.unmapped.push(`${where} has no scheduled_for: left out`)
  const status = maintenanceStatusFrom(m.status)
  if (!status) run.report.unmapped.push(`${where}: status "${m.status}" left to the schedule`)
  run.report.created.maintenances++
  run.progress(`Maintenance ${m.name}`)
  const updates = [...(m.incident_updates ?? [])]
    .sort((a, b) => (timeOf(a) ?? '').localeCompare(timeOf(b) ?? ''))
    .map((u) => ({
      message: u.body || '-',
      createdAt: timeOf(u) ?? iso(m.created_at) ?? null,
      notify: u.deliver_notifications !== false,
    }))
  if (run.dryRun) return
  await run.req.payload.create({
    collection: 'maintenances',
    data: {
      title: m.name,
      importedFrom: importedKey(m.id),
      scheduledStartAt: start,
      scheduledEndAt: iso(m.scheduled_until) ?? null,
      affectedServices: (m.components ?? []).flatMap((c) => serviceOf(run, c.id, where) ?? []),
      // What is still to come is announced when it comes (start, end), as the old page would have; the past is not.
      notifySubscribers: status !== 'completed',
      // A window already over completes by the schedule at its end; one completed early is completed now.
      ...(status === 'completed' &&
        !(iso(m.scheduled_until)! < new Date().toISOString()) && { status: 'completed' as const }),
      updates,
      ...(iso(m.created_at) && { createdAt: iso(m.created_at) }),
    } as Omit<Maintenance, 'id' | 'updatedAt' | 'createdAt' | 'shortId'>,
    overrideAccess: true,
    depth: 0,
    req: run.req,
  })
}

const ADDRESS = { email: 'email', sms: 'phone', webhook: 'url' } as const

async function importSubscriber(run: Run, s: ImportedSubscriber): Promise<void> {
  const field = ADDRESS[s.type]
  const address = s[field]!
  const { totalDocs } = await run.req.payload.count({
    collection: 'subscribers',
    where: { and: [{ [field]: { equals: address } }, { pageKey: { equals: 0 } }, { incidentKey: { equals: 0 } }] },
    overrideAccess: true,
    req: run.req,
  })
  if (totalDocs > 0) return void run.report.unchanged.subscribers++
  const services = s.components.flatMap((c) => {
    const id = run.services.get(c) ?? run.serviceNames.get(c)
    if (id === undefined)
      run.report.unmapped.push(`subscriber ${address}: component "${c}" is not on the page, left out`)
    return id === undefined ? [] : [id]
  })
  if (s.components.length > 0 && services.length === 0) {
    // Every component it chose is gone: subscribing it to everything would send it what it never asked for.
    return void run.report.unmapped.push(`subscriber ${address}: none of its components is on the page, left out`)
  }
  run.report.created.subscribers++
  if (run.dryRun) return
  const at = s.createdAt ?? new Date().toISOString()
  await run.req.payload.create({
    collection: 'subscribers',
    data: {
      type: s.type,
      [field]: address,
      ...(s.contactEmail && { contactEmail: s.contactEmail }),
      services,
      // Confirmed as they were on the old page: they are sent no confirmation.
      verified: true,
      verifiedAt: at,
      active: true,
      createdAt: at,
    },
    overrideAccess: true,
    depth: 0,
    req: run.req,
  })
}

/** Imports `source` (and the subscribers) into the site of `payload`; the report says what it did and could not. */
export async function importStatuspage(
  payload: Payload,
  source: StatuspageDocuments,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const report: ImportReport = { dryRun: Boolean(options.dryRun), created: counts(), unchanged: counts(), unmapped: [] }
  await inTransaction(
    payload,
    async (req) => {
      const run: Run = {
        req,
        report,
        dryRun: report.dryRun,
        progress: options.progress ?? (() => {}),
        services: new Map(),
        serviceNames: new Map(),
      }
      await importComponents(run, source)
      const oldestFirst = (a: SpIncident, b: SpIncident) =>
        (iso(a.created_at) ?? '').localeCompare(iso(b.created_at) ?? '')
      for (const incident of [...source.incidents].sort(oldestFirst)) await importIncident(run, incident)
      for (const m of [...source.maintenances].sort(oldestFirst)) await importMaintenance(run, m)
      for (const s of options.subscribers ?? []) await importSubscriber(run, s)
    },
    { skipNotifications: true },
  )
  return report
}
