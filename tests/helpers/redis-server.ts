/**
 * A Redis server of the test's own, as a child process on a free loopback port, without persistence, so the test
 * can kill it (an outage) and start it again on the same port.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { connect } from 'node:net'

export const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server'

export interface OwnRedis {
  url: string
  port: number
  /** SIGKILL: a crash, nothing written. Resolves once the process is gone. */
  kill(): Promise<void>
  /** Starts it again on the same port (empty: no persistence). */
  restart(): Promise<void>
  stop(): Promise<void>
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    let answer = ''
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      answer += chunk
      if (answer.includes('\r\n')) {
        socket.destroy()
        resolve(answer.startsWith('+PONG'))
      }
    })
    socket.once('error', () => resolve(false))
  })
}

export async function startRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | undefined
  let output = ''
  const launch = async () => {
    output = ''
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    const deadline = Date.now() + 10_000
    while (!(await pong(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}: ${output}`)
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}: ${output}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const end = async (signal: NodeJS.Signals) => {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const gone = new Promise((resolve) => running.once('exit', resolve))
    running.kill(signal)
    await gone
  }
  await launch()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => end('SIGKILL'),
    restart: launch,
    stop: () => end('SIGTERM'),
  }
}
