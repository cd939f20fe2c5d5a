/**
 * The static mirror for real: two `npm start` instances on one PostgreSQL database and a Redis server,
 * both with the same STATIC_MIRROR_DIR, behind nginx configured as docs/deployment.md says (tests/helpers/nginx.ts
 * with `mirrorDir`: `error_page 502 503 504 = @mirror`, `try_files`). With both instances killed, visitors still get
 * the site, with the status it had; with one started again, a new incident shows through nginx within seconds.
 * Waits poll with a deadline and fail with what they last saw.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readManifest } from '@/mirror/snapshot'
import { startNginx, type StartedNginx } from '../helpers/nginx'
import { type OwnRedis, startRedis } from '../helpers/redis-server'
import {
  type Answer,
  call,
  createUserKey,
  firstAdminKey,
  dropPostgres,
  freePort,
  killService,
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
let mirrorDir: string

/** Polls `read` until `done` holds, or fails at the deadline with the last value. Returns how long it took. */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, deadlineMs = 15_000): Promise<number> {
  const started = Date.now()
  let last: T | undefined
  while (Date.now() - started < deadlineMs) {
    last = await read()
    if (done(last)) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`not reached before the deadline; last: ${JSON.stringify(last)?.slice(0, 500)}`)
}

/** A file of the mirror, or '' while it is not there. */
const mirrored = (file: string) => {
  try {
    return readFileSync(path.join(mirrorDir, file), 'utf8')
  } catch {
    return ''
  }
}

const activeTitles = (answer: Answer): string[] =>
  answer.json().data.activeIncidents.map((incident: { title: string }) => incident.title)

async function openIncident(
  base: string,
  title: string,
  serviceId: number,
): Promise<{ shortId: string; sentAt: number; createdAt: number }> {
  const sentAt = Date.now()
  const created = await call(`${base}/api/incidents`, {
    method: 'POST',
    headers: auth,
    body: {
      title,
      affectedServices: [serviceId],
      updates: [
        {
          status: 'investigating',
          message: 'Card payments fail.',
          serviceStatuses: [{ service: serviceId, status: 'major' }],
        },
      ],
    },
  })
  expect(created.status, created.text).toBe(201)
  return { shortId: created.json().doc.shortId, sentAt, createdAt: Date.now() }
}

beforeAll(async () => {
  redis = await startRedis(await freePort())
  const nginxPort = await freePort()
  // nginx's workers run as an unprivileged user: they must be able to enter the mirror's directory.
  const parent = mkdtempSync(path.join(os.tmpdir(), 'sp-mirror-e2e-'))
  chmodSync(parent, 0o755)
  mirrorDir = path.join(parent, 'mirror')
  env = {
    ...(await postgresEnv('mirror_')),
    REDIS_URL: redis.url,
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    STATIC_MIRROR_DIR: mirrorDir,
    ...firstAdminKey(),
  }
  instances.push(await startService(env)) // the first migrates the database
  instances.push(await startService(env))
  nginx = await startNginx({
    port: nginxPort,
    upstreams: instances.map((instance) => instance.base.replace('http://', '')),
    mirrorDir,
  })
  auth = { authorization: `users API-Key ${await createUserKey(instances[0], 'editor')}` }
})

afterAll(async () => {
  await nginx?.stop()
  stopServices(instances)
  await redis?.stop()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  await dropPostgres(env?.DATABASE_URL)
  if (mirrorDir) rmSync(path.dirname(mirrorDir), { recursive: true, force: true })
})

describe('a static mirror behind nginx, for when every instance is down', () => {
  const title = `Payments are failing ${randomBytes(3).toString('hex')}`
  let shortId = ''
  let slug = ''
  let liveStatus = ''

  it('answers /, /api/v1/status, the feeds and the calendar with the last status when both instances are killed', async () => {
    const group = await call(`${instances[0].base}/api/service-groups`, {
      method: 'POST',
      headers: auth,
      body: { name: 'Core' },
    })
    expect(group.status, group.text).toBe(201)
    const service = await call(`${instances[0].base}/api/services`, {
      method: 'POST',
      headers: auth,
      body: { name: 'Card payments', group: group.json().doc.id, status: 'operational' },
    })
    expect(service.status, service.text).toBe(201)
    slug = service.json().doc.slug
    const incident = await openIncident(instances[1].base, title, service.json().doc.id)
    shortId = incident.shortId

    // Within seconds of the write a copy is in place that started reading after its commit (one of the instances
    // wrote it; a copy started before may hold it in some files and not in others). The commit falls between the
    // request and its answer: a copy started after the request was sent that shows the incident began after it
    // (one started before the commit does not show it, and the write's bump asks for another).
    await until(
      () => readManifest(mirrorDir),
      (manifest) =>
        manifest !== null &&
        Date.parse(manifest.startedAt) >= incident.sentAt &&
        ['api/v1/status.json', 'index.html', `i/${shortId}/index.html`].every((file) => mirrored(file).includes(title)),
    )
    const copy = (await readManifest(mirrorDir))!
    const took = Date.parse(copy.writtenAt) - Date.parse(copy.startedAt)
    console.log(
      `mirror: a copy made after the write was in place ${Date.now() - incident.sentAt} ms after the write was sent (reading and writing its ${Object.keys(copy.files).length} files took ${took} ms)`,
    )
    expect(mirrored('api/v1/status.json')).toContain(title)
    expect(mirrored('index.html')).toContain(title)
    const live = await call(`${nginx!.base}/api/v1/status`)
    expect(live.status).toBe(200)
    liveStatus = live.json().data.status
    expect(liveStatus).not.toBe('operational')
    // The whole copy: each page of the service and the incident, and the incident in the list of the last 90 days.
    expect(mirrored(`s/${slug}/index.html`)).toContain('Card payments')
    expect(mirrored(`i/${shortId}/index.html`)).toContain(title)

    for (const instance of instances) killService(instance)
    await until(
      () =>
        call(instances[0].base + '/api/health').then(
          () => false,
          () => true,
        ),
      Boolean,
    )
    await until(
      () =>
        call(instances[1].base + '/api/health').then(
          () => false,
          () => true,
        ),
      Boolean,
    )

    const status = await call(`${nginx!.base}/api/v1/status`)
    expect(status.status, status.text).toBe(200)
    expect(status.headers['x-served-by']).toBe('static-mirror')
    expect(status.headers['content-type']).toMatch(/^application\/json/)
    expect(status.json().data.status).toBe(liveStatus)
    expect(activeTitles(status)).toContain(title)

    const home = await call(`${nginx!.base}/`)
    expect(home.status).toBe(200)
    expect(home.headers['content-type']).toMatch(/^text\/html/)
    expect(home.text).toContain(title)

    for (const [feed, type] of [
      ['/feed.rss', /^application\/rss\+xml/],
      ['/feed.atom', /^application\/atom\+xml/],
      ['/history.rss', /^application\/rss\+xml/],
      ['/history.atom', /^application\/atom\+xml/],
    ] as const) {
      const answer = await call(`${nginx!.base}${feed}`)
      expect(answer.status, feed).toBe(200)
      expect(answer.headers['content-type'], feed).toMatch(type)
      expect(answer.text, feed).toContain(title)
    }
    const calendar = await call(`${nginx!.base}/maintenances.ics`)
    expect(calendar.status).toBe(200)
    expect(calendar.headers['content-type']).toMatch(/^text\/calendar/)
    expect(calendar.text).toContain('BEGIN:VCALENDAR')

    for (const page of [`/s/${slug}`, `/i/${shortId}`, '/history']) {
      const answer = await call(`${nginx!.base}${page}`)
      expect(answer.status, page).toBe(200)
      expect(answer.headers['content-type'], page).toMatch(/^text\/html/)
    }
    expect((await call(`${nginx!.base}/i/${shortId}`)).text).toContain(title)
    for (const document of ['/api/v1/services', '/api/v1/incidents', '/api/v1/maintenances', '/api/v1/uptime']) {
      const answer = await call(`${nginx!.base}${document}`)
      expect(answer.status, document).toBe(200)
      expect(Array.isArray(answer.json().data), document).toBe(true)
    }
    // What the mirror does not hold is a 404, not nginx's 502.
    expect((await call(`${nginx!.base}/i/NOSUCHINCIDENT`)).status).toBe(404)
  })

  it('shows a new incident through nginx within seconds once one instance is back', async () => {
    const port = Number(new URL(instances[0].base).port)
    instances[0] = await startService(env, { port })
    const services = await call(`${instances[0].base}/api/v1/services`)
    const serviceId = (
      await call(`${instances[0].base}/api/services?where[slug][equals]=${slug}`, { headers: auth })
    ).json().docs[0].id
    expect(services.status).toBe(200)
    const second = `Refunds are delayed ${randomBytes(3).toString('hex')}`
    const incident = await openIncident(instances[0].base, second, serviceId)

    // Whichever answers (nginx tries the instance again after fail_timeout; until then the mirror, which the instance
    // rewrites after the change), the new incident shows.
    await until(
      () => call(`${nginx!.base}/api/v1/status`),
      (answer) => answer.status === 200 && activeTitles(answer).includes(second),
    )
    console.log(`mirror: the new incident showed through nginx ${Date.now() - incident.createdAt} ms after the write`)
    const home = await call(`${nginx!.base}/`)
    expect(home.status).toBe(200)
    expect(home.text).toContain(second)
    expect(home.text).toContain(title)
    // And the mirror has it too, for the next outage.
    await until(
      () => mirrored('api/v1/status.json'),
      (text) => text.includes(second),
    )
  })
})
