/** Notifications survive the death of the process that sends them, on PostgreSQL (tests/helpers/delivery-crash.ts). */
import { describeDeliveryCrashes } from '../helpers/delivery-crash'
import { postgresEnv } from '../helpers/service'

describeDeliveryCrashes('PostgreSQL', () => postgresEnv('notify_'))
