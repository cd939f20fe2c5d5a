/**
 * The service as a newcomer runs it, for the end-to-end suites: `npm start` (which builds when the sources
 * changed) on a free loopback port, and the create-user CLI.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { type IncomingMessage, request } from 'node:http'
import { createServer } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

import pg from 'pg'

import { newPostgresDatabase, newSqliteDatabase, runDirectory, runId } from './database-template'

export const root = path.resolve(__dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export interface Started {
  base: string
  env: Record<string, string>
  child: ChildProcess
  output: () => string
}

const running = new Set<Started>()

/** The preload that gives a server the tests' hooks (/__edge/stats, crash injection, demo resets in seconds). */
const TEST_HOOKS = `--import ${pathToFileURL(path.join(root, 'tests/helpers/server-test-hooks.mjs')).href}`

/**
 * Starts `npm start` with these variables and waits until /api/health answers. STATUSPAGE_TEST_HOOKS=1 preloads
 * tests/helpers/server-test-hooks.mjs into the server (the build and production starts never see it). `port`: the
 * one to listen on (an instance started again where it was), else a free one. `healthy: false`: return as soon
 * as the server answers at all.
 */
export async function startService(
  env: Record<string, string>,
  { port = 0, healthy = true }: { port?: number; healthy?: boolean } = {},
): Promise<Started> {
  port ||= await freePort()
  let log = ''
  // Without the test runner's NODE_ENV ("test"): npm start chooses its own.
  const { NODE_ENV: _runnerEnv, ...inherited } = process.env
  const { STATUSPAGE_TEST_HOOKS: hooks, ...variables } = env
  const childEnv: Record<string, string | undefined> = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    NEXT_TELEMETRY_DISABLED: '1',
    ...variables,
    ...(hooks === '1' ? { NODE_OPTIONS: [inherited.NODE_OPTIONS, TEST_HOOKS].filter(Boolean).join(' ') } : {}),
  }
  const child = spawn('npm', ['start'], { cwd: root, env: childEnv as NodeJS.ProcessEnv, detached: true })
  child.stdout?.on('data', (chunk) => (log += chunk))
  child.stderr?.on('data', (chunk) => (log += chunk))
  const started: Started = { base: `http://127.0.0.1:${port}`, env, child, output: () => log }
  running.add(started)
  const deadline = Date.now() + 540_000 // a cold `next build` on two cores
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`)
    try {
      // `healthy: false`: any answer will do (a service started while its database is unreachable answers 503).
      const health = await fetch(`${started.base}/api/health`)
      if (health.ok || !healthy) return started
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`npm start did not become healthy:\n${log}`)
}

/**
 * Stops the given services (every one this file started, by default): SIGTERM to npm and the server in its process
 * group (the server's graceful stop; see stopGracefully for one that waits).
 */
export function stopServices(services: Iterable<Started | undefined> = [...running]): void {
  for (const started of services) {
    if (!started?.child.pid) continue
    running.delete(started)
    try {
      process.kill(-started.child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}

// Asynchronous on purpose: a synchronous spawn would stall this process past the server's keep-alive timeout, and
// the next fetch would reuse a socket the server had already closed.
export async function runCreateUser(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'create-user', '--', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    })
    return { status: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { status: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/**
 * The variables that make a service's first administrator at start with an API key (ADMIN_EMAIL, ADMIN_API_KEY):
 * createUserKey then makes the users of a started service through its CMS API, in milliseconds, where the CLI
 * loads the whole of Payload in a process of its own (seconds of CPU, which the whole suite waits for).
 */
export function firstAdminKey(): { ADMIN_EMAIL: string; ADMIN_API_KEY: string } {
  return { ADMIN_EMAIL: `first-admin-${randomBytes(4).toString('hex')}@example.test`, ADMIN_API_KEY: randomUUID() }
}

const isStarted = (service: Started | Record<string, string>): service is Started =>
  typeof service.base === 'string' && typeof service.env === 'object'

/**
 * A new user with this role; its API key. Made through the CMS API with the first administrator's key when the
 * service is started and has one (firstAdminKey), else by the CLI (`npm run create-user`, which server.test.ts and
 * the CLI's own tests prove): the CLI also works before a start, on the database alone.
 */
export async function createUserKey(
  service: Started | Record<string, string>,
  role: 'editor' | 'admin',
  {
    email = `${role}-${randomBytes(4).toString('hex')}@example.test`,
    password,
  }: { email?: string; password?: string } = {},
): Promise<string> {
  if (isStarted(service) && service.env.ADMIN_API_KEY) {
    const apiKey = randomUUID()
    const created = await call(`${service.base}/api/users`, {
      method: 'POST',
      headers: { authorization: `users API-Key ${service.env.ADMIN_API_KEY}` },
      body: { email, password: password ?? randomBytes(12).toString('hex'), role, enableAPIKey: true, apiKey },
    })
    if (created.status !== 201)
      throw new Error(`no ${role} made through the CMS API (${created.status}): ${created.text}`)
    return apiKey
  }
  const result = await runCreateUser(
    isStarted(service) ? service.env : service,
    email,
    role,
    ...(password ? [password] : []),
  )
  const key = /API key: (\S+)/.exec(result.stdout)?.[1]
  if (!key) throw new Error(`no API key from create-user (exit ${result.status}): ${result.stdout}${result.stderr}`)
  return key
}

const postgresServer = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * What a service's database starts as: a copy of the migrated template (tests/helpers/database-template.ts), so a
 * start finds no migration pending, as a restart does; or `empty`, for the suites that prove a first start on a new
 * database migrates it.
 */
export interface DatabaseStart {
  empty?: boolean
}

/** A fresh embedded database and secret for one service. */
export function sqliteEnv(prefix = 'sp-e2e-', { empty = false }: DatabaseStart = {}): Record<string, string> {
  const file = path.join(mkdtempSync(path.join(runDirectory(), prefix)), 'service.db')
  if (!empty) newSqliteDatabase(file)
  return { DATABASE_URL: `file:${file}`, PAYLOAD_SECRET: randomBytes(24).toString('hex') }
}

/**
 * The database of a browser suite's service: SQLite, or PostgreSQL when the suite runs in the `e2e-postgres` project
 * (E2E_DATABASE=postgres). Named with the run's id, so the project's global teardown drops it.
 */
export async function browserDatabaseEnv(name: string): Promise<Record<string, string>> {
  if (process.env.E2E_DATABASE === 'postgres') return postgresEnv(`${name}_`)
  return sqliteEnv(`sp-${name}-`)
}

/**
 * A fresh PostgreSQL database (created on TEST_POSTGRES_URL's server) and secret for one service. Named with the
 * run's id (`sp_test_<run>_<topic>_<random>`), so the global teardown (postgres-cleanup.ts) drops what a file left.
 */
export async function postgresEnv(
  topic = 'e2e_',
  { empty = false }: DatabaseStart = {},
): Promise<Record<string, string>> {
  const name = `sp_test_${runId()}_${topic}${randomBytes(4).toString('hex')}`
  return { DATABASE_URL: await newPostgresDatabase(name, { empty }), PAYLOAD_SECRET: randomBytes(24).toString('hex') }
}

/** Drops a database made by postgresEnv, once its services are gone. */
export async function dropPostgres(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl?.startsWith('postgres')) return
  const client = new pg.Client({ connectionString: postgresServer })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`).catch(() => {})
  await client.end()
}

/**
 * The setup code for the first administrator, as the service printed it at start (src/auth/setup-code.ts): read from
 * its log, as the operator does. Waits for the line, which the pipe may deliver after /api/health answered.
 */
export async function setupCodeFromLog(started: Started, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const code = /Setup code for the first administrator: ([A-Z0-9-]+)/.exec(started.output())?.[1]
    if (code) return code
    if (Date.now() > deadline) throw new Error(`no setup code in the log:\n${started.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** What `attempt` gives once it gives something (polled every 200 ms); an Error saying `what` after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  timeoutMs: number,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await attempt()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(what)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Kills a service at once (SIGKILL to npm and the server): a crash, not a shutdown. */
export function killService(started: Started): void {
  running.delete(started)
  try {
    process.kill(-started.child.pid!, 'SIGKILL')
  } catch {
    // already gone
  }
}

/** Resolves when the service's process has ended (for instance after it killed itself). */
export function exited(started: Started, timeoutMs = 60_000): Promise<void> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not exit:\n${started.output()}`)), timeoutMs)
    started.child.once('exit', () => {
      clearTimeout(timer)
      running.delete(started)
      resolve()
    })
  })
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json: () => any
}

/**
 * The callback of a node:http request that reads the whole response into an Answer. A response cut off before its
 * end (nginx closes the client's connection when the instance answering dies mid-body) is an error: node:http then
 * fails the response, not the request, and never ends it, so a call waiting only for the end would wait forever.
 */
export const answerTo =
  (resolve: (answer: Answer) => void, reject: (error: Error) => void) =>
  (res: IncomingMessage): void => {
    let text = ''
    res.setEncoding('utf8')
    res.on('data', (chunk) => (text += chunk))
    res.on('error', reject)
    res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) }))
  }

/** node:http rather than fetch: it can choose the source address. A fresh connection per call. */
export function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers }
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers, localAddress: options.from ?? '127.0.0.1', agent: false },
      answerTo(resolve, reject),
    )
    req.on('error', reject)
    req.end(body)
  })
}
