/**
 * Runs before each API test file: points the service at a database of its own, a copy of the migrated template
 * (tests/helpers/database-template.ts), so files can run in parallel and in any order. Payload's start runs the
 * migrations as in production and finds none pending. A file that needs a database without the schema (an upgrade
 * from an older one) calls emptyDatabase() (database-template.ts) before Payload starts.
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'

import { newPostgresDatabase, newSqliteDatabase, runDirectory, runId } from './database-template'
import { resetConfig } from '@/config/env'

// The run's id (set by postgres-cleanup.ts) first, so the run drops only its own databases.
const id = `${runId()}_${randomBytes(6).toString('hex')}`
process.env.PAYLOAD_SECRET = 'test-secret-' + randomBytes(16).toString('hex')
process.env.NEXT_TELEMETRY_DISABLED = '1'
delete process.env.ADMIN_EMAIL
delete process.env.ADMIN_PASSWORD

if (process.env.TEST_DIALECT === 'postgres') {
  process.env.DATABASE_URL = await newPostgresDatabase(`sp_test_${id}`)
} else {
  const file = path.join(runDirectory(), `${id}.db`)
  newSqliteDatabase(file)
  process.env.DATABASE_URL = `file:${file}`
}

// The service reads its configuration once (src/config/env.ts). These files change variables between tests, as an
// operator would between restarts: every change makes the next access parse the environment again. The proxy is put
// on once per worker (tests/helpers/worker-reuse.ts); it resets the configuration module of the file running now.
const RESET = Symbol.for('statuspage.tests.resetConfig')
type Holder = typeof globalThis & { [RESET]?: () => void }
const holder = globalThis as Holder
if (!holder[RESET])
  process.env = new Proxy(process.env, {
    set(target, name, value) {
      Reflect.set(target, name, value)
      holder[RESET]?.()
      return true
    },
    deleteProperty(target, name) {
      Reflect.deleteProperty(target, name)
      holder[RESET]?.()
      return true
    },
  })
holder[RESET] = resetConfig
