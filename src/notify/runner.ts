/**
 * Runs the `notifications` queue (deliveries and confirmations) inside the service, every NOTIFY_TICK_MS on every
 * instance. Payload never looks again at a job whose runner died, so each tick also hands back jobs of this queue
 * silent for longer than NOTIFY_LEASE_MS. docs/architecture.md, "Subscriptions and notifications" (Jobs that outlive
 * their process).
 */
import type { Payload } from 'payload'

import { type Env, env } from '@/config/env'
import { loopInterval, repeat } from '@/runtime/repeat'
import { isStopping } from '@/runtime/shutdown'

import { leaseMs } from './deliver'
import { NOTIFICATION_QUEUE } from './queue'

const NAME = 'notificationRunner'

export const notifyTickMs = (settings: Env = env()): number => loopInterval(settings.NOTIFY_TICK_MS, 1000, settings)

/** Jobs of this queue marked processing whose runner has been silent past the lease: back to the queue. */
export async function releaseAbandonedJobs(payload: Payload, now = new Date()): Promise<number> {
  const silentSince = new Date(now.getTime() - leaseMs()).toISOString()
  const { docs } = await payload.update({
    collection: 'payload-jobs',
    where: {
      and: [
        { queue: { equals: NOTIFICATION_QUEUE } },
        { processing: { equals: true } },
        { completedAt: { exists: false } },
        { updatedAt: { less_than: silentSince } },
      ],
    },
    data: { processing: false },
    overrideAccess: true,
    depth: 0,
  })
  if (docs.length) payload.logger.warn(`Handed ${docs.length} abandoned notification job(s) back to the queue`)
  return docs.length
}

/**
 * One tick: abandoned jobs back to the queue, then the due jobs, one after another in the order they were queued,
 * so that subscribers hear of an incident's start before its resolution. Jobs are taken one at a time: Payload
 * marks every job of a batch processing up front, and one still waiting behind a long delivery run would look
 * abandoned to another instance after the lease, which would run it again. The tick stops taking new jobs after
 * half the lease, so it never holds the runner's turn for long. Payload's report of a failed task (the job as JSON)
 * is silenced: the tasks log one line each (src/notify/task-failure.ts).
 */
export async function runNotificationTick(payload: Payload): Promise<void> {
  await releaseAbandonedJobs(payload)
  const stopAt = Date.now() + leaseMs() / 2
  for (;;) {
    const result = await payload.jobs.run({
      queue: NOTIFICATION_QUEUE,
      limit: 1,
      processingOrder: 'createdAt',
      silent: { info: true, error: true },
    })
    if (
      result.noJobsRemaining ||
      Object.keys(result.jobStatus ?? {}).length === 0 ||
      Date.now() >= stopAt ||
      isStopping()
    )
      return
  }
}

export function startNotificationRunner(payload: Payload, intervalMs = notifyTickMs()): number {
  return repeat(
    NAME,
    intervalMs,
    () => runNotificationTick(payload),
    (error) => payload.logger.error({ err: error, msg: 'Notification runner tick failed' }),
  )
}
