/**
 * The service as a newcomer runs it, for the end-to-end suites: `npm start` (which builds when the sources
 * changed) on a free loopback port, and the create-user CLI.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'

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

/** Starts `npm start` with these variables and waits until /api/health answers. */
export async function startService(env: Record<string, string>): Promise<Started> {
  const port = await freePort()
  let log = ''
  // Without the test runner's NODE_ENV ("test"): npm start chooses its own.
  const { NODE_ENV: _runnerEnv, ...inherited } = process.env
  const childEnv: Record<string, string | undefined> = { ...inherited, PORT: String(port), HOST: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1', ...env }
  const child = spawn('npm', ['start'], { cwd: root, env: childEnv as NodeJS.ProcessEnv, detached: true })
  child.stdout?.on('data', (chunk) => (log += chunk))
  child.stderr?.on('data', (chunk) => (log += chunk))
  const started: Started = { base: `http://127.0.0.1:${port}`, env, child, output: () => log }
  running.add(started)
  const deadline = Date.now() + 540_000 // a cold `next build` on two cores
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`)
    try {
      if ((await fetch(`${started.base}/api/health`)).ok) return started
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`npm start did not become healthy:\n${log}`)
}

/** Stops the given services (every one this file started, by default): npm and the server in its process group. */
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
export async function runCreateUser(env: Record<string, string>, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'create-user', '--', ...args], { cwd: root, env: { ...process.env, ...env } })
    return { status: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { status: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/** A new user with this role, made by the CLI; its API key. */
export async function createUserKey(env: Record<string, string>, role: 'editor' | 'admin'): Promise<string> {
  const result = await runCreateUser(env, `${role}-${randomBytes(4).toString('hex')}@example.test`, role)
  const key = /API key: (\S+)/.exec(result.stdout)?.[1]
  if (!key) throw new Error(`no API key from create-user (exit ${result.status}): ${result.stdout}${result.stderr}`)
  return key
}
