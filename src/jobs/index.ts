import { Forbidden, type JobsConfig, type PayloadRequest } from 'payload'

import { isAdmin } from '../access/roles'
import { sendConfirmationTask } from '../notify/confirm'
import { deliverNotificationTask } from '../notify/deliver'
import { advanceMaintenancesTask } from './advance-maintenances'

export { startMaintenanceTicker, stopMaintenanceTicker } from './maintenance-ticker'
export { startNotificationRunner, stopNotificationRunner } from '../notify/runner'

/**
 * Payload's job endpoints answer a refusal with 401 and `{message}`; throwing Forbidden gives the contract's 403 with
 * `{errors:[{message}]}` instead, turned into 401 for a request without a user by the global afterError hook.
 */
function adminsOnly({ req }: { req: PayloadRequest }): boolean {
  if (isAdmin(req.user)) return true
  throw new Forbidden(req.t)
}

/**
 * Payload's jobs queue (the payload-jobs collection). Tasks run inside the service, started by the loops in
 * src/jobs/maintenance-ticker.ts and src/notify/runner.ts; no autoRun cron. Queueing, running and cancelling jobs
 * over HTTP (/api/payload-jobs/run and friends) is for administrators only: Payload's default lets any logged-in
 * user.
 */
export const jobs: JobsConfig = {
  tasks: [advanceMaintenancesTask, deliverNotificationTask, sendConfirmationTask],
  access: {
    queue: adminsOnly,
    run: adminsOnly,
    cancel: adminsOnly,
  },
}
