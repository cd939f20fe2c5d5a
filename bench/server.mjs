/**
 * Starting and watching the processes a benchmark measures, shared by bench/run.mjs and bench/lb.mjs: the service
 * (`npm start`, in its own process group, ready when /api/health answers), the bare node:http baseline
 * (bench/bare-server.mjs), node scripts run to completion, and what /proc says about a process (RSS, CPU time).
 */
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Runs a node script to completion, teeing its output to a log file; resolves with the output. */
export function runNode(args, env, logFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (chunk) => {
      output += chunk
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('close', (code) => {
      writeFileSync(logFile, output)
      if (code === 0) resolve(output)
      else reject(new Error(`${args.join(' ')} exited ${code}; see ${path.relative(root, logFile)}`))
    })
  })
}

function childrenOf(pid) {
  const kids = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) kids.push(Number(entry))
    } catch {
      // gone
    }
  }
  return kids
}

function descendants(pid) {
  const all = []
  const queue = [pid]
  while (queue.length) {
    const next = childrenOf(queue.shift())
    all.push(...next)
    queue.push(...next)
  }
  return all
}

const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()
  } catch {
    return ''
  }
}

export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : null
  } catch {
    return null
  }
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/**
 * CPU time the process has used so far (user + system, all its threads), in milliseconds; null when it is gone. The
 * same figure as the process's own process.cpuUsage(), read from outside: what a request costs whatever else the
 * machine is doing, where requests per second fall with every other process that wants a core.
 */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime: fields 14 and 15 of the whole line, 12 and 13 after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  } catch {
    return null
  }
}

/** A `next build` started elsewhere in this checkout (its .next directory is the one the server would read). */
function buildsHere() {
  const pids = spawnSync('pgrep', ['-f', 'next build'], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean)
  return pids.filter((pid) => {
    try {
      return realpathSync(`/proc/${pid}/cwd`) === realpathSync(root)
    } catch {
      return false
    }
  })
}

export async function waitForBuildsOfOthers(log = console.log) {
  for (let waited = 0; ; waited += 5) {
    const found = buildsHere().join('\n')
    if (!found) return
    if (waited % 30 === 0)
      log(
        `another "next build" is running (pid ${found.split('\n').join(', ')}); waiting for it (the .next directory is shared)`,
      )
    await sleep(5000)
  }
}

/**
 * `npm start` (which builds first when the sources changed) in its own process group, on `port` (default: a free
 * one) of 127.0.0.1 with `env` added to this process's environment; resolves once /api/health answers 200, with the
 * pid of the node process serving (npm's child: scripts/start.mjs imports the compiled server). `logFile` receives the output when it is stopped.
 */
export async function startService({ env = {}, port, logFile, log = console.log }) {
  await waitForBuildsOfOthers(log)
  port ??= await freePort()
  const childEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1', ...env }
  // `npm start` chooses its own; an inherited one would make a broken build.
  delete childEnv.NODE_ENV
  const npm = spawn('npm', ['start'], { cwd: root, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  npm.stdout.on('data', (c) => (output += c))
  npm.stderr.on('data', (c) => (output += c))
  const started = Date.now()
  const stop = async () => {
    try {
      process.kill(-npm.pid, 'SIGTERM')
    } catch {
      // already gone
    }
    for (let i = 0; i < 50 && npm.exitCode === null && npm.signalCode === null; i++) await sleep(200)
    try {
      process.kill(-npm.pid, 'SIGKILL')
    } catch {
      // gone
    }
    if (logFile) writeFileSync(logFile, output)
  }
  const where = logFile ? `; see ${path.relative(root, logFile)}` : ''
  try {
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited ${npm.exitCode}${where}`)
      if (Date.now() - started > 15 * 60_000)
        throw new Error(`the server did not become healthy within 15 minutes${where}`)
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break
      } catch {
        // not listening yet
      }
      await sleep(500)
    }
  } catch (error) {
    await stop()
    throw error
  }
  const pid = descendants(npm.pid).find((p) => /start\.mjs|server\.m?[jt]s/.test(cmdline(p)) && /node/.test(cmdline(p)))
  if (!pid) {
    await stop()
    throw new Error('could not find the node process serving')
  }
  return {
    pid,
    port,
    address: `127.0.0.1:${port}`,
    readyMs: Date.now() - started,
    built: /Building/.test(output),
    stop,
    output: () => output,
  }
}

/** bench/bare-server.mjs on `port` (default: a free one), sending the body (and, with a head file, the status and headers) given. */
export async function startBare({ port, bodyFile, headFile }) {
  port ??= await freePort()
  const child = spawn(
    process.execPath,
    [path.join(root, 'bench', 'bare-server.mjs'), String(port), bodyFile, ...(headFile ? [headFile] : [])],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('READY') && resolve())
    child.on('exit', (code) => reject(new Error(`bare server exited ${code}`)))
  })
  return {
    pid: child.pid,
    port,
    address: `127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)))
    },
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * The demo data (bench/seed-demo.ts) in the database of `env`, and an editor with an API key: for the benchmarks that
 * write through the CMS. `name` names the logs in `results` and the user. Resolves with the key.
 */
export async function seedDemoWithEditor(env, results, name) {
  const tsx = ['--conditions=production', '--import', 'tsx']
  await runNode([...tsx, 'bench/seed-demo.ts'], env, path.join(results, `seed-${name}.log`))
  const created = await runNode(
    ['--no-deprecation', ...tsx, 'scripts/create-user.ts', `${name}-${Date.now()}@example.test`, 'editor'],
    env,
    path.join(results, `${name}-user.log`),
  )
  return /API key: (\S+)/.exec(created)[1]
}
