import { Writable } from 'node:stream'

import { pino } from 'pino'
import { describe, expect, it } from 'vitest'

import { quietClientErrors } from '@/auth/quiet-client-errors'

/** A real pino logger with the hook, writing JSON lines into an array. */
function logger() {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { log: pino({ hooks: { logMethod: quietClientErrors } }, sink), lines }
}

class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

describe('quietClientErrors (L8)', () => {
  it('logs a 4xx as one INFO line without a stack, control characters removed', () => {
    const { log, lines } = logger()
    log.error({ err: new HttpError('You are not allowed\nto perform this action.', 403) })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 30, msg: '403 You are not allowed to perform this action.' })
    expect(JSON.stringify(lines[0])).not.toMatch(/stack/)
  })

  it('keeps a 5xx (and an error without a status) at ERROR with its stack', () => {
    const { log, lines } = logger()
    log.error({ err: new HttpError('boom', 500) })
    log.error({ err: new Error('unexpected') })
    expect(lines.map((line) => line.level)).toEqual([50, 50])
    expect((lines[0].err as { stack?: string }).stack).toMatch(/boom/)
    expect((lines[1].err as { stack?: string }).stack).toMatch(/unexpected/)
  })
})
