/**
 * A vitest reporter beside the default one: each test file's time (its set-up, its imports, its tests and hooks), with its project
 * (the same file runs on SQLite and on PostgreSQL), and the run's counts, written to VITEST_TIMINGS_FILE (default
 * test-results/timings.json) for the summary that `npm test` prints (scripts/test.mjs).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import type { Reporter, TestModule } from 'vitest/node'

export default class TimingReporter implements Reporter {
  private readonly files: { project: string; file: string; seconds: number }[] = []

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic()
    const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration
    this.files.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      seconds: ms / 1000,
    })
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
    const file = process.env.VITEST_TIMINGS_FILE ?? path.join('test-results', 'timings.json')
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify({ ...counts, files: this.files }))
  }
}
