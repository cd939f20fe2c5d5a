#!/usr/bin/env node
/**
 * `npm start`: builds when the sources changed since the last build (or there is none), then serves. The build
 * stamp is a hash of what the build reads, so an edit, a pull or a new dependency triggers a rebuild and nothing
 * else does.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const stampFile = path.join(root, '.next', 'source-stamp')
const inputs = ['src', 'next.config.mjs', 'package-lock.json', 'tsconfig.json']

function* files(entry) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name))
  } else {
    yield entry
  }
}

function sourceHash() {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const file of files(input)) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0')
  }
  return hash.digest('hex')
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
// `next build` sets its own NODE_ENV; an inherited one (a test runner's "test") would make a broken build.
delete env.NODE_ENV
const stamp = sourceHash()
const built = existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp
if (!built) {
  console.log('Building (the sources changed since the last build, or there is none)…')
  const build = spawnSync('npx', ['next', 'build'], { cwd: root, env: { ...env, NODE_OPTIONS: '--no-deprecation' }, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
  writeFileSync(stampFile, stamp)
}
// The end-to-end tests build once before their first file, so that no test's start-up waits for a build.
if (process.argv.includes('--build-only')) process.exit(0)

const server = spawnSync('node', ['--import', 'tsx', 'server.ts'], {
  cwd: root,
  env: { ...env, NODE_ENV: 'production' },
  stdio: 'inherit',
})
process.exit(server.status ?? 1)
