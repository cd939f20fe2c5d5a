/**
 * The configuration (src/config/env.ts): one schema for every variable, one line naming each bad value, and the
 * README's variable tables listing exactly the schema's operator variables.
 */
import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { ConfigError, OPERATOR_VARIABLES, parseEnv } from '@/config/env'

/** The variable names in the first column of every README table headed "| Variable | Default | Meaning |". */
function readmeVariables(): string[] {
  const names: string[] = []
  let inTable = false
  for (const line of readFileSync('README.md', 'utf8').split('\n')) {
    if (/^\|\s*Variable\s*\|\s*Default\s*\|/.test(line)) {
      inTable = true
      continue
    }
    if (!line.startsWith('|')) {
      inTable = false
      continue
    }
    if (!inTable || /^\|\s*-/.test(line)) continue
    const firstCell = line.split('|')[1]
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(match[1])
  }
  return names
}

describe('the configuration', () => {
  it('is documented in the README: exactly the variables the schema reads', () => {
    const documented = readmeVariables()
    expect(new Set(documented).size, 'a variable is listed twice').toBe(documented.length)
    expect([...documented].sort()).toEqual([...OPERATOR_VARIABLES].sort())
  })

  it('gives the documented defaults when nothing is set', () => {
    const settings = parseEnv({})
    expect(settings).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_POOL_MAX: 10,
      RATE_LIMIT_PUBLIC_PER_MINUTE: 100,
      RESPONSE_CACHE_MAX_MB: 64,
      OUTBOUND_ALLOW_HTTP: false,
      OUTBOUND_ALLOWED_NETWORKS: [],
      TRUSTED_PROXIES: [],
      DEMO_MODE: false,
      DEMO_USER_EMAIL: 'demo@example.com',
      SUBSCRIBE_RESEND_SECONDS: 300,
    })
    expect(settings.PUBLIC_URL).toBeUndefined()
    expect(Object.isFrozen(settings)).toBe(true)
  })

  it('refuses a bad value with one line naming the variable', () => {
    for (const [name, value] of [
      ['PORT', '70000'],
      ['PORT', 'eighty'],
      ['DATABASE_URL', 'mysql://db/status'],
      ['DATABASE_POOL_MAX', 'ten'],
      ['DATABASE_POOL_MAX', '0'],
      ['LOGIN_FAILURES_PER_ACCOUNT', '0'],
      ['TRUSTED_PROXIES', '127.0.0.1, not-an-address'],
      ['RATE_LIMIT_PUBLIC_PER_MINUTE', '-1'],
      ['MAINTENANCE_TICK_MS', 'often'],
      ['SMTP_MAX_CONNECTIONS', '2.5'],
      ['NOTIFY_LEASE_MS', '0'],
      ['SUBSCRIBE_RESEND_SECONDS', 'soon'],
      ['OUTBOUND_ALLOW_HTTP', 'maybe'],
      ['OUTBOUND_ALLOWED_NETWORKS', '10.0.0.0/8,intranet'],
      ['DEMO_MODE', 'enabled'],
      ['ADMIN_API_KEY', 'too-short-a-key'],
      ['ADMIN_API_KEY', 'a key with spaces, long enough otherwise'],
    ]) {
      let error: unknown
      try {
        parseEnv({ [name]: value })
      } catch (caught) {
        error = caught
      }
      expect(error, `${name}=${value}`).toBeInstanceOf(ConfigError)
      expect((error as Error).message).toMatch(new RegExp(`^${name} `))
      expect((error as Error).message).not.toContain('\n')
    }
  })

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'x', REDIS_URL: 'redis://r', ORIGIN_CONCURRENCY: 'y' })).toThrow(
      /^PORT .*; ORIGIN_CONCURRENCY /,
    )
  })

  it('treats empty as unset, and the demo interval falls back with a warning as documented', () => {
    expect(parseEnv({ PORT: '', DATABASE_POOL_MAX: ' ', DEMO_MODE: '' })).toMatchObject({
      PORT: 3000,
      DATABASE_POOL_MAX: 10,
      DEMO_MODE: false,
    })
    expect(parseEnv({ DEMO_RESET_INTERVAL_MINUTES: 'soon' }).DEMO_RESET_INTERVAL_MINUTES).toMatchObject({
      value: 60,
      warning: expect.stringContaining('DEMO_RESET_INTERVAL_MINUTES'),
    })
    expect(parseEnv({ OUTBOUND_ALLOW_HTTP: 'TRUE', DEMO_MODE: 'True' })).toMatchObject({
      OUTBOUND_ALLOW_HTTP: true,
      DEMO_MODE: true,
    })
  })

  it('reads booleans in the usual spellings: true/false, 1/0, yes/no, on/off', () => {
    for (const word of ['true', '1', 'yes', 'on', ' YES ', 'On'])
      expect(parseEnv({ DEMO_MODE: word, OUTBOUND_ALLOW_HTTP: word }), word).toMatchObject({
        DEMO_MODE: true,
        OUTBOUND_ALLOW_HTTP: true,
      })
    for (const word of ['false', '0', 'no', 'off', 'OFF'])
      expect(parseEnv({ DEMO_MODE: word, OUTBOUND_ALLOW_HTTP: word }), word).toMatchObject({
        DEMO_MODE: false,
        OUTBOUND_ALLOW_HTTP: false,
      })
  })
})
