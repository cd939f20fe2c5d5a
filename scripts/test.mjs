#!/usr/bin/env node
/**
 * `npm test`: the checks, then every vitest project, each phase timed, and a summary at the end that says where the
 * time went (per phase, per project, the slowest files). The summary is what a suite that grew too slow is judged
 * by, so it is printed on every run, green or red. Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

const report = path.join('test-results', 'timings.json')
const phases = []

function run(name, command, args) {
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
  phases.push({ name, seconds: (performance.now() - started) / 1000, ok: result.status === 0 })
  return result.status === 0
}

const seconds = (value) => `${value.toFixed(0).padStart(5)} s`

/** Written by tests/helpers/timing-reporter.ts: each file run with its project and wall time, and the counts. */
function vitestFigures() {
  return existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined
}

function summary() {
  console.log('\nWhere the time went')
  for (const phase of phases) console.log(`  ${seconds(phase.seconds)}  ${phase.name}${phase.ok ? '' : '  (failed)'}`)
  const figures = vitestFigures()
  if (!figures) return
  const byProject = new Map()
  for (const file of figures.files) {
    const entry = byProject.get(file.project) ?? { files: 0, seconds: 0 }
    byProject.set(file.project, { files: entry.files + 1, seconds: entry.seconds + file.seconds })
  }
  console.log('  vitest, the file runs of each project added up (two run at once: more than the phase in all):')
  for (const [project, { files, seconds: total }] of byProject)
    console.log(`  ${seconds(total)}  ${project} (${files} file runs)`)
  console.log('  the ten slowest file runs:')
  for (const file of [...figures.files].sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(`  ${seconds(file.seconds)}  ${file.file} (${file.project})`)
  const total = phases.reduce((sum, phase) => sum + phase.seconds, 0)
  console.log(`  ${seconds(total)}  in all\n`)
  console.log(`${figures.passed} passed, ${figures.failed} failed, ${figures.skipped} skipped`)
}

mkdirSync('test-results', { recursive: true })
rmSync(report, { force: true })
const ok =
  run('typecheck (tsc)', 'npx', ['tsc', '--noEmit']) &&
  run('lint (eslint, prettier)', 'npm', ['run', '--silent', 'lint']) &&
  run('dead exports (knip)', 'npm', ['run', '--silent', 'deadcode']) &&
  run('vitest (unit, API on SQLite and PostgreSQL, end-to-end)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=./tests/helpers/timing-reporter.ts',
    ...process.argv.slice(2),
  ])
summary()
process.exit(ok ? 0 : 1)
