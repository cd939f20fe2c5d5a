#!/usr/bin/env node
/**
 * Where the time of a V8 CPU profile (`node --cpu-prof`) went: self time by function, by file and by package, and
 * total (inclusive) time by function, each as milliseconds and a share of the sampled time.
 *
 *   node bench/cpuprofile-summary.mjs <file.cpuprofile> [top=25] [fromUs toUs]
 *
 * fromUs/toUs (optional) keep only the samples taken in that window, in microseconds of the system's monotonic clock
 * (V8 stamps its samples with it; `process.hrtime.bigint() / 1000n` in any process reads the same clock): the load
 * of a benchmark, without the server's start.
 *
 * Self time of a sample goes to the function on top of its stack; total time to every distinct function on the
 * stack (once, so recursion is not counted twice). Lines are 1-based lines of the code V8 ran (for .ts files run
 * through tsx, the transformed code: the function's name is the surer guide).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

/** A short place for a script URL: a path in this project, a package name, node's internals, or V8's own nodes. */
export function placeOf(url) {
  if (!url) return '(native)'
  if (url.startsWith('node:')) return url
  const file = url.replace(/^file:\/\//, '')
  const modules = file.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/')
    return `${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]} (${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')})`
  }
  return path.relative(ROOT, file) || file
}

export function packageOf(url) {
  if (!url) return '(native: GC, idle, program)'
  if (url.startsWith('node:')) return 'node: internals'
  const file = url.replace(/^file:\/\//, '')
  const modules = file.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  const relative = path.relative(ROOT, file)
  return relative.startsWith('.next/') ? '.next (built app)' : relative.split('/').slice(0, 2).join('/')
}

export function summarize(profile, { fromUs = -Infinity, toUs = Infinity } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const keyOf = (node) => {
    const { functionName, url, lineNumber } = node.callFrame
    return `${functionName || '(anonymous)'}  ${placeOf(url)}${url ? `:${lineNumber + 1}` : ''}`
  }
  const self = new Map()
  const total = new Map()
  const files = new Map()
  const packages = new Map()
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms)
  let sampled = 0
  let idle = 0
  let at = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0
    if (at < fromUs || at > toUs) continue
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const node = byId.get(profile.samples[i])
    if (!node) continue
    sampled += ms
    if (node.callFrame.functionName === '(idle)') {
      idle += ms
      continue
    }
    add(self, keyOf(node), ms)
    add(files, node.callFrame.url ? placeOf(node.callFrame.url) : `(${node.callFrame.functionName})`, ms)
    add(packages, packageOf(node.callFrame.url), ms)
    const seen = new Set()
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const key = keyOf(byId.get(id))
      if (seen.has(key)) continue
      seen.add(key)
      add(total, key, ms)
    }
  }
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1])
  return {
    sampledMs: sampled,
    idleMs: idle,
    busyMs: sampled - idle,
    self: sorted(self),
    total: sorted(total),
    files: sorted(files),
    packages: sorted(packages),
  }
}

export function format(summary, top = 25) {
  const lines = []
  const pct = (ms) => `${((ms / summary.busyMs) * 100).toFixed(1).padStart(5)}%`
  const table = (title, rows) => {
    lines.push(`${title}`)
    for (const [key, ms] of rows.slice(0, top)) lines.push(`  ${ms.toFixed(0).padStart(7)} ms ${pct(ms)}  ${key}`)
    lines.push('')
  }
  lines.push(
    `Sampled ${summary.sampledMs.toFixed(0)} ms: busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms. Shares are of the busy time.`,
  )
  lines.push('')
  table('Self time by package / area', summary.packages)
  table('Self time by file', summary.files)
  table('Self time by function', summary.self)
  table('Total (inclusive) time by function', summary.total)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top, fromUs, toUs] = process.argv.slice(2)
  if (!file) {
    console.error('usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [top]')
    process.exit(2)
  }
  const window = fromUs && toUs ? { fromUs: Number(fromUs), toUs: Number(toUs) } : {}
  console.log(format(summarize(JSON.parse(readFileSync(file, 'utf8')), window), Number(top ?? 25)))
}
