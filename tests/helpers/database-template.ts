/**
 * A migrated database to copy, per dialect: every API file and every end-to-end service starts from a copy instead
 * of running the migrations from empty. The template is named after a hash of the migrations, so it is made once per
 * schema and kept between runs; a run that finds the template of its schema uses it as it is.
 *
 * The copy is what `payload migrate` leaves, so the service's own start still runs its migrations and finds none
 * pending, exactly as a restart in production does.
 */
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { postgresUrl } from './preflight'

type Dialect = 'sqlite' | 'postgres'

const root = path.resolve(__dirname, '../..')
const templateDir = path.join(os.tmpdir(), 'statuspage-tests')

function schemaHash(dialect: Dialect): string {
  const dir = path.join(root, 'src/migrations', dialect)
  const hash = createHash('sha256')
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)))
  return hash.digest('hex').slice(0, 12)
}

function migrate(databaseUrl: string): void {
  // Without the runner's NODE_ENV ("test"), as an operator runs the command.
  const { NODE_ENV: _runner, ...runnerEnv } = process.env
  const env: Record<string, string | undefined> = {
    ...runnerEnv,
    NODE_OPTIONS: '--no-deprecation',
    DATABASE_URL: databaseUrl,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
  }
  const result = spawnSync('npx', ['payload', 'migrate'], {
    cwd: root,
    encoding: 'utf8',
    env: env as NodeJS.ProcessEnv,
  })
  if (result.status !== 0)
    throw new Error(
      `payload migrate failed for the test template (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    )
}

/**
 * The template's path. It is built in a folder of its own, renamed into place when complete (a rename is atomic), so
 * a run going on beside this one never copies half a template; the WAL beside the file holds part of the schema.
 */
export function sqliteTemplate(): string {
  const dir = path.join(templateDir, `template-${schemaHash('sqlite')}`)
  const file = path.join(dir, 'service.db')
  if (existsSync(file)) return file
  const building = `${dir}.${randomBytes(4).toString('hex')}`
  mkdirSync(building, { recursive: true })
  migrate(`file:${path.join(building, 'service.db')}`)
  rmSync(path.join(building, 'service.db-shm'), { force: true })
  try {
    renameSync(building, dir)
  } catch {
    // Another run made it first: its copy is the same schema.
    rmSync(building, { recursive: true, force: true })
  }
  return file
}

/**
 * The run's id (SP_TEST_RUN): made by the first global set-up that asks (run-files.ts), then inherited by the
 * workers. It names the run's PostgreSQL databases and the folder of its SQLite ones, so that two runs side by side
 * never touch each other's.
 */
export function runId(): string {
  return (process.env.SP_TEST_RUN ??= randomBytes(4).toString('hex'))
}

/**
 * The folder of this run's SQLite databases (SP_TEST_RUN, set by the global set-up of run-files.ts), removed with
 * everything in it when the run ends.
 */
export function runDirectory(): string {
  const dir = path.join(templateDir, `run-${runId()}`)
  mkdirSync(dir, { recursive: true })
  return dir
}

export function removeRunDirectory(run: string): void {
  rmSync(path.join(templateDir, `run-${run}`), { recursive: true, force: true })
}

/** Makes `file` (which must not be open) a copy of the migrated SQLite template. */
export function newSqliteDatabase(file: string): void {
  const template = sqliteTemplate()
  copyFileSync(template, file)
  if (existsSync(`${template}-wal`)) copyFileSync(`${template}-wal`, `${file}-wal`)
}

/** The URL of database `name` on TEST_POSTGRES_URL's server. */
function postgresDatabaseUrl(name: string): string {
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** The name of the migrated PostgreSQL template on TEST_POSTGRES_URL's server, made if missing. */
export async function postgresTemplate(): Promise<string> {
  const name = `sp_tpl_${schemaHash('postgres')}`
  const exists = await withServer(
    async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  )
  if (exists) return name
  const building = `${name}_${randomBytes(4).toString('hex')}`
  await withServer((client) => client.query(`CREATE DATABASE ${building}`))
  migrate(postgresDatabaseUrl(building))
  await withServer(async (client) => {
    // Templates of older schemas go (a run of older code beside this one would fail its next copy, nothing else).
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'sp\\_tpl\\_%' AND datname NOT LIKE $1",
      [`${name}%`],
    )
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    try {
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
    } catch {
      // Another run made it first: its copy is the same schema.
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)
    }
  })
  return name
}

/**
 * Creates database `name` on TEST_POSTGRES_URL's server, a copy of the migrated template unless `empty`; its URL.
 * PostgreSQL refuses a copy while another session is connected to the template, another copy included: retried.
 */
export async function newPostgresDatabase(name: string, { empty = false } = {}): Promise<string> {
  const template = empty ? undefined : await postgresTemplate()
  await withServer(async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
        return
      } catch (error) {
        if (attempt >= 50 || !/being accessed by other users/.test((error as Error).message)) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  })
  return postgresDatabaseUrl(name)
}

/** Replaces this file's database with an empty one of the same name, before Payload connects to it. */
export async function emptyDatabase(): Promise<void> {
  const url = process.env.DATABASE_URL!
  if (url.startsWith('file:')) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${url.slice('file:'.length)}${suffix}`, { force: true })
    return
  }
  const name = new URL(url).pathname.slice(1)
  await withServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  await newPostgresDatabase(name, { empty: true })
}
