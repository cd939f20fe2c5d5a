/**
 * What the edge's end-to-end files share (tests/e2e/edge-*.test.ts): servers that count what they hand to Next, a
 * service made through the CMS API, a request with its path exactly as written, and the count of Next's requests.
 */
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'

import { expect } from 'vitest'

import {
  type Answer,
  answerTo,
  call,
  firstAdminKey,
  postgresEnv,
  sqliteEnv,
  type Started,
  startService,
} from './service'

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/**
 * A server that counts what it hands to Next (STATUSPAGE_TEST_HOOKS=1, GET /__edge/stats), with a first
 * administrator whose key makes the test's users (firstAdminKey).
 */
export const startCounting = (env: Record<string, string>) =>
  startService({ STATUSPAGE_TEST_HOOKS: '1', ...firstAdminKey(), ...env })

export const sqliteEdgeEnv = () => sqliteEnv('sp-edge-')

/** A service (in a new group) created through the CMS API; returns its id. */
export async function createService(base: string, auth: Record<string, string>, name: string): Promise<number> {
  const group = await call(`${base}/api/service-groups`, {
    method: 'POST',
    headers: auth,
    body: { name: `Group ${randomBytes(3).toString('hex')}` },
  })
  expect(group.status, group.text).toBe(201)
  const service = await call(`${base}/api/services`, {
    method: 'POST',
    headers: auth,
    body: { name, group: group.json().doc.id, status: 'operational' },
  })
  expect(service.status, service.text).toBe(201)
  return service.json().doc.id
}

/** A request with the path exactly as given (a URL would resolve dot segments before sending). */
export function rawCall(
  started: Started,
  path: string,
  options: { method?: string; from?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(started.base)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
      },
      answerTo(resolve, reject),
    )
    req.on('error', reject)
    req.end()
  })
}

export async function nextCount(started: Started, pathAndQuery: string): Promise<number> {
  const stats = (await call(`${started.base}/__edge/stats`)).json()
  return stats.next[pathAndQuery] ?? 0
}

/** The single-instance suites run on both databases: the write, commit and bump order differs between them. */
export const EDGE_DATABASES: [string, () => Promise<Record<string, string>>][] = [
  ['SQLite', async () => sqliteEdgeEnv()],
  ['PostgreSQL', () => postgresEnv('edge_one_')],
]
