/**
 * Preloaded into the e2e tests' servers (NODE_OPTIONS=--import, set by startService when a test asks for
 * STATUSPAGE_TEST_HOOKS=1), before server.ts's first line: installs the test hooks of src/runtime/test-hooks.ts.
 * A production start never loads this file, so none of this is reachable there.
 *
 * - GET /__edge/stats: the requests the edge handed to Next (by URL), the data version, the data changes marked
 *   inside a request's scope and outside one, and the number of cached responses;
 * - STATUSPAGE_TEST_CRASH_AFTER_SENDS=n: the process kills itself (SIGKILL) after the batch that makes n sends;
 * - DEMO_RESET_INTERVAL_SECONDS=n: demo resets n seconds apart instead of DEMO_RESET_INTERVAL_MINUTES.
 */
import { currentDataVersion, dataChangeMarks } from '../../src/runtime/data-version'
import { setSlot } from '../../src/runtime/state'

const handedToNext = new Map<string, number>()
let sent = 0
const crashAfter = Number(process.env.STATUSPAGE_TEST_CRASH_AFTER_SENDS)
const demoSeconds = Number(process.env.DEMO_RESET_INTERVAL_SECONDS)

setSlot('testHooks', {
  handedToNext(url) {
    handedToNext.set(url, (handedToNext.get(url) ?? 0) + 1)
  },
  answerBeforeEdge(req, res, edge) {
    if ((req.url ?? '').split('?', 1)[0] !== '/__edge/stats') return false
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify({ next: Object.fromEntries(handedToNext), dataVersion: currentDataVersion(), dataChanges: dataChangeMarks(), cacheEntries: edge.cacheEntries() }))
    return true
  },
  afterDeliveryBatch(count) {
    sent += count
    if (crashAfter > 0 && sent >= crashAfter) process.kill(process.pid, 'SIGKILL')
  },
  ...(demoSeconds > 0 ? { demoResetIntervalMs: demoSeconds * 1000 } : {}),
})
