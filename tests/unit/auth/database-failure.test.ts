/**
 * L7 pieces on their own: which errors mean "the database is not answering" (503), and that the connect timeout
 * ends a connection attempt to a host that accepts and never answers (a partition) within it.
 */
import { createServer, type Socket } from 'node:net'

import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { isDatabaseUnavailable } from '@/db/unavailable'
import { databaseTimeouts } from '@/config/database'
import { parseEnv } from '@/config/env'

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, terminated sessions and timeouts, also wrapped by the ORM', () => {
    for (const error of [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select …', { cause: Object.assign(new Error('x'), { code: '08006' }) }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true)
    }
  })

  it('recognises an SQLite file that cannot be opened or written (permissions, a full disk)', () => {
    for (const error of [
      new Error('Failed query: insert …', {
        cause: Object.assign(new Error('SQLITE_READONLY: attempt to write a readonly database'), {
          code: 'SQLITE_READONLY',
        }),
      }),
      Object.assign(new Error('SQLITE_CANTOPEN: unable to open database file'), { code: 'SQLITE_CANTOPEN' }),
      Object.assign(new Error('SQLITE_FULL: database or disk is full'), { code: 'SQLITE_FULL' }),
      Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true)
    }
  })

  it('leaves other database errors alone (they are answered as they are)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('relation does not exist'), { code: '42P01' }))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})

describe('databaseTimeouts', () => {
  it('defaults to 5 s to connect and 15 s per statement, and refuses nonsense', () => {
    expect(databaseTimeouts(parseEnv({}))).toEqual({ connectMs: 5000, statementMs: 15_000 })
    expect(
      databaseTimeouts(parseEnv({ DATABASE_CONNECT_TIMEOUT_MS: '800', DATABASE_STATEMENT_TIMEOUT_MS: '2000' })),
    ).toEqual({ connectMs: 800, statementMs: 2000 })
    expect(() => databaseTimeouts(parseEnv({ DATABASE_CONNECT_TIMEOUT_MS: 'soon' }))).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    )
  })

  it('a server that accepts and never answers fails the connection, as "unavailable"', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)),
    )
    const pool = new pg.Pool({
      connectionString: `postgres://x@127.0.0.1:${port}/x`,
      connectionTimeoutMillis: databaseTimeouts(parseEnv({ DATABASE_CONNECT_TIMEOUT_MS: '300' })).connectMs,
    })
    const error = await pool.query('select 1').catch((failure: unknown) => failure)
    expect(isDatabaseUnavailable(error)).toBe(true)
    await pool.end()
    for (const socket of sockets) socket.destroy()
    silent.close()
  })
})
