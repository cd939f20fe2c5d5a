/**
 * A rolling restart behind nginx (docs/deployment.md, "Stopping and rolling restarts"): two instances started with
 * `npm start`, sharing PostgreSQL and Redis, behind nginx with the configuration of docs/deployment.md
 * (tests/helpers/nginx.ts). Under steady load of reads and writes through nginx, one instance gets SIGTERM, is started
 * again on its port, then the other. The test counts every answer: none may fail, and every write that was
 * acknowledged (201) must be in the database afterwards.
 */
import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { startNginx, type StartedNginx } from '../helpers/nginx'
import { type OwnRedis, startRedis } from '../helpers/redis-server'
import {
  call,
  createUserKey,
  firstAdminKey,
  dropPostgres,
  exited,
  freePort,
  postgresEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

let redis: OwnRedis | undefined
let nginx: StartedNginx | undefined
const instances: Started[] = []
let env: Record<string, string>
let auth: Record<string, string>

beforeAll(async () => {
  redis = await startRedis(await freePort())
  env = {
    ...(await postgresEnv('roll_')),
    REDIS_URL: redis.url,
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    SHUTDOWN_GRACE_MS: '10000',
    ...firstAdminKey(),
  }
  instances.push(await startService(env)) // the first migrates the database
  instances.push(await startService(env))
  nginx = await startNginx({
    port: await freePort(),
    upstreams: instances.map((instance) => instance.base.replace('http://', '')),
    accessLog: true,
  })
  auth = { authorization: `users API-Key ${await createUserKey(instances[0], 'editor')}` }
})

afterAll(async () => {
  await nginx?.stop()
  stopServices(instances)
  await redis?.stop()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  await dropPostgres(env?.DATABASE_URL)
})

interface Tally {
  reads: number
  writes: number
  failures: string[]
  acknowledged: Map<number, string>
}

/** One client: alternately a public read and a write (a new service group) through nginx, until `running()` ends. */
async function client(tally: Tally, running: () => boolean, id: number): Promise<void> {
  for (let n = 0; running(); n++) {
    const from = `127.0.9.${1 + id}`
    try {
      if (n % 2 === 0) {
        const read = await call(`${nginx!.base}/api/v1/status`, { from })
        tally.reads += 1
        if (read.status !== 200) tally.failures.push(`GET ${read.status}: ${read.text.slice(0, 200)}`)
      } else {
        const name = `Rolling ${id}-${n}-${randomBytes(3).toString('hex')}`
        const write = await call(`${nginx!.base}/api/service-groups`, {
          method: 'POST',
          headers: auth,
          body: { name },
          from,
        })
        tally.writes += 1
        if (write.status === 201) tally.acknowledged.set(write.json().doc.id, name)
        else tally.failures.push(`POST ${write.status}: ${write.text.slice(0, 200)}`)
      }
    } catch (error) {
      tally.failures.push(`${n % 2 === 0 ? 'GET' : 'POST'}: ${(error as Error).message}`)
    }
  }
}

/**
 * SIGTERM to the instance's npm start, wait for it to end, then `npm start` again on the same port, and wait until
 * nginx sends it requests again (it leaves a server that refused a connection alone for fail_timeout): stopping the
 * other instance before that would leave nginx with no server it considers up.
 */
async function restart(index: number): Promise<void> {
  const old = instances[index]
  const address = old.base.replace('http://', '')
  process.kill(old.child.pid!, 'SIGTERM')
  await exited(old, 15_000)
  expect(old.child.exitCode, old.output()).toBe(0)
  instances[index] = await startService(env, { port: Number(new URL(old.base).port) })
  const seen = nginx!.accessLog().length
  const deadline = Date.now() + 30_000
  // The access log's lines end with the status and the instance that answered ("… 200 127.0.0.1:1234").
  while (
    !nginx!
      .accessLog()
      .slice(seen)
      .some((line) => / 20\d \S+$/.test(line) && line.endsWith(` ${address}`))
  ) {
    if (Date.now() > deadline) throw new Error(`nginx sent no request to ${address} within 30 s of its restart`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

it('restarts both instances one after the other under load with no failed request and no lost acknowledged write', async () => {
  const tally: Tally = { reads: 0, writes: 0, failures: [], acknowledged: new Map() }
  let on = true
  const clients = Array.from({ length: 4 }, (_, id) => client(tally, () => on, id))
  const settle = async () => {
    const before = tally.reads + tally.writes
    while (tally.reads + tally.writes < before + 40) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await settle()
  await restart(0)
  await settle()
  await restart(1)
  await settle()
  on = false
  await Promise.all(clients)

  console.log(
    `rolling restart: ${tally.reads} reads, ${tally.writes} writes (${tally.acknowledged.size} acknowledged), ${tally.failures.length} failed`,
  )
  expect(tally.failures).toEqual([])
  expect(tally.reads).toBeGreaterThan(0)
  expect(tally.acknowledged.size).toBeGreaterThan(0)

  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  const { rows } = await db.query<{ id: number; name: string }>(
    // A group's name is written per language (service_groups_locales); the writers wrote English.
    "SELECT _parent_id AS id, name FROM service_groups_locales WHERE _locale = 'en'",
  )
  await db.end()
  const stored = new Map(rows.map((row) => [row.id, row.name]))
  const lost = [...tally.acknowledged].filter(([id, name]) => stored.get(id) !== name)
  expect(lost).toEqual([])
})
