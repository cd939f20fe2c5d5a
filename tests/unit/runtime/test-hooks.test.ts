/**
 * Test-only behaviour is not in production: the edge's /__edge/stats, the demo's resets seconds apart and the crash
 * injection exist only when a test installs the hooks (tests/helpers/server-test-hooks.mjs, preloaded into the e2e
 * servers); no environment variable turns them on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

import { afterEach, describe, expect, it } from 'vitest'

import { parseEnv } from '@/config/env'
import { demoConfig } from '@/demo/config'
import { createEdge, edgeConfig } from '@/edge/front'
import { setSlot } from '@/runtime/state'

const servers: Server[] = []
afterEach(() => {
  setSlot('testHooks', undefined)
  for (const server of servers.splice(0)) server.close()
})

/** An edge with a fake Next that answers 404 and counts what reaches it; the stats path's answer. */
async function askForStats(): Promise<{ status: number; reachedNext: number; body: string }> {
  let reachedNext = 0
  const next = async (_req: IncomingMessage, res: ServerResponse) => {
    reachedNext += 1
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not found')
  }
  const server = createServer()
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const edge = createEdge(edgeConfig(parseEnv(process.env)), next, () => ({ host: '127.0.0.1', port }))
  server.on('request', (req, res) => void edge.handler(req, res))
  const response = await fetch(`http://127.0.0.1:${port}/__edge/stats`)
  const body = await response.text()
  await edge.close()
  return { status: response.status, reachedNext, body }
}

describe('the test hooks', () => {
  it('are off in production whatever the environment says', async () => {
    process.env.STATUSPAGE_TEST_HOOKS = '1'
    try {
      const answer = await askForStats()
      expect(answer.status).toBe(404)
      expect(answer.reachedNext).toBe(1)
      expect(
        demoConfig(parseEnv({ DEMO_RESET_INTERVAL_MINUTES: '5', DEMO_RESET_INTERVAL_SECONDS: '1' })).intervalMs,
      ).toBe(5 * 60_000)
    } finally {
      delete process.env.STATUSPAGE_TEST_HOOKS
    }
  })

  it('answer once a test installs them', async () => {
    setSlot('testHooks', {
      answerBeforeEdge(req, res, edge) {
        if (req.url !== '/__edge/stats') return false
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ cacheEntries: edge.cacheEntries() }))
        return true
      },
      demoResetIntervalMs: 1000,
    })
    const answer = await askForStats()
    expect(answer).toMatchObject({ status: 200, reachedNext: 0, body: '{"cacheEntries":0}' })
    expect(demoConfig(parseEnv({ DEMO_RESET_INTERVAL_MINUTES: '5' })).intervalMs).toBe(1000)
  })
})
