/**
 * Recurring maintenances: for each series (a maintenance whose `recurrence` repeats), the next occurrences are
 * kept created ahead of time (src/domain/recurrence.ts OCCURRENCES_AHEAD), each a maintenance of its own, so the
 * page, the API, the feeds and the notifications treat it as any other. A unique (series, slot) index makes two
 * instances creating the same occurrence harmless; a lapsed series is not filled in backwards. Each tick makes two
 * indexed reads per series, not one of its whole history (it runs every SCHEDULE_TICK_MS on every instance).
 */
import type { Payload } from 'payload'

import { OCCURRENCES_AHEAD, occurrencesAfter, type Recurrence } from '@/domain/recurrence'
import type { Maintenance } from '@/payload-types'
import { siteSettings } from '@/settings/site-settings'

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate/i.test(
    String((error as { message?: unknown })?.message ?? '') + String((error as { cause?: unknown })?.cause ?? ''),
  )

export async function extendSeries(payload: Payload, now = new Date()): Promise<number> {
  const { docs: origins } = await payload.find({
    collection: 'maintenances',
    where: {
      and: [
        { 'recurrence.frequency': { in: ['daily', 'weekly', 'monthly'] } },
        { series: { exists: false } },
        { draft: { not_equals: true } },
      ],
    },
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  if (origins.length === 0) return 0
  const { timeZone } = await siteSettings(payload)
  let created = 0
  for (const origin of origins) {
    const firstStart = new Date(origin.scheduledStartAt)
    // Two reads on the (series, slot) unique index, whatever the series' length: its latest slot, and how many of
    // its slots are still ahead.
    const { docs: latest } = await payload.find({
      collection: 'maintenances',
      where: { series: { equals: origin.id } },
      sort: '-seriesSlot',
      limit: 1,
      pagination: false,
      select: { seriesSlot: true, scheduledStartAt: true },
      depth: 0,
      overrideAccess: true,
    })
    const last = Math.max(
      firstStart.getTime(),
      ...latest.map((o) => new Date(o.seriesSlot ?? o.scheduledStartAt).getTime()),
    )
    const occurrencesAhead =
      last > now.getTime()
        ? (
            await payload.count({
              collection: 'maintenances',
              where: { and: [{ series: { equals: origin.id } }, { seriesSlot: { greater_than: now.toISOString() } }] },
              overrideAccess: true,
            })
          ).totalDocs
        : 0
    const ahead = occurrencesAhead + (firstStart.getTime() > now.getTime() ? 1 : 0)
    if (ahead >= OCCURRENCES_AHEAD) continue
    const after = new Date(Math.max(now.getTime(), last))
    const rule = origin.recurrence as Recurrence
    const length = origin.scheduledEndAt ? new Date(origin.scheduledEndAt).getTime() - firstStart.getTime() : null
    for (const start of occurrencesAfter(rule, firstStart, after, OCCURRENCES_AHEAD - ahead, timeZone)) {
      try {
        await payload.create({
          collection: 'maintenances',
          data: {
            title: origin.title,
            description: origin.description,
            duration: origin.duration,
            affectedServices: origin.affectedServices,
            setServicesUnderMaintenance: origin.setServicesUnderMaintenance,
            notifySubscribers: origin.notifySubscribers,
            remindBefore: origin.remindBefore,
            scheduledStartAt: start.toISOString(),
            scheduledEndAt: length === null ? null : new Date(start.getTime() + length).toISOString(),
            series: origin.id,
            seriesSlot: start.toISOString(),
            status: 'upcoming',
          } as Omit<Maintenance, 'id' | 'createdAt' | 'updatedAt'>,
          depth: 0,
          overrideAccess: true,
          // The writer the audit log names (src/audit/actor.ts).
          context: { auditActor: { type: 'job', name: 'recurring maintenances' } },
        })
        created += 1
      } catch (error) {
        if (!isUniqueViolation(error))
          payload.logger.error({ err: error, msg: `Could not create the next occurrence of maintenance ${origin.id}` })
      }
    }
  }
  return created
}
