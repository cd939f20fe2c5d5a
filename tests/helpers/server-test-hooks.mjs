/**
 * Preloaded into the e2e tests' servers (NODE_OPTIONS=--import, set by startService when a test asks for
 * STATUSPAGE_TEST_HOOKS=1), before server.ts's first line: installs the test hooks of src/runtime/test-hooks.ts in
 * the runtime state (src/runtime/state.ts). A production start never loads this file, so none of this is reachable
 * there. Plain JavaScript with no imports: it runs before the compiled server (dist/server.mjs) without any loader.
 *
 * - GET /__edge/stats: the requests the edge handed to Next (by URL), the data version, the data changes marked
 *   inside a request's scope and outside one, the number of cached responses, the requests /__edge/hold holds, and
 *   whether a demo reset runs (`demoReset`: 'running', 'unsettled' after a failed one on SQLite, or null);
 * - GET /__edge/hold?ms=n: a request that takes n milliseconds, then answers 200 (the shutdown tests' request under
 *   way);
 * - STATUSPAGE_TEST_CRASH_AFTER_SENDS=n: the process kills itself (SIGKILL) after the batch that makes n sends;
 * - DEMO_RESET_INTERVAL_SECONDS=n: demo resets n seconds apart instead of DEMO_RESET_INTERVAL_MINUTES;
 * - STATUSPAGE_TEST_HEALTH_RETRY_MS=n: the start asks /api/health again every n ms while the database does not
 *   answer, instead of every 2 s.
 * - DEMO_RESET_PAUSE_MS=n: each demo reset waits n milliseconds between its wipe and its seed (readers meet it
 *   half done); DEMO_RESET_FAIL_EVERY=n: every n-th reset (never the one at start) fails there, after its wipe.
 */
const KEY = Symbol.for('statuspage.runtime')
globalThis[KEY] ??= {}
const slots = globalThis[KEY]

const handedToNext = new Map()
let sent = 0
let held = 0
const crashAfter = Number(process.env.STATUSPAGE_TEST_CRASH_AFTER_SENDS)
const demoSeconds = Number(process.env.DEMO_RESET_INTERVAL_SECONDS)
const healthRetryMs = Number(process.env.STATUSPAGE_TEST_HEALTH_RETRY_MS)
const resetPauseMs = Number(process.env.DEMO_RESET_PAUSE_MS) || 0
const resetFailEvery = Number(process.env.DEMO_RESET_FAIL_EVERY) || 0
let resets = 0

slots.testHooks = {
  handedToNext(url) {
    handedToNext.set(url, (handedToNext.get(url) ?? 0) + 1)
  },
  answerBeforeEdge(req, res, edge) {
    const [pathname, query] = (req.url ?? '').split('?', 2)
    if (pathname === '/__edge/hold') {
      held += 1
      setTimeout(
        () => {
          held -= 1
          res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' })
          res.end('held\n')
        },
        Number(/(?:^|&)ms=(\d+)/.exec(query ?? '')?.[1] ?? 0),
      )
      return true
    }
    if (pathname !== '/__edge/stats') return false
    // The data version's state (src/runtime/data-version.ts), read where it lives.
    const data = slots.dataVersion ?? { version: 1, marks: { inRequest: 0, outside: 0 } }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    // The request gate's (src/runtime/request-gate.ts): whether the demo reset runs, or a failed one left it unsettled.
    const gate = slots.requestGate ?? { closed: null, unsettled: false }
    const demoReset = gate.closed ? 'running' : gate.unsettled ? 'unsettled' : null
    res.end(
      JSON.stringify({
        next: Object.fromEntries(handedToNext),
        dataVersion: data.version,
        dataChanges: { ...data.marks },
        cacheEntries: edge.cacheEntries(),
        held,
        demoReset,
      }),
    )
    return true
  },
  afterDeliveryBatch(count) {
    sent += count
    if (crashAfter > 0 && sent >= crashAfter) process.kill(process.pid, 'SIGKILL')
  },
  ...(demoSeconds > 0 ? { demoResetIntervalMs: demoSeconds * 1000 } : {}),
  ...(healthRetryMs > 0 ? { healthRetryMs } : {}),
  async duringDemoReset() {
    resets += 1
    if (resetPauseMs > 0) await new Promise((resolve) => setTimeout(resolve, resetPauseMs))
    if (resetFailEvery > 1 && resets % resetFailEvery === 0)
      throw new Error(`demo reset ${resets} failed by DEMO_RESET_FAIL_EVERY`)
  },
}
