#!/usr/bin/env node
/**
 * `npm run bench:mirror`: how soon after an acknowledged write the static mirror (STATIC_MIRROR_DIR, src/mirror)
 * holds a copy that shows it (issue 22: within 2 s). One `npm start` on SQLite with the demo data (bench/seed-demo.ts)
 * and a mirror directory; then writes through the CMS API a few seconds apart, alternately a new incident that sets a
 * service's status and an update to it, first with nothing else running, then while autocannon loads `/` as visitors
 * do (through the response cache: after each write the first visit renders the page again, in the same thread as the
 * copy's reads, and the others are hits). For each write: the time
 * from its `201`/`200` to the first manifest whose copy started reading after it, of which reading and writing the copy
 * (the manifest's `writtenAt - startedAt`). Writes the "Static mirror" section of docs/benchmarks.md (between its
 * markers) and bench/results/mirror.json.
 *
 * Environment: BENCH_MIRROR_WRITES=8 (per phase)  BENCH_MIRROR_GAP_MS=2000  BENCH_MIRROR_LOAD_CONNECTIONS=20
 * Not a test: nothing fails on a missed target; the report says how often it was met.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import autocannon from 'autocannon'

import { median, root, seedDemoWithEditor, startService } from './server.mjs'

const results = path.join(root, 'bench', 'results', 'mirror')
const WRITES = Number(process.env.BENCH_MIRROR_WRITES ?? 8)
const GAP_MS = Number(process.env.BENCH_MIRROR_GAP_MS ?? 2000)
const LOAD_CONNECTIONS = Number(process.env.BENCH_MIRROR_LOAD_CONNECTIONS ?? 20)
const TARGET_MS = 2000
const SECRET = 'bench-only-secret-mirror-2b7d41c9'
const REPORT = path.join(root, 'docs', 'benchmarks.md')
const MANIFEST = '.statuspage-mirror.json'
const log = (...args) => console.log(`[bench:mirror ${new Date().toISOString().slice(11, 19)}]`, ...args)

const manifestOf = (dir) => {
  try {
    return JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'))
  } catch {
    return null // not written yet, or being swapped
  }
}

/** Polls the mirror every 5 ms until a copy started at or after `since` is in place; its manifest and when it was seen. */
async function copyAfter(dir, since, deadlineMs = 30_000) {
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    const manifest = manifestOf(dir)
    if (manifest && Date.parse(manifest.startedAt) >= since) return { manifest, seenAt: Date.now() }
    await sleep(5)
  }
  return null
}

async function writes(base, auth, dir, phase) {
  const rows = []
  const services = (await (await fetch(`${base}/api/services?limit=1&depth=0`, { headers: auth })).json()).docs
  let incident = null
  for (let i = 0; i < WRITES; i++) {
    await sleep(GAP_MS)
    const newIncident = i % 2 === 0
    const update = { status: newIncident ? 'investigating' : 'identified', message: `Bench write ${phase} ${i}` }
    if (newIncident) update.serviceStatuses = [{ service: services[0].id, status: 'degraded' }]
    const response = newIncident
      ? await fetch(`${base}/api/incidents?depth=0`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            title: `Mirror bench ${phase} ${i}`,
            affectedServices: [services[0].id],
            updates: [update],
          }),
        })
      : await fetch(`${base}/api/incidents/${incident.id}?depth=0`, {
          method: 'PATCH',
          headers: auth,
          body: JSON.stringify({ updates: [...incident.updates.map(({ id: _id, ...row }) => row), update] }),
        })
    const acknowledged = Date.now()
    const body = await response.json()
    if (response.status >= 300) throw new Error(`write ${i}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`)
    incident = body.doc
    const copy = await copyAfter(dir, acknowledged)
    const row = {
      write: newIncident ? 'new incident' : 'update',
      ms: copy ? copy.seenAt - acknowledged : null,
      readMs: copy ? Date.parse(copy.manifest.writtenAt) - Date.parse(copy.manifest.startedAt) : null,
      files: copy ? Object.keys(copy.manifest.files).length : null,
      loadavg: os.loadavg()[0],
    }
    log(
      `${phase}: ${row.write}: a copy showing it after ${row.ms} ms (reading it: ${row.readMs} ms, ${row.files} files)`,
    )
    rows.push(row)
  }
  return rows
}

async function main() {
  const facts = {
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
    loadStart: os.loadavg().map((n) => n.toFixed(2)),
  }
  rmSync(results, { recursive: true, force: true })
  mkdirSync(results, { recursive: true })
  const env = { DATABASE_URL: 'file:./bench/results/mirror/mirror.db', PAYLOAD_SECRET: SECRET }
  log('seeding the demo data (bench/seed-demo.ts)…')
  const key = await seedDemoWithEditor(env, results, 'mirror')
  const dir = path.join(results, 'site')
  const server = await startService({
    env: {
      ...env,
      STATIC_MIRROR_DIR: dir,
      LAST_GOOD_DIR: path.join(results, 'last-good'),
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      RATE_LIMIT_CMS_PER_MINUTE: '0',
    },
    log,
    logFile: path.join(results, 'server.log'),
  })
  const base = `http://127.0.0.1:${server.port}`
  const auth = { authorization: `users API-Key ${key}`, 'content-type': 'application/json' }
  const out = { facts, phases: [] }
  try {
    if (!(await copyAfter(dir, 0))) throw new Error('no first copy of the site within 30 s')
    log(`first copy in place; ${WRITES} writes ${GAP_MS} ms apart, quiet…`)
    out.phases.push({ phase: 'quiet', rows: await writes(base, auth, dir, 'quiet') })
    log(`the same while autocannon loads / at ${LOAD_CONNECTIONS} connections…`)
    const load = autocannon({ url: `${base}/`, connections: LOAD_CONNECTIONS, duration: 3600 })
    try {
      out.phases.push({
        phase: `\`/\` at ${LOAD_CONNECTIONS} connections`,
        rows: await writes(base, auth, dir, 'loaded'),
      })
    } finally {
      load.stop()
    }
    const result = await load
    out.load = { requests: result.requests.total, rps: result.requests.average, p50: result.latency.p50 }
  } finally {
    await server.stop()
  }
  writeFileSync(path.join(root, 'bench', 'results', 'mirror.json'), JSON.stringify(out, null, 2))
  const text = section(out)
  const report = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Benchmarks\n'
  const marked = /<!-- bench:mirror -->[\s\S]*?<!-- \/bench:mirror -->/
  writeFileSync(REPORT, marked.test(report) ? report.replace(marked, text) : `${report.trimEnd()}\n\n${text}\n`)
  console.log(text)
}

const fmt = (n) => (n === null || n === undefined ? '–' : Math.round(n).toLocaleString('en'))

function section(out) {
  const lines = ['<!-- bench:mirror -->', '## Static mirror: from a write to a copy that shows it', '']
  lines.push(
    `Run: ${out.facts.date}, by \`npm run bench:mirror\` (bench/mirror.mjs). Commit ${out.facts.commit}. Load average at start ${out.facts.loadStart.join(' ')}, at end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(
        ' ',
      )}. One \`npm start\` on SQLite with the demo data and \`STATIC_MIRROR_DIR\`; writes through the CMS API ${GAP_MS} ms apart, alternately a new incident that sets a service's status and an update to it; the time from the write's answer to the first manifest of a copy that started reading after it (polled every 5 ms).`,
  )
  lines.push('')
  lines.push(
    '| Phase | Writes | p50 ms | max ms | within 2 s | reading the copy, p50 / max ms | files | load average (1 min) |',
  )
  lines.push('|---|---|---|---|---|---|---|---|')
  for (const { phase, rows } of out.phases) {
    const ms = rows.map((r) => r.ms).filter((v) => v !== null)
    const read = rows.map((r) => r.readMs).filter((v) => v !== null)
    const within = rows.filter((r) => r.ms !== null && r.ms <= TARGET_MS).length
    lines.push(
      `| ${phase} | ${rows.length} | ${fmt(ms.length ? median(ms) : null)} | ${ms.length ? fmt(Math.max(...ms)) : '–'} | ${within} of ${rows.length} | ${fmt(read.length ? median(read) : null)} / ${read.length ? fmt(Math.max(...read)) : '–'} | ${rows[0]?.files ?? '–'} | ${rows.map((r) => r.loadavg.toFixed(1)).join(', ')} |`,
    )
  }
  if (out.load)
    lines.push(
      '',
      `The load meanwhile: ${fmt(out.load.requests)} visits of \`/\` (through the response cache) at ${fmt(out.load.rps)} per second, p50 ${fmt(out.load.p50)} ms.`,
    )
  lines.push('<!-- /bench:mirror -->')
  return lines.join('\n')
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
