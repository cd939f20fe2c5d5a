/**
 * Stopping the service as a process manager does (docs/deployment.md, "Stopping and rolling restarts"): SIGTERM to
 * the process `npm start` started, as systemd's main-PID stop or a container runtime sends it. The service is
 * started exactly as the README says (`npm start`); the request under way is one the tests' hook holds for 3 s
 * (tests/helpers/server-test-hooks.mjs, /__edge/hold).
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, statSync } from 'node:fs'
import { Agent, get } from 'node:http'
import { connect, createServer, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { createClient } from '@libsql/client'

import { afterAll, describe, expect, it } from 'vitest'

import { accepting } from '../helpers/nginx'
import {
  call,
  createUserKey,
  firstAdminKey,
  exited,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

/** The grace period the tests give the server (SHUTDOWN_GRACE_MS); the held request needs 3 s of it. */
const GRACE_MS = 10_000

/** Every process below `pid`, from ps. */
function descendants(pid: number): number[] {
  const table = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout.trim().split('\n')
  const children = new Map<number, number[]>()
  for (const line of table) {
    const [child, parent] = line.trim().split(/\s+/).map(Number)
    children.set(parent, [...(children.get(parent) ?? []), child])
  }
  const found: number[] = []
  for (let queue = [pid]; queue.length;) {
    const next = children.get(queue.shift()!) ?? []
    found.push(...next)
    queue.push(...next)
  }
  return found
}

const commandOf = (pid: number) =>
  spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether a new listener can take the port (nothing holds it any more). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** Polls `check` every 50 ms until it holds, or fails at the deadline with `what`. */
async function until(check: () => Promise<boolean> | boolean, what: string, deadlineMs = GRACE_MS): Promise<void> {
  const deadline = Date.now() + deadlineMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${deadlineMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const portOf = (started: Started) => Number(new URL(started.base).port)

const services: Started[] = []
afterAll(() => stopServices(services))

describe('SIGTERM to the process npm start started', () => {
  it('leaves one server process under npm, and after SIGTERM no process of the tree and a free port, exit 0', async () => {
    const started = await startService({ ...sqliteEnv('sp-stop-'), SHUTDOWN_GRACE_MS: String(GRACE_MS) })
    services.push(started)
    const npm = started.child.pid!
    // npm and, below it, the server itself: no shell, no start script waiting for a child, no esbuild service.
    const below = descendants(npm)
    expect(below.map(commandOf)).toEqual([expect.stringMatching(/^node (--\S+ )*scripts\/start\.mjs$/)])
    expect((await call(`${started.base}/api/v1/status`)).status).toBe(200)

    process.kill(npm, 'SIGTERM')
    await exited(started, GRACE_MS)
    expect(started.child.exitCode).toBe(0)
    expect([npm, ...below].filter(alive)).toEqual([])
    expect(await portFree(portOf(started))).toBe(true)
    expect(started.output()).toContain('stopped')
  })

  it('lets a request under way finish with 200 and Connection: close, refuses new connections and closes idle ones', async () => {
    const started = await startService({
      ...sqliteEnv('sp-stop-'),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      STATUSPAGE_TEST_HOOKS: '1',
    })
    services.push(started)
    const port = portOf(started)

    // An idle keep-alive connection: one request answered, the connection kept open.
    const idle: Socket = connect({ port, host: '127.0.0.1' })
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()))
    const firstAnswer = new Promise<string>((resolve) => idle.once('data', (chunk) => resolve(String(chunk))))
    idle.write('GET /api/v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    expect(await firstAnswer).toMatch(/^HTTP\/1\.1 200/)

    // A request that takes 3 s, on a keep-alive connection, under way when the signal comes.
    const agent = new Agent({ keepAlive: true })
    const held = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      get(`${started.base}/__edge/hold?ms=3000`, { agent }, (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
      }).on('error', reject)
    })
    await until(
      async () => (await call(`${started.base}/__edge/stats`)).json().held === 1,
      'the held request reached the server',
    )

    process.kill(started.child.pid!, 'SIGTERM')
    await until(async () => !(await accepting(port)), 'new connections refused')
    await idleClosed
    const answer = await held
    expect(answer).toEqual({ status: 200, connection: 'close', body: 'held\n' })
    agent.destroy()

    await exited(started, GRACE_MS)
    expect(started.child.exitCode).toBe(0)
    expect(await portFree(port)).toBe(true)
  })

  it("leaves SQLite's whole database in its file: the write-ahead log checkpointed and empty", async () => {
    const env: Record<string, string> = {
      ...sqliteEnv('sp-stop-'),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      ...firstAdminKey(),
    }
    const started = await startService(env)
    services.push(started)
    const key = await createUserKey(started, 'admin')
    const group = await call(`${started.base}/api/service-groups`, {
      method: 'POST',
      headers: { authorization: `users API-Key ${key}` },
      body: { name: 'Written before the stop' },
    })
    expect(group.status, group.text).toBe(201)

    process.kill(started.child.pid!, 'SIGTERM')
    await exited(started, GRACE_MS)
    expect(started.child.exitCode).toBe(0)
    const file = new URL(env.DATABASE_URL).pathname
    const log = `${file}-wal`
    console.log(`after the stop: ${path.basename(log)} ${existsSync(log) ? `${statSync(log).size} bytes` : 'absent'}`)
    expect(existsSync(log) ? statSync(log).size : 0).toBe(0)
    // The database file alone, as a backup that copies only it would have it, holds the last write.
    const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'sp-stop-copy-')), 'copy.db')
    copyFileSync(file, copy)
    const client = createClient({ url: `file:${copy}` })
    const rows = await client.execute(
      // A group's name is written per language: the English one is in service_groups_locales.
      "SELECT name FROM service_groups_locales WHERE _locale = 'en' AND name = 'Written before the stop'",
    )
    client.close()
    expect(rows.rows).toHaveLength(1)
  })
})
