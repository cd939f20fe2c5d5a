/**
 * The process: one node:http server in front of Next's request handler. It checks the configuration, runs the
 * edge (src/edge: client address, public rate limit, response cache, invalidation of writes) in front of Next,
 * and warms Payload so the first visitor does not wait. Compiled to dist/server.mjs by the build
 * (scripts/build-server.mjs); on SIGTERM or SIGINT it stops gracefully (src/edge/graceful-stop.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

import next from 'next'

import { ConfigError, env } from '@/config/env'
import { InsecureSecretError, resolvePayloadSecret } from '@/config/secret'
import { answerAdminWhileWaiting, isAdminPath } from '@/edge/admin-while-waiting'
import { createEdge, edgeConfig } from '@/edge/front'
import { gracefulStop } from '@/edge/graceful-stop'
import { dropRouterVary } from '@/edge/vary'
import { stopAllRepeating } from '@/runtime/repeat'
import { catalogueEdgeWords } from '@/i18n/edge-words'
import { startMirrorFromSettings } from '@/mirror'
import type { StaticMirror } from '@/mirror/static-mirror'
import { runClosers } from '@/runtime/shutdown'
import { testHooks } from '@/runtime/test-hooks'

process.env.NEXT_TELEMETRY_DISABLED = '1'

function fail(message: string): never {
  console.error(`Refusing to start: ${message}`)
  process.exit(1)
}

let settings: ReturnType<typeof env>
try {
  // Every variable, checked before anything starts (src/config/env.ts); Next's copy parses the same environment.
  settings = env()
  // Resolved here, before Next loads the config, so a missing or well-known secret stops the process at once.
  process.env.PAYLOAD_SECRET = resolvePayloadSecret(settings)
} catch (error) {
  if (error instanceof ConfigError || error instanceof InsecureSecretError) fail(error.message)
  throw error
}
const { PORT: port, HOST: hostname } = settings
const edgeSettings = edgeConfig(settings, process.env.PAYLOAD_SECRET)

const app = next({ dev: false, hostname, port, dir: process.cwd() })
await app.prepare()
const handle = app.getRequestHandler()

/** Set by the start loop below while /api/health says the database does not answer: Payload has not started. */
let waitingForDatabase = false

const toNext = (req: IncomingMessage, res: ServerResponse) => {
  const path = (req.url ?? '/').split('?', 1)[0]
  if (waitingForDatabase && isAdminPath(path)) {
    answerAdminWhileWaiting(res)
    return Promise.resolve()
  }
  dropRouterVary(path, res)
  return handle(req, res)
}

const edge = createEdge(
  edgeSettings,
  toNext,
  () => {
    // The cache computes misses by asking this server over loopback, on a listener of its own: it stays open while
    // a shutdown lets the requests under way finish, after the public one has closed.
    const address = internal.address()
    return { host: '127.0.0.1', port: typeof address === 'object' && address ? address.port : 0 }
  },
  catalogueEdgeWords,
)

/** A request the edge failed on: the CMS's error shape, never a stack trace. */
function answerFailure(res: ServerResponse, error: unknown): void {
  console.error(error)
  if (!res.headersSent) {
    res.statusCode = 500
    res.setHeader('content-type', 'application/json')
  }
  res.end(JSON.stringify({ errors: [{ message: 'Something went wrong.' }] }))
}

const serve = (req: IncomingMessage, res: ServerResponse) => {
  try {
    // A promise only when the request waits for something: a cache hit is answered without one.
    edge.handler(req, res)?.catch((error: unknown) => answerFailure(res, error))
  } catch (error) {
    answerFailure(res, error)
  }
}

const server = createServer((req, res) => {
  stopper.track(res)
  serve(req, res)
})
const internal = createServer(serve)
internal.listen(0, '127.0.0.1')

const stopper = gracefulStop({
  servers: [server, internal],
  graceMs: settings.SHUTDOWN_GRACE_MS,
  stopWork: async () => {
    await Promise.all([stopAllRepeating(), mirror?.stop()])
  },
  close: async () => {
    await edge.close()
    await runClosers((name, error) => console.error(`Closing ${name} failed:`, error))
  },
})

/** The static mirror of the public site (STATIC_MIRROR_DIR), once the server is listening. */
let mirror: StaticMirror | null = null

server.on('connection', (socket) => edge.onConnection(socket.remoteAddress))

/** How often the start asks /api/health again while the database does not answer. */
const HEALTH_RETRY_MS = 2000

server.listen(port, hostname, async () => {
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  console.log(`Status page listening on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${actualPort}`)
  // Payload starts (and migrates the database) on its first request; make that request ours. While the database
  // does not answer, the process stays up (the edge serves its last good copies) and asks again: logged once.
  let told = false
  const retryMs = testHooks().healthRetryMs ?? HEALTH_RETRY_MS
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${actualPort}/api/health`)
      if (response.ok) {
        waitingForDatabase = false
        console.log(
          told ? 'Ready: the database answers again; admin at /admin' : 'Ready: database migrated, admin at /admin',
        )
        break
      }
      const body = await response.text()
      waitingForDatabase = !body.includes('"starting"')
      if (!told && waitingForDatabase) {
        console.error(
          `Waiting for the database: /api/health answered ${response.status} ${body}; serving the last good copies, asking again every ${retryMs / 1000} s`,
        )
        told = true
      }
    } catch (error) {
      if (!told) console.error('Health check failed, asking again:', error)
      told = true
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs).unref())
  }
  // After the first request, so the first copy does not race Payload's start (a failed copy is retried anyway).
  mirror = startMirrorFromSettings(settings, edge.originGet, actualPort)
})
