import type { CollectionConfig, Endpoint, JobsConfig } from 'payload'

import { sendConfirmationTask } from '../notify/confirm'
import { deliverNotificationTask } from '../notify/deliver'
import { advanceMaintenancesTask } from './advance-maintenances'

export { startMaintenanceTicker, stopMaintenanceTicker } from './maintenance-ticker'
export { startNotificationRunner, stopNotificationRunner } from '../notify/runner'

/** Payload's job endpoints, answered as if they did not exist: the contract's 404 with `{errors:[{message}]}`. */
const notOffered = (path: string): Endpoint[] =>
  (['get', 'post'] as const).map((method) => ({
    path,
    method,
    handler: () => Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 }),
  }))

/**
 * Payload's jobs queue (the payload-jobs collection). Tasks run inside the service, started by the loops in
 * src/jobs/maintenance-ticker.ts and src/notify/runner.ts, through the Local API; no autoRun cron. Nothing runs,
 * queues or cancels jobs over HTTP: `/api/payload-jobs/run` would let an administrator (every visitor of a demo)
 * make the server send now whatever the settings say (security finding H1), so Payload's endpoints are replaced
 * with 404s and its access checks refuse everyone (the Local API calls skip them).
 */
export const jobs: JobsConfig = {
  tasks: [advanceMaintenancesTask, deliverNotificationTask, sendConfirmationTask],
  access: {
    queue: () => false,
    run: () => false,
    cancel: () => false,
  },
  jobsCollectionOverrides: ({ defaultJobsCollection }): CollectionConfig => ({
    ...defaultJobsCollection,
    endpoints: [...notOffered('/run'), ...notOffered('/handle-schedules')],
  }),
}
