/**
 * A monitoring event applied to incidents: the one use case behind POST /api/integrations/webhook. Reads the newest
 * incident of the event's (integration, key), asks the state machine (src/domain/alert-incident.ts) what to do,
 * writes it and logs the outcome. Tools retry and repeat, so it must be idempotent across retries, instances and a
 * person's concurrent save: docs/architecture.md, "Monitoring integrations" (Idempotent under retries, A person's
 * work is kept).
 */
import { and, eq } from '@payloadcms/db-sqlite/drizzle'
import pLimit from 'p-limit'
import { type Payload, type PayloadRequest, ValidationError } from 'payload'

import { relationIds } from '@/db/relation-id'
import { env } from '@/config/env'

import {
  automatedUpdateSlot,
  decide,
  type Decision,
  type KeyState,
  NOTHING_REASON_TEXT,
  type NamedImpact,
} from '@/domain/alert-incident'
import type { IntegrationEventOutcome } from '@/domain/integration-outcomes'
import { eventImpact, eventSignature, type MonitoringEvent } from '@/domain/monitoring-event'
import { type IncidentStatus, SERVICE_STATUS_LABELS, type ServiceStatus } from '@/domain/statuses'
import { Unavailable } from '@/errors'
import { oneAtATime } from '@/integrations/key-lock'
import { MAX_ARRAY_ROWS } from '@/cms-api/input-rules'
import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'
import type { Incident, Integration } from '@/payload-types'
import { type IncidentUpdateRow, incidentUpdateRows } from './update-rows'
import { customerMessage, customerTitle, describeImpact, incidentHolder, servicesOf } from './internal'
import { lockServiceStatuses, statusesWithout } from '../service-status/internal'

export interface Applied {
  outcome: IntegrationEventOutcome
  incident: { id: number; shortId: string } | null
  detail: string
  /** The statuses the event set, in words (for the events log). */
  statuses?: string
}

/** The incident's updates with the automation's next one, appended or coalesced (domain/alert-incident.ts). */
function withAutomatedUpdate(incident: Incident, update: IncidentUpdateRow): IncidentUpdateRow[] {
  const rows = incidentUpdateRows(incident)
  const row = { ...update, automated: true }
  const { replace } = automatedUpdateSlot(rows, MAX_ARRAY_ROWS)
  return replace === null ? [...rows, row] : [...rows.slice(0, replace), ...rows.slice(replace + 1), row]
}

async function newestIncidentOfKey(req: PayloadRequest, integration: number, key: string): Promise<Incident | null> {
  const { docs } = await req.payload.find({
    collection: 'incidents',
    where: { and: [{ integration: { equals: integration } }, { integrationKey: { equals: key } }] },
    sort: '-createdAt',
    limit: 1,
    depth: 0,
    showHiddenFields: true,
    overrideAccess: true,
    req,
  })
  return (docs[0] as Incident | undefined) ?? null
}

/** The key's signature once its alerts resolved after a person had resolved the incident. */
const CLOSED_BY_PERSON = 'closed-by-person'

function keyStateOf(incident: Incident | null): KeyState | null {
  if (!incident) return null
  return {
    incidentStatus: incident.status as IncidentStatus,
    alertState: incident.integrationAlertState === 'firing' ? 'firing' : 'resolved',
    signature: incident.integrationSignature ?? '',
    // Reopening concerns what the automation resolved; an incident a person resolved stays resolved.
    resolvedAt:
      incident.status === 'resolved' && incident.resolvedAt && incident.integrationSignature !== CLOSED_BY_PERSON
        ? new Date(incident.resolvedAt)
        : null,
  }
}

/**
 * What a claim found: `won` (the incident was as read and is now ours until the commit); `taken` (another copy of
 * the same notification moved the key's state first); `changed` (somebody saved the incident since it was read).
 */
type ClaimResult = 'won' | 'taken' | 'changed'

/**
 * Claims the key's next state with one conditional UPDATE: only the writer that still sees the incident it read
 * wins; a concurrent copy of the same notification (another instance) finds the key's state changed and writes
 * nothing, and a write that finds only the incident changed reads it again rather than write back a stale list.
 */
async function claim(
  req: PayloadRequest,
  incident: Incident,
  next: { signature: string; alertState: 'firing' | 'resolved' },
): Promise<ClaimResult> {
  const db = await connectionFor(req.payload, req)
  const t = tableOf(req.payload, 'incidents')
  const signature = incident.integrationSignature ?? ''
  const alertState = incident.integrationAlertState ?? 'firing'
  const claimed: { id: number }[] = await db
    .update(t)
    .set({
      integrationSignature: next.signature,
      integrationAlertState: next.alertState,
      ...(next.alertState === 'resolved' ? { integrationOpenKey: null } : {}),
    })
    .where(
      and(
        eq(t.id, incident.id),
        eq(t.integrationSignature, signature),
        eq(t.integrationAlertState, alertState),
        eq(t.updatedAt, incident.updatedAt),
      ),
    )
    .returning({ id: t.id })
  if (claimed.length === 1) return 'won'
  const [now]: { signature: string | null; alertState: string | null }[] = await db
    .select({ signature: t.integrationSignature, alertState: t.integrationAlertState })
    .from(t)
    .where(eq(t.id, incident.id))
  return now && (now.signature ?? '') === signature && (now.alertState ?? 'firing') === alertState ? 'changed' : 'taken'
}

/** How often an event is applied again to an incident people keep saving under it, before the tool is asked to retry. */
const APPLY_ATTEMPTS = 5

/** The services the automation's last update set to something other than operational. */
function lastSetServices(incident: Incident): Set<number> {
  const rows = incidentUpdateRows(incident)
  for (let index = rows.length - 1; index >= 0; index--) {
    const statuses = rows[index].serviceStatuses
    if (statuses && statuses.length > 0) {
      return new Set(
        relationIds(statuses.filter((entry) => entry.status !== 'operational').map((entry) => entry.service)),
      )
    }
  }
  return new Set()
}

const isOpenKeyConflict = (error: unknown) =>
  error instanceof ValidationError &&
  (error.data?.errors ?? []).some((entry: { path?: string }) => entry.path === 'integrationOpenKey')

/**
 * At most this many notifications are applied at once per instance. Each holds a transaction's connection while
 * the incident's hooks read settings on another; Alertmanager flushing twenty groups at once would otherwise take
 * every connection of the pool (DATABASE_POOL_MAX, 10) and wait for one more until the pool gives up (503s).
 */
const APPLY_CONCURRENCY = 3
const applying = pLimit(APPLY_CONCURRENCY)

export async function applyMonitoringEvent(
  payload: Payload,
  integration: Integration,
  event: MonitoringEvent,
  now: Date = new Date(),
  /** The address the notification came from, for the audit log (the webhook's client address). */
  address?: string,
): Promise<Applied> {
  // The audit log names the integration as the writer of everything this event changes (src/audit/actor.ts).
  const context = {
    integrationWrite: true,
    auditActor: { type: 'integration' as const, name: integration.name, address },
  }
  return oneAtATime(`${integration.id}:${event.key}`, async () => {
    try {
      return await applying(() => inTransaction(payload, (req) => apply(req, integration, event, now), context))
    } catch (error) {
      // Another instance opened the incident between our read and our write: the same notification, applied once.
      if (isOpenKeyConflict(error))
        return { outcome: 'duplicate', incident: null, detail: NOTHING_REASON_TEXT.duplicate }
      throw error
    }
  })
}

/** The incident changed between the read and the claim: apply the event again to the incident as it now is. */
const READ_AGAIN = Symbol('read again')

async function apply(
  req: PayloadRequest,
  integration: Integration,
  event: MonitoringEvent,
  now: Date,
): Promise<Applied> {
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt++) {
    const applied = await applyOnce(req, integration, event, now)
    if (applied !== READ_AGAIN) return applied
  }
  throw new Unavailable('The incident kept changing while this notification was applied; send it again.', 5)
}

/** What one application of the event knows before it writes: the event's effect on the services, and the key's incident. */
interface Planned {
  req: PayloadRequest
  integration: Integration
  event: MonitoringEvent
  incident: Incident | null
  impact: Map<number, ServiceStatus>
  signature: string
  /** The impact with the services' names, for the messages. */
  named: NamedImpact[]
  names: Map<number, string>
  serviceStatuses: { service: number; status: ServiceStatus }[]
  /** Said after the detail when the event named services that do not exist. */
  unknownNote: string
  at: string
}

type Outcome = Applied | typeof READ_AGAIN

const ref = (doc: { id: number; shortId?: string | null }) => ({ id: doc.id, shortId: doc.shortId ?? '' })

/** Another delivery of the same notification got there first (its claim on the incident won). */
const duplicate = (incident: Incident | null): Applied => ({
  outcome: 'duplicate',
  incident: incident ? ref(incident) : null,
  detail: NOTHING_REASON_TEXT.duplicate,
})

/**
 * Claims the key's next state on the incident: the incident when the claim is ours, READ_AGAIN when a person's save
 * came in between, else the duplicate's answer.
 */
async function claimed(
  { req, incident }: Planned,
  next: { signature: string; alertState: 'firing' | 'resolved' },
): Promise<Incident | Outcome> {
  const result = incident ? await claim(req, incident, next) : 'taken'
  if (result === 'changed') return READ_AGAIN
  if (!incident || result === 'taken') return duplicate(incident)
  return incident
}

const isIncident = (value: Incident | Outcome): value is Incident => value !== READ_AGAIN && !('outcome' in value)

async function writeUpdates(req: PayloadRequest, incident: Incident, data: Partial<Incident>): Promise<void> {
  await req.payload.update({ collection: 'incidents', id: incident.id, data, depth: 0, overrideAccess: true, req })
}

async function openIncident(planned: Planned): Promise<Outcome> {
  const { req, integration, event, impact, named, signature } = planned
  const quiet = integration.notifySubscribers === false
  const created = await req.payload.create({
    collection: 'incidents',
    data: {
      title: customerTitle(integration, event, named),
      affectedServices: [...impact.keys()],
      updates: [
        {
          status: 'investigating',
          message: customerMessage(integration, 'opening', event, named),
          createdAt: planned.at,
          notify: !quiet,
          serviceStatuses: planned.serviceStatuses,
          automated: true,
        },
      ],
      integration: integration.id,
      integrationKey: event.key,
      integrationAlertState: 'firing',
      integrationSignature: signature,
      integrationOpenKey: `${integration.id}:${event.key}`,
      integrationQuiet: quiet,
    },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return {
    outcome: 'opened',
    incident: ref(created),
    detail: `Opened an incident.${planned.unknownNote}`,
    statuses: describeImpact(named),
  }
}

async function reopenIncident(planned: Planned): Promise<Outcome> {
  const { req, integration, event, impact, named } = planned
  // The same incident again: the key's open marker comes back (its unique index still allows one per key), and one
  // update says the problem is back, with the statuses it sets.
  const incident = await claimed(planned, { signature: planned.signature, alertState: 'firing' })
  if (!isIncident(incident)) return incident
  const affected = new Set([...relationIds(incident.affectedServices), ...impact.keys()])
  await writeUpdates(req, incident, {
    updates: withAutomatedUpdate(incident, {
      status: 'investigating',
      message: customerMessage(integration, 'opening', event, named),
      createdAt: planned.at,
      notify: incident.integrationQuiet !== true,
      serviceStatuses: planned.serviceStatuses,
    }),
    affectedServices: [...affected],
    integrationOpenKey: `${integration.id}:${event.key}`,
  })
  return {
    outcome: 'updated',
    incident: ref(incident),
    detail: `Fired again soon after it resolved: reopened the incident.${planned.unknownNote}`,
    statuses: describeImpact(named),
  }
}

async function updateIncident(planned: Planned, status: IncidentStatus): Promise<Outcome> {
  const { req, integration, event, impact, named } = planned
  const incident = await claimed(planned, { signature: planned.signature, alertState: 'firing' })
  if (!isIncident(incident)) return incident
  // A service whose alerts recovered goes back by the release rule (another incident, a maintenance or a person's
  // status may still hold it), not to a literal operational.
  const recoveredIds = [...lastSetServices(incident)].filter((id) => !impact.has(id))
  // Every service this write sets, locked at once in one order, before the release rule reads the holds: taking the
  // recovered ones now and the others when the update is applied could deadlock with a writer taking them the other
  // way round.
  await lockServiceStatuses(req, [...impact.keys(), ...recoveredIds])
  const givenBack = await statusesWithout(req, incidentHolder(incident), recoveredIds)
  const recovered = recoveredIds.map((id) => ({
    service: id,
    status: givenBack.get(id) ?? ('operational' as ServiceStatus),
  }))
  const recoveredNames = await serviceNames(req, recoveredIds, planned.names)
  const update: IncidentUpdateRow = {
    status,
    message: customerMessage(integration, 'update', event, named, recoveredNames),
    createdAt: planned.at,
    notify: incident.integrationQuiet !== true,
    serviceStatuses: [...planned.serviceStatuses, ...recovered],
  }
  const affected = new Set([...relationIds(incident.affectedServices), ...impact.keys()])
  await writeUpdates(req, incident, { updates: withAutomatedUpdate(incident, update), affectedServices: [...affected] })
  return {
    outcome: 'updated',
    incident: ref(incident),
    detail: `Added an update.${recoveredNames.length ? ` Recovered: ${recoveredNames.join(', ')}.` : ''}${planned.unknownNote}`,
    statuses: [
      describeImpact(named),
      ...recoveredIds.map(
        (id, index) => `${recoveredNames[index] ?? id}: ${SERVICE_STATUS_LABELS[recovered[index].status]}`,
      ),
    ]
      .filter(Boolean)
      .join(', '),
  }
}

async function resolveIncident(planned: Planned): Promise<Outcome> {
  const { req, integration, event } = planned
  const incident = await claimed(planned, { signature: planned.signature, alertState: 'resolved' })
  if (!isIncident(incident)) return incident
  await writeUpdates(req, incident, {
    updates: withAutomatedUpdate(incident, {
      status: 'resolved',
      message: customerMessage(integration, 'resolved', event, []),
      createdAt: planned.at,
      notify: incident.integrationQuiet !== true,
    }),
  })
  return {
    outcome: 'resolved',
    incident: ref(incident),
    detail: 'Every alert resolved: resolved the incident.',
    statuses: 'Restored to their status before the incident',
  }
}

async function closeIncident({ req, incident }: Planned): Promise<Outcome> {
  // Marked as closed after a person's resolution: a person's decision is not reopened by a later flap.
  if (incident && (await claim(req, incident, { signature: CLOSED_BY_PERSON, alertState: 'resolved' })) === 'changed')
    return READ_AGAIN
  return {
    outcome: 'closed',
    incident: incident ? ref(incident) : null,
    detail: 'The alerts resolved; a person had already resolved the incident. A new firing opens a new incident.',
  }
}

/** One writer per outcome the state machine (src/domain/alert-incident.ts) can plan. */
const OUTCOMES: {
  [A in Decision['action']]: (planned: Planned, decision: Extract<Decision, { action: A }>) => Promise<Outcome>
} = {
  nothing: async ({ incident, unknownNote }, { reason }) => ({
    outcome: reason,
    incident: incident ? ref(incident) : null,
    detail: NOTHING_REASON_TEXT[reason] + unknownNote,
  }),
  open: openIncident,
  reopen: reopenIncident,
  update: (planned, { status }) => updateIncident(planned, status),
  resolve: resolveIncident,
  close: closeIncident,
}

async function applyOnce(
  req: PayloadRequest,
  integration: Integration,
  event: MonitoringEvent,
  now: Date,
): Promise<Outcome> {
  const defaults = relationIds(integration.defaultServices)
  const { bySlug, names, unknown } = await servicesOf(req, event, defaults)
  const knownDefaults = defaults.filter((id) => names.has(id))
  const impact = eventImpact(event, (slug) => bySlug.get(slug), knownDefaults)
  const signature = eventSignature(event, impact)
  const incident = await newestIncidentOfKey(req, integration.id, event.key)
  const decision: Decision = decide(keyStateOf(incident), event.state, signature, impact.size > 0, {
    now,
    windowMs: env().INTEGRATION_REOPEN_MINUTES * 60_000,
  })
  const planned: Planned = {
    req,
    integration,
    event,
    incident,
    impact,
    signature,
    named: [...impact].map(([id, status]) => ({ name: names.get(id) ?? String(id), status })),
    names,
    serviceStatuses: [...impact].map(([service, status]) => ({ service, status })),
    unknownNote: unknown.length > 0 ? ` Unknown services: ${unknown.join(', ')}.` : '',
    at: now.toISOString(),
  }
  const write = OUTCOMES[decision.action] as (planned: Planned, decision: Decision) => Promise<Outcome>
  return write(planned, decision)
}

async function serviceNames(req: PayloadRequest, ids: number[], known: Map<number, string>): Promise<string[]> {
  const missing = ids.filter((id) => !known.has(id))
  if (missing.length > 0) {
    const { docs } = await req.payload.find({
      collection: 'services',
      where: { id: { in: missing } },
      select: { name: true },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req,
    })
    for (const doc of docs) known.set(doc.id as number, doc.name as string)
  }
  return ids.map((id) => known.get(id) ?? `service ${id}`)
}
