/** The service as a newcomer runs it, on a new PostgreSQL database (tests/helpers/first-start.ts). */
import { describeFirstStart } from '../helpers/first-start'
import { postgresEnv } from '../helpers/service'

describeFirstStart('PostgreSQL', () => postgresEnv('e2e_', { empty: true }))
