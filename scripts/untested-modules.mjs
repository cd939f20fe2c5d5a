// Lists the modules of a src/ folder that have no unit test beside their name: the test of
// src/<folder>/<module>.ts is tests/unit/<folder>/<module>.test.ts, or <module>.<topic>.test.ts when it has several.
// `node scripts/untested-modules.mjs [src/domain ...]` prints one line per module without one; exit 0 (a listing).
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['src/domain']
let missing = 0
for (const folder of folders) {
  const relative = path.relative('src', folder)
  const testDir = path.join('tests/unit', relative)
  const tests = existsSync(testDir) ? readdirSync(testDir).filter((name) => name.endsWith('.test.ts')) : []
  const tested = new Set(tests.map((name) => name.split('.')[0]))
  for (const file of readdirSync(folder)
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .sort()) {
    const module = file.replace(/\.tsx?$/, '')
    if (tested.has(module)) continue
    console.log(`${path.join(folder, file)}: no ${path.join(testDir, `${module}.test.ts`)}`)
    missing++
  }
}
console.log(missing === 0 ? 'Every module has a unit test.' : `${missing} module(s) without a unit test.`)
