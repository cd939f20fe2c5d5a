/**
 * Every command in the README's ```sh blocks, run as written (through `bash -c`) against the real service on a
 * fresh SQLite database. The commands are read from README.md itself, so an edit that breaks one fails here, and a
 * new command that no test runs fails the "runs every command" check until it gets a runner below.
 *
 * Two are not run here, because other suites already run them:
 * - `npm install && npm start`: .ci/run runs `npm ci` (the install, from the lock file), and every e2e suite starts
 *   the service with `npm start` (tests/helpers/service.ts; tests/e2e/server.test.ts on SQLite and PostgreSQL).
 * - `npm install && npm test`: .ci/run runs `npm ci` and then `npm test`.
 *
 * Only what cannot be the README's text is substituted: the service's address for `localhost:3000`, a fresh
 * database for the demo's `./data/demo.db`, a free PORT, and `$KEY` is the key the README's own create-user
 * command printed.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { call, freePort, root, sqliteEnv, type Started, startService, stopServices } from '../helpers/service'

/** The README's shell commands: one per logical line (backslash continuations joined), trailing comments dropped. */
function readmeCommands(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const commands: string[] = []
  for (const block of readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    const logical = block[1].replace(/\\\n\s*/g, ' ').split('\n')
    for (const line of logical) {
      const command = line.replace(/\s+#\s.*$/, '').trim()
      if (command && !command.startsWith('#')) commands.push(command)
    }
  }
  return commands
}

const commands = readmeCommands()
const skipped = ['npm install && npm start', 'npm install && npm test']

interface Run {
  status: number
  stdout: string
  stderr: string
}

/** Runs one README command with bash in the project's directory; never throws, the exit status is in the result. */
async function bash(command: string, env: Record<string, string> = {}): Promise<Run> {
  const { NODE_ENV: _runnerEnv, ...inherited } = process.env
  try {
    const { stdout, stderr } = await promisify(execFile)('bash', ['-c', command], {
      cwd: root,
      env: { ...inherited, ...env } as Record<string, string | undefined> as NodeJS.ProcessEnv,
    })
    return { status: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return {
      status: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    }
  }
}

function only(pattern: RegExp): string[] {
  const found = commands.filter((command) => pattern.test(command))
  expect(found.length, `no README command matches ${pattern}`).toBeGreaterThan(0)
  return found
}

const createUser = /^npm run create-user -- /
const keyAssignment = /^KEY=/
const cmsCurl = /^curl .*localhost:3000\/api\/(?!v1\/)/
const publicCurl = /^curl .*localhost:3000\/api\/v1\//
// `npm start` with variables in front: the demo command (with whatever DEMO_MODE value it says).
const demo = /^(\w+=\S+ )+npm start$/

/** A README curl command against this service, its HTTP status written after the body so the answer can be checked. */
async function curl(
  service: Started,
  command: string,
  env: Record<string, string> = {},
): Promise<Run & { http: number; body: string }> {
  const run = await bash(
    `${command.replaceAll('localhost:3000', service.base.replace('http://', ''))} -w '\\n%{http_code}'`,
    env,
  )
  const cut = run.stdout.lastIndexOf('\n')
  return { ...run, http: Number(run.stdout.slice(cut + 1)), body: run.stdout.slice(0, cut) }
}

it('runs every command of the README (here or in the suites named at the top of this file)', () => {
  const runners = [createUser, keyAssignment, cmsCurl, publicCurl, demo]
  const unrun = commands.filter(
    (command) => !skipped.includes(command) && !runners.some((runner) => runner.test(command)),
  )
  expect(unrun).toEqual([])
  for (const command of skipped) expect(commands).toContain(command)
})

describe('the README against a fresh service', () => {
  let service: Started
  let key = ''

  beforeAll(async () => {
    service = await startService(sqliteEnv('sp-readme-', { empty: true }))
  })
  afterAll(() => stopServices([service]))

  it('creates users with npm run create-user: a printed password and a working API key, or the given password', async () => {
    const database = { DATABASE_URL: service.env.DATABASE_URL, PAYLOAD_SECRET: service.env.PAYLOAD_SECRET }
    for (const command of only(createUser)) {
      const run = await bash(command, database)
      expect(run.status, `${command}\n${run.stdout}${run.stderr}`).toBe(0)
      const [email, role, quotedPassword] = command.replace(createUser, '').split(/\s+/)
      expect(run.stdout).toContain(`Created ${role} ${email}`)
      const printedKey = /API key: (\S+)/.exec(run.stdout)?.[1]
      expect(printedKey).toBeTruthy()
      if (quotedPassword) {
        const password = quotedPassword.replace(/^'|'$/g, '')
        const login = await call(`${service.base}/api/users/login`, { method: 'POST', body: { email, password } })
        expect(login.status, login.text).toBe(200)
        expect(login.json().user).toMatchObject({ email, role })
      } else {
        expect(run.stdout).toMatch(/Password: \S{12,}/)
      }
      // The editor's key is the `KEY=… # from npm run create-user` of the CMS example (the smallest role that will do).
      if (role === 'editor') key = printedKey!
      const me = await call(`${service.base}/api/users/me`, {
        headers: { authorization: `users API-Key ${printedKey}` },
      })
      expect(me.json().user, me.text).toMatchObject({ email, role })
    }
  })

  it('creates an incident with the CMS API example, with the key from create-user', async () => {
    expect(key).toBeTruthy()
    // `KEY=…` is the README's placeholder for that key: it is given to the commands as the variable it sets.
    only(keyAssignment)
    // The example names service 1: a fresh site's first service, made here as an operator would in the admin area.
    const auth = { authorization: `users API-Key ${key}` }
    const group = await call(`${service.base}/api/service-groups`, {
      method: 'POST',
      headers: auth,
      body: { name: 'Platform' },
    })
    expect(group.status, group.text).toBe(201)
    const made = await call(`${service.base}/api/services`, {
      method: 'POST',
      headers: auth,
      body: { name: 'API', group: group.json().doc.id },
    })
    expect(made.status, made.text).toBe(201)
    expect(made.json().doc.id).toBe(1)

    for (const command of only(cmsCurl)) {
      const run = await curl(service, command, { KEY: key })
      expect(run.status, `${command}\n${run.stderr}`).toBe(0)
      expect(run.http, run.body).toBe(201)
      const doc = JSON.parse(run.body).doc
      expect(doc).toMatchObject({ title: 'API errors', status: 'investigating' })
      expect(doc.affectedServices.map((s: { id: number } | number) => (typeof s === 'number' ? s : s.id))).toEqual([1])
    }
  })

  it('reads the public API with the curl examples: pretty JSON status, and the active incident', async () => {
    for (const command of only(publicCurl)) {
      const run = await curl(service, command)
      expect(run.status, `${command}\n${run.stderr}`).toBe(0)
      expect(run.http, run.body).toBe(200)
      const { data } = JSON.parse(run.body)
      if (command.includes('/status')) {
        expect(run.body).toContain('\n  ') // ?pretty
        expect(data.activeIncidents.map((i: { title: string }) => i.title)).toEqual(['API errors'])
      } else if (command.includes('/incidents')) {
        expect(data.map((i: { title: string; status: string }) => [i.title, i.status])).toEqual([
          ['API errors', 'investigating'],
        ])
      } else {
        expect(data).toBeTruthy()
      }
    }
  })
})

describe('the README demo command', () => {
  let child: ChildProcess | undefined
  let log = ''

  afterAll(() => {
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  })

  it('starts a demo site on a fresh database: healthy, and /api/demo-status says demo mode is on', async () => {
    const [command] = only(demo)
    const database = path.join(mkdtempSync(path.join(os.tmpdir(), 'sp-readme-demo-')), 'demo.db')
    expect(command).toMatch(/DATABASE_URL=file:\S+/)
    const text = command.replace(/DATABASE_URL=file:\S+/, `DATABASE_URL=file:${database}`)
    const port = await freePort()
    const { NODE_ENV: _runnerEnv, ...inherited } = process.env
    const env: Record<string, string | undefined> = {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      NEXT_TELEMETRY_DISABLED: '1',
    }
    const started = spawn('bash', ['-c', text], { cwd: root, env: env as NodeJS.ProcessEnv, detached: true })
    child = started
    started.stdout?.on('data', (chunk) => (log += chunk))
    started.stderr?.on('data', (chunk) => (log += chunk))
    const base = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 170_000
    let healthy = false
    while (!healthy && Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`${text} exited with ${started.exitCode}:\n${log}`)
      healthy = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (!healthy) await new Promise((r) => setTimeout(r, 500))
    }
    expect(healthy, log).toBe(true)
    const status = await call(`${base}/api/demo-status`)
    expect(status.status, status.text).toBe(200)
    expect(status.json()).toMatchObject({ isDemoMode: true, resetIntervalMinutes: 60 })
    const seeded = (await call(`${base}/api/v1/status`)).json().data
    expect(seeded.serviceGroups.length, log).toBe(3)
  }, 180_000)
})
