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
import {
  listNames,
  type MessageTemplateKind,
  renderTemplate,
  renderTitle,
  templateOrDefault,
  type TemplateValues,
} from '@/domain/message-template'
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
import { incidentHolder } from './apply-service-statuses'
import { lockServiceStatuses } from '../service-status/lock'
import { statusesWithout } from '../service-status/release'

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

/** The services the event names (and the defaults), by slug, with their ids and names. */
export async function servicesOf(req: PayloadRequest, event: MonitoringEvent, defaults: number[]) {
  const slugs = [...new Set(event.alerts.flatMap((alert) => alert.services))]
  const { docs } = await req.payload.find({
    collection: 'services',
    where: { or: [{ slug: { in: slugs.length ? slugs : ['-'] } }, { id: { in: defaults.length ? defaults : [0] } }] },
    select: { slug: true, name: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const bySlug = new Map(docs.map((doc) => [doc.slug as string, doc.id as number]))
  const names = new Map(docs.map((doc) => [doc.id as number, doc.name as string]))
  const unknown = slugs.filter((slug) => !bySlug.has(slug))
  return { bySlug, names, unknown }
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

export const describeImpact = (impact: readonly NamedImpact[]) =>
  impact.map(({ name, status }) => `${name}: ${SERVICE_STATUS_LABELS[status]}`).join(', ')

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
export const APPLY_CONCURRENCY = 3
const applying = pLimit(APPLY_CONCURRENCY)

export async function applyMonitoringEvent(
  payload: Payload,
  integration: Integration,
  event: MonitoringEvent,
  now: Date = new Date(),
): Promise<Applied> {
  return oneAtATime(`${integration.id}:${event.key}`, async () => {
    try {
      return await applying(() =>
        inTransaction(payload, (req) => apply(req, integration, event, now), { integrationWrite: true }),
      )
    } catch (error) {
      // Another instance opened the incident between our read and our write: the same notification, applied once.
      if (isOpenKeyConflict(error))
        return { outcome: 'duplicate', incident: null, detail: NOTHING_REASON_TEXT.duplicate }
      throw error
    }
  })
}

/** The values of the integration's placeholders for this event (src/domain/message-template.ts). */
function templateValues(
  event: MonitoringEvent,
  named: readonly NamedImpact[],
  recovered: readonly string[],
): TemplateValues {
  return {
    services: named.length > 0 ? listNames(named.map((impact) => impact.name)) : 'the affected services',
    statuses: listNames(named.map(({ name, status }) => `${name} (${SERVICE_STATUS_LABELS[status]})`)),
    recovered: listNames(recovered),
    title: event.title,
    alerts: event.alerts
      .filter((alert) => alert.firing)
      .slice(0, 20)
      .map((alert) => `- ${alert.summary}`)
      .join('\n'),
    description: event.message,
  }
}

/**
 * An update's words, from the integration's template for `kind` (src/domain/message-template.ts): the alert's own
 * texts reach customers only through the placeholders that ask for them.
 */
export function customerMessage(
  integration: Integration,
  kind: MessageTemplateKind,
  event: MonitoringEvent,
  named: readonly NamedImpact[],
  recovered: readonly string[] = [],
): string {
  const stored = {
    opening: integration.openingMessage,
    update: integration.updateMessage,
    resolved: integration.resolvedMessage,
  }[kind]
  return renderTemplate(templateOrDefault(kind, stored), templateValues(event, named, recovered))
}

/** The title of the incident the event opens, from the integration's title template, as the messages are. */
export function customerTitle(integration: Integration, event: MonitoringEvent, named: readonly NamedImpact[]): string {
  const values = templateValues(event, named, [])
  // One line: the firing alerts' summaries side by side rather than as a list.
  const alerts = event.alerts.filter((alert) => alert.firing).map((alert) => alert.summary)
  return renderTitle(integration.incidentTitle, { ...values, alerts: alerts.slice(0, 20).join('; ') })
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

// eslint-disable-next-line max-lines-per-function -- split in the verbs' branch
async function applyOnce(
  req: PayloadRequest,
  integration: Integration,
  event: MonitoringEvent,
  now: Date,
): Promise<Applied | typeof READ_AGAIN> {
  const defaults = relationIds(integration.defaultServices)
  const { bySlug, names, unknown } = await servicesOf(req, event, defaults)
  const knownDefaults = defaults.filter((id) => names.has(id))
  const impact = eventImpact(event, (slug) => bySlug.get(slug), knownDefaults)
  const signature = eventSignature(event, impact)
  const named: NamedImpact[] = [...impact].map(([id, status]) => ({ name: names.get(id) ?? String(id), status }))
  const serviceStatuses = [...impact].map(([service, status]) => ({ service, status }))
  const unknownNote = unknown.length > 0 ? ` Unknown services: ${unknown.join(', ')}.` : ''

  const incident = await newestIncidentOfKey(req, integration.id, event.key)
  const decision: Decision = decide(keyStateOf(incident), event.state, signature, impact.size > 0, {
    now,
    windowMs: env().INTEGRATION_REOPEN_MINUTES * 60_000,
  })
  const ref = (doc: { id: number; shortId?: string | null }) => ({ id: doc.id, shortId: doc.shortId ?? '' })
  /** Another delivery of the same notification got there first (its claim on the incident won). */
  const duplicate = (): Applied => ({
    outcome: 'duplicate',
    incident: incident ? ref(incident) : null,
    detail: NOTHING_REASON_TEXT.duplicate,
  })
  const at = now.toISOString()

  switch (decision.action) {
    case 'nothing':
      return {
        outcome: decision.reason,
        incident: incident ? ref(incident) : null,
        detail: NOTHING_REASON_TEXT[decision.reason] + unknownNote,
      }

    case 'open': {
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
              createdAt: at,
              notify: !quiet,
              serviceStatuses,
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
        detail: `Opened an incident.${unknownNote}`,
        statuses: describeImpact(named),
      }
    }

    case 'reopen': {
      // The same incident again: the key's open marker comes back (its unique index still allows one per key), and
      // one update says the problem is back, with the statuses it sets.
      const claimed = incident ? await claim(req, incident, { signature, alertState: 'firing' }) : 'taken'
      if (claimed === 'changed') return READ_AGAIN
      if (!incident || claimed === 'taken') return duplicate()
      const affected = new Set([...relationIds(incident.affectedServices), ...impact.keys()])
      await req.payload.update({
        collection: 'incidents',
        id: incident.id,
        data: {
          updates: withAutomatedUpdate(incident, {
            status: 'investigating',
            message: customerMessage(integration, 'opening', event, named),
            createdAt: at,
            notify: incident.integrationQuiet !== true,
            serviceStatuses,
          }),
          affectedServices: [...affected],
          integrationOpenKey: `${integration.id}:${event.key}`,
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      return {
        outcome: 'updated',
        incident: ref(incident),
        detail: `Fired again soon after it resolved: reopened the incident.${unknownNote}`,
        statuses: describeImpact(named),
      }
    }

    case 'update': {
      const claimed = incident ? await claim(req, incident, { signature, alertState: 'firing' }) : 'taken'
      if (claimed === 'changed') return READ_AGAIN
      if (!incident || claimed === 'taken') return duplicate()
      // A service whose alerts recovered goes back by the release rule (another incident, a maintenance or a
      // person's status may still hold it), not to a literal operational.
      const recoveredIds = [...lastSetServices(incident)].filter((id) => !impact.has(id))
      // Every service this write sets, locked at once in one order, before the release rule reads the holds: taking
      // the recovered ones now and the others when the update is applied could deadlock with a writer taking them
      // the other way round.
      await lockServiceStatuses(req, [...impact.keys(), ...recoveredIds])
      const givenBack = await statusesWithout(req, incidentHolder(incident), recoveredIds)
      const recovered = recoveredIds.map((id) => ({
        service: id,
        status: givenBack.get(id) ?? ('operational' as ServiceStatus),
      }))
      const recoveredNames = await serviceNames(req, recoveredIds, names)
      const update: IncidentUpdateRow = {
        status: decision.status,
        message: customerMessage(integration, 'update', event, named, recoveredNames),
        createdAt: at,
        notify: incident.integrationQuiet !== true,
        serviceStatuses: [...serviceStatuses, ...recovered],
      }
      const affected = new Set([...relationIds(incident.affectedServices), ...impact.keys()])
      await req.payload.update({
        collection: 'incidents',
        id: incident.id,
        data: { updates: withAutomatedUpdate(incident, update), affectedServices: [...affected] },
        depth: 0,
        overrideAccess: true,
        req,
      })
      return {
        outcome: 'updated',
        incident: ref(incident),
        detail: `Added an update.${recoveredNames.length ? ` Recovered: ${recoveredNames.join(', ')}.` : ''}${unknownNote}`,
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

    case 'resolve': {
      const claimed = incident ? await claim(req, incident, { signature, alertState: 'resolved' }) : 'taken'
      if (claimed === 'changed') return READ_AGAIN
      if (!incident || claimed === 'taken') return duplicate()
      await req.payload.update({
        collection: 'incidents',
        id: incident.id,
        data: {
          updates: withAutomatedUpdate(incident, {
            status: 'resolved',
            message: customerMessage(integration, 'resolved', event, []),
            createdAt: at,
            notify: incident.integrationQuiet !== true,
          }),
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      return {
        outcome: 'resolved',
        incident: ref(incident),
        detail: 'Every alert resolved: resolved the incident.',
        statuses: 'Restored to their status before the incident',
      }
    }

    case 'close': {
      // Marked as closed after a person's resolution: a person's decision is not reopened by a later flap.
      if (
        incident &&
        (await claim(req, incident, { signature: CLOSED_BY_PERSON, alertState: 'resolved' })) === 'changed'
      )
        return READ_AGAIN
      return {
        outcome: 'closed',
        incident: incident ? ref(incident) : null,
        detail: 'The alerts resolved; a person had already resolved the incident. A new firing opens a new incident.',
      }
    }
  }
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
