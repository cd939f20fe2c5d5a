/**
 * What the suites need besides npm packages, checked before any test starts: a missing prerequisite stops the run
 * at once with one line that names it and how to get it, instead of failing half-way through.
 */
import { existsSync } from 'node:fs'
import { Socket } from 'node:net'

import pg from 'pg'

export const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
export const alertmanagerPath = process.env.ALERTMANAGER_PATH ?? '/usr/bin/prometheus-alertmanager'
export const prometheusPath = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus'

export class MissingPrerequisite extends Error {
  constructor(message: string) {
    super(message)
    // One line is the whole story: a stack through the test runner's setup says nothing more.
    this.stack = `${this.name}: ${message}`
    this.name = 'MissingPrerequisite'
  }
}

async function postgres(): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (error) {
    throw new MissingPrerequisite(
      `PostgreSQL is needed at ${postgresUrl} (${(error as Error).message}): apt-get install postgresql, start it with ` +
        '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, or set TEST_POSTGRES_URL',
    )
  } finally {
    await client.end().catch(() => {})
  }
}

function redis(): Promise<void> {
  const url = new URL(redisUrl)
  return new Promise((resolve, reject) => {
    const socket = new Socket()
    const fail = (why: string) => {
      socket.destroy()
      reject(
        new MissingPrerequisite(
          `Redis is needed at ${redisUrl} (${why}): apt-get install redis-server, start it with ` +
            '`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`, or set TEST_REDIS_URL',
        ),
      )
    }
    socket.setTimeout(5000, () => fail('no answer'))
    socket.once('error', (error) => fail(error.message))
    socket.connect(Number(url.port || 6379), url.hostname, () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      if (data.toString().startsWith('+PONG')) resolve()
      else fail(`answered ${JSON.stringify(data.toString().trim())}`)
    })
  })
}

function program(path: string, name: string, variable: string): void {
  if (!existsSync(path))
    throw new MissingPrerequisite(`${name} is needed at ${path}: apt-get install ${name}, or set ${variable}`)
}

/**
 * The API suites: PostgreSQL (their second run), the real Alertmanager that drives the monitoring webhook and the
 * real Prometheus a metric reads.
 */
export async function checkDatabase(): Promise<void> {
  await postgres()
  program(alertmanagerPath, 'prometheus-alertmanager', 'ALERTMANAGER_PATH')
  program(prometheusPath, 'prometheus', 'PROMETHEUS_PATH')
}

/** Everything the end-to-end suites start or drive. */
export async function checkEndToEnd(): Promise<void> {
  await postgres()
  await redis()
  program(chromiumPath, 'chromium', 'CHROMIUM_PATH')
  program(nginxPath, 'nginx', 'NGINX_PATH')
}
