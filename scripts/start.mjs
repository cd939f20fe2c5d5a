#!/usr/bin/env node
/**
 * `npm start`: builds when the sources changed since the last build (or there is none), then serves in this very
 * process. Two builds, each with a stamp (a hash of what it reads), so an edit, a pull or a new dependency triggers
 * what it needs and nothing else does: `next build` (.next/), and the server compiled to JavaScript
 * (dist/server.mjs, scripts/build-server.mjs). Both run as child processes that end before the server starts; the
 * server is then imported here, so the process npm started (package.json's `exec node scripts/start.mjs`) is the
 * server: SIGTERM to it is the graceful shutdown, and no tsx or esbuild stays loaded.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const nextInputs = ['src', 'next.config.mjs', 'package-lock.json', 'tsconfig.json']
const serverInputs = ['server.ts', 'src', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs']
const serverFile = path.join(root, 'dist', 'server.mjs')

function* files(entry) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name))
  } else {
    yield entry
  }
}

function sourceHash(inputs) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const file of files(input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0')
  }
  return hash.digest('hex')
}

/** "2 min 5 s", "40 s": the time a step took, for the line after it. */
function elapsed(since) {
  const seconds = Math.round((Date.now() - since) / 1000)
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/**
 * Runs `build` unless `output` exists and the stamp file holds the inputs' hash; then writes the stamp. A first start
 * spends minutes here with little output, so each step says beforehand what it does and how long it usually takes
 * (`message`), and afterwards how long it took.
 */
function buildIfChanged({ inputs, output, stampFile, message, command, args, env }) {
  const stamp = sourceHash(inputs)
  if (existsSync(output) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return
  console.log(message)
  const started = Date.now()
  const build = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' })
  if (build.status !== 0) {
    console.error(`The build failed after ${elapsed(started)} (exit status ${build.status ?? build.signal}).`)
    process.exit(build.status ?? 1)
  }
  mkdirSync(path.dirname(stampFile), { recursive: true })
  writeFileSync(stampFile, stamp)
  console.log(`Done in ${elapsed(started)}.`)
}

const buildEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_OPTIONS: '--no-deprecation' }
// `next build` sets its own NODE_ENV; an inherited one (a test runner's "test") would make a broken build.
delete buildEnv.NODE_ENV
buildIfChanged({
  inputs: nextInputs,
  output: path.join(root, '.next', 'BUILD_ID'),
  stampFile: path.join(root, '.next', 'source-stamp'),
  message:
    'Building the site (next build): usually 2 to 4 minutes on two cores, with long quiet stretches. ' +
    'Later starts skip this until the code or the dependencies change.',
  command: 'npx',
  args: ['next', 'build'],
  env: buildEnv,
})
buildIfChanged({
  inputs: serverInputs,
  output: serverFile,
  stampFile: path.join(root, 'dist', 'source-stamp'),
  message:
    'Compiling the server (server.ts → dist/server.mjs, esbuild): a few seconds. ' +
    'Later starts skip this until the code or the dependencies change.',
  command: process.execPath,
  args: [path.join(root, 'scripts', 'build-server.mjs')],
  env: buildEnv,
})
// The end-to-end tests build once before their first file, so that no test's start-up waits for a build.
if (process.argv.includes('--build-only')) process.exit(0)

process.env.NODE_ENV = 'production'
process.env.NEXT_TELEMETRY_DISABLED = '1'
process.chdir(root)
await import(pathToFileURL(serverFile).href)
