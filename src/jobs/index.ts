import type { CollectionConfig, Endpoint, JobsConfig } from 'payload'

import { cmsErrorResponse, NotFound } from '@/errors'
import { sendConfirmationTask } from '@/notify/confirm'
import { deliverNotificationTask } from '@/notify/deliver'
import { advanceMaintenancesTask } from './maintenance-ticker'

export { startMaintenanceTicker } from './maintenance-ticker'

/** Every path under /api/payload-jobs, answered as if it did not exist: the contract's 404 with `{errors:[{message}]}`. */
const nothingOverHttp: Endpoint[] = (['get', 'post', 'patch', 'put', 'delete'] as const).map((method) => ({
  path: '/:path*',
  method,
  handler: () => cmsErrorResponse(new NotFound('path', 'Not Found')),
}))

/**
 * Payload's jobs queue (the payload-jobs collection). Tasks run inside the service, started by the loops in
 * src/jobs/maintenance-ticker.ts and src/notify/runner.ts, through the Local API; no autoRun cron. Nothing runs,
 * queues or cancels jobs over HTTP: `/api/payload-jobs/run` would let an administrator (every visitor of a demo)
 * make the server send now whatever the settings say (docs/security.md, demo mode). So every path under /api/payload-jobs
 * (Payload's run and handle-schedules endpoints, the collection's REST routes) answers 404, to everyone; the access
 * checks refuse everyone too (the service's Local API calls skip them).
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
    // Custom endpoints are matched before the collection's own REST routes.
    endpoints: nothingOverHttp,
  }),
}
