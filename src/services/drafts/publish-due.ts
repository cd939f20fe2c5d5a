/**
 * Scheduled publishing: a draft whose `publishAt` has come is published through the Local API, so its hooks run as
 * for an operator's publication. Each draft is claimed first with a conditional write, so one instance publishes it.
 * A draft that is refused is marked with the reason and left until someone saves it, since retrying it every tick
 * would change nothing and hold back the drafts after it. docs/operating.md, "Drafts and scheduled publishing".
 */
import { and, eq, isNull } from '@payloadcms/db-sqlite/drizzle'
import { type Payload, ValidationError } from 'payload'

import { isDatabaseUnavailable } from '@/db/unavailable'
import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'
import { ServiceError } from '@/errors'

type DraftCollection = 'incidents' | 'maintenances'

/** At most this many drafts per collection and tick; the rest follow on the next tick. */
const BATCH = 50
/** The longest reason kept: enough for a few fields' messages. */
const REASON_LENGTH = 1000

interface PublishResult {
  published: number
  /** Drafts marked as unpublishable by this run. */
  unpublishable: number
}

interface DueDraft {
  id: number
  /** As read: the mark is written only if nobody saved the draft since. */
  updatedAt: string
}

/** Why a publication was refused, for the editor who has to correct it. */
function refusalReason(error: unknown): string {
  let reason = 'The publication failed unexpectedly (the server’s log has the details).'
  if (error instanceof ValidationError) {
    const fields = (error.data?.errors ?? []).map((entry) => `${entry.path}: ${entry.message}`)
    reason = fields.length > 0 ? fields.join('; ') : error.message
  } else if (error instanceof ServiceError) reason = error.message
  return reason.length > REASON_LENGTH ? `${reason.slice(0, REASON_LENGTH - 1)}…` : reason
}

/** The writer the audit log names for a publication at its time (src/audit/actor.ts). */
const SCHEDULED_PUBLISHING = { auditActor: { type: 'job' as const, name: 'scheduled publishing' } }

/** Claims and publishes one draft; false when another publisher had it (or an editor published it) first. */
async function publishOne(payload: Payload, collection: DraftCollection, draft: DueDraft): Promise<boolean> {
  return inTransaction(
    payload,
    async (req) => {
      const db = await connectionFor(payload, req)
      const t = tableOf(payload, collection)
      // Writes nothing new, but takes the row until this transaction ends; the stored draft stays a draft, so the
      // publication below still sees it as one and runs its hooks as on creation.
      const claimed: { id: number }[] = await db
        .update(t)
        .set({ draft: true })
        .where(and(eq(t.id, draft.id), eq(t.draft, true), isNull(t.publishError)))
        .returning({ id: t.id })
      if (claimed.length === 0) return false
      await payload.update({ collection, id: draft.id, data: { draft: false }, overrideAccess: true, depth: 0, req })
      return true
    },
    SCHEDULED_PUBLISHING,
  )
}

/** Marks a draft as unpublishable, unless it was saved (or published) since it was read. */
async function markUnpublishable(
  payload: Payload,
  collection: DraftCollection,
  draft: DueDraft,
  reason: string,
): Promise<boolean> {
  const db = await connectionFor(payload)
  const t = tableOf(payload, collection)
  const marked: { id: number }[] = await db
    .update(t)
    .set({ publishError: reason })
    .where(and(eq(t.id, draft.id), eq(t.draft, true), eq(t.updatedAt, draft.updatedAt)))
    .returning({ id: t.id })
  return marked.length > 0
}

export async function publishDue(payload: Payload, now = new Date()): Promise<PublishResult> {
  const result: PublishResult = { published: 0, unpublishable: 0 }
  for (const collection of ['incidents', 'maintenances'] as const) {
    const what = collection === 'incidents' ? 'incident' : 'maintenance'
    const { docs } = await payload.find({
      collection,
      where: {
        and: [
          { draft: { equals: true } },
          { publishAt: { less_than_equal: now.toISOString() } },
          { publishError: { exists: false } },
        ],
      },
      select: { updatedAt: true },
      sort: 'publishAt',
      limit: BATCH,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const doc of docs) {
      const draft: DueDraft = { id: doc.id, updatedAt: doc.updatedAt }
      try {
        if (await publishOne(payload, collection, draft)) result.published += 1
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          payload.logger.error({ err: error, msg: `Could not publish the scheduled ${what} ${doc.id}; retrying` })
          continue
        }
        const reason = refusalReason(error)
        payload.logger.error({
          err: error,
          msg: `Could not publish the scheduled ${what} ${doc.id}: ${reason}. Not retried until it is saved.`,
        })
        if (await markUnpublishable(payload, collection, draft, reason)) result.unpublishable += 1
      }
    }
  }
  return result
}
