/**
 * Runs the notifications queue as the service's runner does, until no job is left waiting: what a test waits for
 * before it reads the SMTP sink.
 */
import { runNotificationTick } from '@/notify/runner'
import { payload } from './api'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function drainNotifications(timeoutMs = 20_000): Promise<void> {
  const p = await payload()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await runNotificationTick(p)
    const { totalDocs } = await p.count({
      collection: 'payload-jobs',
      where: {
        and: [
          { queue: { equals: 'notifications' } },
          { completedAt: { exists: false } },
          { hasError: { not_equals: true } },
        ],
      },
      overrideAccess: true,
    })
    if (totalDocs === 0) return
    if (Date.now() > deadline) throw new Error(`${totalDocs} notification jobs still waiting`)
    await sleep(100)
  }
}
