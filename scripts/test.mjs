#!/usr/bin/env node
/**
 * `npm test`: the checks and the vitest projects, all at once, each phase timed, and a summary at the end that says
 * where the time went (per phase, per project, the slowest files). The summary is what a suite that grew too slow is
 * judged by, so it is printed on every run, green or red. With arguments, one vitest run takes them instead of the
 * streams.
 *
 * Three processes side by side (docs/testing.md): the end-to-end stream, which is the longest and waits on servers,
 * browsers and clocks much of its time; the unit and API stream; and the checks, at a lower priority, so that they
 * fill the time the streams wait rather than slow them down.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

const began = performance.now()
const reports = 'test-results'
const phases = []
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

/** The command as a child, at `nice` niceness when given; its outcome, timed, goes to the phases. */
function run(name, command, args, { nice, env = childEnv } = {}) {
  const started = performance.now()
  const [file, argv] = nice ? ['nice', ['-n', String(nice), command, ...args]] : [command, args]
  const child = spawn(file, argv, { stdio: 'inherit', env })
  return new Promise((resolve) =>
    child.on('close', (code) => {
      phases.push({ name, seconds: (performance.now() - started) / 1000, ok: code === 0 })
      resolve(code === 0)
    }),
  )
}

/**
 * The checks' niceness: they fill the time the streams wait. The unit and API stream keeps the streams' own
 * priority: below the end-to-end stream (tried at 10), its files took three times as long, the longest over two
 * minutes, and the run was no shorter.
 */
const BACKGROUND = 10

/** One vitest run, in the background; its timings go to test-results/timings-<id>.json. */
function vitest(name, id, args, options = {}) {
  const reporter = ['--reporter=default', '--reporter=./tests/helpers/timing-reporter.ts']
  return run(name, 'npx', ['vitest', 'run', ...reporter, ...args], {
    ...options,
    env: {
      ...childEnv,
      VITEST_TIMINGS_FILE: path.join(reports, `timings-${id}.json`),
      // Its own cache folder (vitest.config.ts): the other run would overwrite the durations that order its files.
      VITEST_CACHE_DIR: path.join('node_modules', `.vite-${id}`),
    },
  })
}

const STREAMS = [
  { id: 'e2e', name: 'vitest: one next build, then the end-to-end files', projects: ['e2e', 'e2e-postgres'] },
  {
    id: 'api',
    name: 'vitest: unit, then API on SQLite and PostgreSQL',
    projects: ['unit', 'api-sqlite', 'api-postgres'],
  },
]

/** One after the other: a type error makes the lint's findings noise. */
async function checks() {
  const nice = BACKGROUND
  return (
    (await run('typecheck (tsc)', 'npx', ['tsc', '--noEmit'], { nice })) &&
    (await run('lint (eslint, prettier)', 'npm', ['run', '--silent', 'lint'], { nice })) &&
    (await run('dead exports (knip)', 'npm', ['run', '--silent', 'deadcode'], { nice }))
  )
}

async function tests(args) {
  if (args.length > 0) return (await checks()) && (await vitest('vitest', 'all', args))
  const projects = (stream) => stream.projects.flatMap((project) => ['--project', project])
  const results = await Promise.all([
    ...STREAMS.map((stream) => vitest(stream.name, stream.id, projects(stream))),
    checks(),
  ])
  return results.every(Boolean)
}

const seconds = (value) => `${value.toFixed(0).padStart(5)} s`

/** Written by tests/helpers/timing-reporter.ts, one file per vitest run: each file run with its project and wall time, and the counts. */
function vitestFigures() {
  const files = existsSync(reports) ? readdirSync(reports).filter((name) => /^timings-.*\.json$/.test(name)) : []
  if (files.length === 0) return undefined
  const all = files.map((name) => JSON.parse(readFileSync(path.join(reports, name), 'utf8')))
  const sum = (key) => all.reduce((total, figures) => total + figures[key], 0)
  return { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped'), files: all.flatMap((f) => f.files) }
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
  console.log('  vitest, the file runs of each project added up (several run at once: more than the phases in all):')
  for (const [project, { files, seconds: total }] of byProject)
    console.log(`  ${seconds(total)}  ${project} (${files} file runs)`)
  console.log('  the ten slowest file runs:')
  for (const file of [...figures.files].sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(`  ${seconds(file.seconds)}  ${file.file} (${file.project})`)
  console.log(`  ${seconds((performance.now() - began) / 1000)}  in all (wall clock)\n`)
  console.log(`${figures.passed} passed, ${figures.failed} failed, ${figures.skipped} skipped`)
}

mkdirSync(reports, { recursive: true })
for (const name of readdirSync(reports)) if (/^timings.*\.json$/.test(name)) rmSync(path.join(reports, name))
const ok = await tests(process.argv.slice(2))
summary()
process.exit(ok ? 0 : 1)
