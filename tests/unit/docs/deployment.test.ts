/**
 * docs/deployment.md's systemd unit, as an operator copies it: systemd's own parser checks it (`systemd-analyze
 * verify`, from Debian's systemd package) where the tool is installed, and it runs the compiled server with the
 * settings a graceful stop needs.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze'

/** The ini block between the doc's systemd-unit markers. */
function documentedUnit(): string {
  const doc = readFileSync('docs/deployment.md', 'utf8')
  const marked = /<!-- systemd-unit[^>]*-->\s*```ini\n([\s\S]*?)```\s*<!-- \/systemd-unit -->/.exec(doc)
  if (!marked) throw new Error('docs/deployment.md has no unit between <!-- systemd-unit --> markers')
  return marked[1]
}

describe("docs/deployment.md's systemd unit", () => {
  it('runs the compiled server, stops it with SIGTERM given time for the grace period, restarts it and reads an environment file', () => {
    const unit = documentedUnit()
    const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1]
    expect(setting('ExecStart')).toMatch(/\/node (--\S+ )*\S*\/dist\/server\.mjs$/)
    expect(setting('KillSignal')).toBe('SIGTERM')
    // Longer than the default SHUTDOWN_GRACE_MS (10 s): the server must be done before systemd's SIGKILL.
    expect(Number(setting('TimeoutStopSec'))).toBeGreaterThan(10)
    expect(setting('Restart')).toBe('on-failure')
    expect(setting('EnvironmentFile')).toMatch(/^\//)
  })

  it.skipIf(!existsSync(SYSTEMD_ANALYZE))('passes systemd-analyze verify without a warning about its lines', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-unit-'))
    const file = path.join(dir, 'statuspage.service')
    writeFileSync(file, documentedUnit())
    const result = spawnSync(SYSTEMD_ANALYZE, ['verify', file], { encoding: 'utf8' })
    expect(result.status, result.stderr).toBe(0)
    // verify exits 0 even for a setting it ignores (a misspelt signal, a bad time): those are warnings naming the file.
    expect(result.stderr.split('\n').filter((line) => line.includes('statuspage.service'))).toEqual([])
  })
})
