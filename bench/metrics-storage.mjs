#!/usr/bin/env node
/**
 * `npm run bench:metrics-storage`: issue 42's storage target, "a year of one point a minute for 50 metrics stays under
 * 100 MB and a chart read under 20 ms at the database", on each of BENCH_DATABASES (default sqlite,postgres): bench/
 * metrics-storage.ts fills a fresh database with what the retention keeps of such a year and measures it. Writes its
 * section of docs/benchmarks.md (between the `bench:metrics-storage` markers, right after the metrics part's) and
 * bench/results/metrics-storage.json. BENCH_REPORT_ONLY=1 rewrites the section from that file.
 *
 *   BENCH_STORAGE_POSTGRES_URL   default postgres://postgres@127.0.0.1:5432/statuspage_bench_metrics_storage
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { root, runNode } from './server.mjs'

const results = path.join(root, 'bench', 'results')
mkdirSync(path.join(results, 'metrics-storage'), { recursive: true })
const REPORT = path.resolve(root, process.env.BENCH_REPORT ?? 'docs/benchmarks.md')
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim())
const URLS = {
  sqlite: 'file:./bench/results/metrics-storage/storage.db',
  postgres:
    process.env.BENCH_STORAGE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/statuspage_bench_metrics_storage',
}
const SECRET = process.env.BENCH_PAYLOAD_SECRET ?? 'bench-only-secret-7f3a9c2e5b8d41f6'
const TARGETS = { megabytes: 100, readMs: 20 }
const OPEN = '<!-- bench:metrics-storage -->'
const CLOSE = '<!-- /bench:metrics-storage -->'
const log = (...args) => console.log(`[bench:metrics-storage ${new Date().toISOString().slice(11, 19)}]`, ...args)

const mb = (bytes) => (bytes === null || bytes === undefined ? '–' : (bytes / 1024 / 1024).toFixed(1))
const ms = (t) => t.toFixed(t < 10 ? 2 : 1)
const met = (ok) => (ok ? '**met**' : '**not met**')

function section(facts, runs) {
  const lines = [OPEN, '### Metrics storage: a year of one point a minute for 50 metrics', '']
  const p = (line = '') => lines.push(line)
  p(
    `Run: ${facts.date}, by \`npm run bench:metrics-storage\` (bench/metrics-storage.mjs, bench/metrics-storage.ts). Commit ${facts.commit}. Load average at start ${facts.loadStart}, at end ${facts.loadEnd}.`,
  )
  p()
  p(
    `What the default retention keeps of a year of one point a minute, for 50 metrics: per metric 1,440 raw rows (a day), 2,016 five-minute rows (a week) and 8,760 hourly rows (a year), 12,216 rows, 610,800 in all, written into a fresh migrated database with the statement a push writes with (src/db/metric-points.ts), values unrounded as rolled-up averages are. *Size*: SQLite's whole file after \`VACUUM\` (the empty schema's size beside it), PostgreSQL's \`pg_total_relation_size('metric_points')\` (heap, TOAST and the two indexes) after \`VACUUM ANALYZE\`. *Read*: the chart's own read (src/public-api/metrics.ts, \`rangePoints\`: the query and the driver's rows), in process, after one warm-up read, 20 reads each of another metric; the median and the slowest. Targets: under ${TARGETS.megabytes} MB, a read under ${TARGETS.readMs} ms.`,
  )
  p()
  p(
    '| Database | Rows | Fill s | Size MB | of which table MB (indexes) | empty schema MB | day read ms (points) | week read ms (points) | month read ms (points) | Size | Read |',
  )
  p('|---|---|---|---|---|---|---|---|---|---|---|')
  for (const r of runs) {
    if (r.error) {
      p(`| ${r.dialect} | the run failed: ${r.error} |||||||||`)
      continue
    }
    const size = r.dialect === 'sqlite' ? r.filled.databaseBytes : r.filled.tableBytes
    const read = (range) => `${ms(r.reads[range].median)} / ${ms(r.reads[range].max)} (${r.reads[range].points})`
    const slowest = Math.max(...Object.values(r.reads).map((x) => x.median))
    p(
      `| ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.counted.toLocaleString('en')} | ${(r.fillMs / 1000).toFixed(1)} | ${mb(size)} | ${mb(r.filled.tableBytes)}${r.filled.indexBytes ? ` (${mb(r.filled.indexBytes)})` : ''} | ${r.dialect === 'sqlite' ? mb(r.empty.databaseBytes) : `– (database ${mb(r.filled.databaseBytes)})`} | ${read('day')} | ${read('week')} | ${read('month')} | ${met(size < TARGETS.megabytes * 1024 * 1024)} | ${met(slowest < TARGETS.readMs)} |`,
    )
  }
  p()
  p('Read columns: median / slowest of the 20, in milliseconds; in brackets the points the range returns.')
  const pg = runs.find((r) => r.dialect === 'postgres' && !r.error)
  if (pg) {
    const perRow = (bytes) => Math.round(bytes / pg.counted)
    p()
    p(
      `PostgreSQL takes ${perRow(pg.filled.tableBytes)} bytes a row (${perRow(pg.filled.tableBytes - pg.filled.indexBytes)} of heap, ${perRow(pg.filled.indexBytes)} of the two indexes), SQLite ${perRow(runs.find((r) => r.dialect === 'sqlite')?.filled.databaseBytes ?? NaN)}: Payload's \`number\` fields are \`numeric\` columns there, variable-length (as stored: 3 to 5 bytes for a small whole number, 9 for a time, 13 for an unrounded value; 36 a row against 28 for \`integer\`, \`bigint\` and \`double precision\`), beside the \`id\` serial and its primary-key index (about a third of the indexes' bytes) that nothing reads. These rows were written in order into a fresh table; in service the raw rows are deleted a day after they are written and each push rewrites the buckets it touches, so PostgreSQL's table carries dead rows until autovacuum reuses their space: keep the margin in mind. Were it spent, \`double precision\` and \`integer\` columns and the unique index as the primary key would take about a quarter off, most of it the primary-key index. The slowest single reads are the machine's load (2 cores shared, load average above), not the table: the medians are what a read costs.`,
    )
  }
  lines.push(CLOSE)
  return lines.join('\n')
}

/** Puts the section in place of the old one, else right after the metrics part's, else at the end. */
function writeSection(text) {
  const report = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Benchmarks\n'
  const old = new RegExp(`${OPEN}[\\s\\S]*?${CLOSE.replace(/[/]/g, '\\/')}`)
  const metricsEnd = report.indexOf('<!-- /bench:metrics -->')
  let next
  if (old.test(report)) next = report.replace(old, text)
  else if (metricsEnd >= 0) {
    const at = metricsEnd + '<!-- /bench:metrics -->'.length
    next = `${report.slice(0, at)}\n\n${text}${report.slice(at)}`
  } else next = `${report.trimEnd()}\n\n${text}\n`
  writeFileSync(REPORT, next)
}

async function main() {
  const saved = path.join(results, 'metrics-storage.json')
  if (process.env.BENCH_REPORT_ONLY === '1') {
    const { facts, runs } = JSON.parse(readFileSync(saved, 'utf8'))
    writeSection(section(facts, runs))
    return
  }
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim()
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== ''
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')
  const facts = {
    date: new Date().toISOString(),
    commit: `${git}${dirty ? ' (with uncommitted changes)' : ''}`,
    loadStart: load(),
  }
  const runs = []
  for (const dialect of DATABASES) {
    log(`${dialect}: filling and measuring…`)
    try {
      const output = await runNode(
        ['--conditions=production', '--import', 'tsx', 'bench/metrics-storage.ts'],
        { DATABASE_URL: URLS[dialect], PAYLOAD_SECRET: SECRET },
        path.join(results, `metrics-storage-${dialect}.log`),
      )
      const line = output.split('\n').find((l) => l.startsWith('STORAGE_RESULT '))
      const run = JSON.parse(line.slice('STORAGE_RESULT '.length))
      log(
        `${dialect}: ${run.counted} rows in ${(run.fillMs / 1000).toFixed(1)} s; ${mb(run.filled.databaseBytes)} MB (table ${mb(run.filled.tableBytes)} MB); reads ${Object.entries(
          run.reads,
        )
          .map(([range, r]) => `${range} ${ms(r.median)} ms`)
          .join(', ')}`,
      )
      runs.push(run)
    } catch (error) {
      log(`${dialect}: failed: ${error.message}`)
      runs.push({ dialect, error: error.message })
    }
  }
  facts.loadEnd = load()
  writeFileSync(saved, JSON.stringify({ facts, runs }, null, 2))
  writeSection(section(facts, runs))
  log(`wrote ${path.relative(root, REPORT)} and ${path.relative(root, saved)}`)
  if (runs.some((r) => r.error)) process.exit(1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
