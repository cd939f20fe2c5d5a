/**
 * The API files share a worker process (isolate: false in vitest.config.ts): what a file loads of node_modules
 * (Payload, Next's route handlers, the database drivers) is loaded once per worker instead of once per file, which
 * was most of an API file's time. Everything of the file's own is still new: before each file the environment is put
 * back as the worker started, and after it the service is stopped as a shutdown stops it (loops, closers, the
 * database), Payload's instance cache and the runtime state are emptied, and the project's modules are evaluated
 * again by the next file. tests/helpers/database.ts then gives that file a database of its own.
 */
import { afterAll, vi } from 'vitest'

type Holder = typeof globalThis & {
  [ENV]?: Record<string, string | undefined>
  _payload?: Map<string, unknown>
  _payload_graphql?: { graphql: unknown; promise: unknown }
}
const ENV = Symbol.for('statuspage.tests.env')
const holder = globalThis as Holder

const first = (holder[ENV] ??= { ...process.env })
for (const name of Object.keys(process.env)) if (!(name in first)) delete process.env[name]
for (const [name, value] of Object.entries(first)) if (process.env[name] !== value) process.env[name] = value

afterAll(async () => {
  const { stopAllRepeating } = await import('@/runtime/repeat')
  const { beginShutdown, runClosers } = await import('@/runtime/shutdown')
  beginShutdown()
  await stopAllRepeating()
  await runClosers((name, error) => console.warn(`Closing ${name} at the end of the file failed:`, error))
  // Payload's caches of the instance and of the GraphQL schema (whose resolvers run the file's hooks): each module
  // keeps the object it found on globalThis, so they are emptied in place.
  holder._payload?.clear()
  if (holder._payload_graphql) Object.assign(holder._payload_graphql, { graphql: null, promise: null })
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('statuspage.runtime')]
  vi.useRealTimers()
  vi.resetModules()
}, 60_000)
