/**
 * What the public read model asks the database, and how long each statement takes there, on a seeded database.
 *
 *   DATABASE_URL=… PAYLOAD_SECRET=… node --conditions=production --import tsx bench/explain.ts <serviceSlug> <shortId>
 *
 * Calls the read-model functions (src/public-api/read-model.ts) the uncached benchmark requests run, records every
 * SQL statement Payload sends (by wrapping the driver), times each one on its own (median of several runs), and
 * prints its plan (EXPLAIN ANALYZE on PostgreSQL, EXPLAIN QUERY PLAN on SQLite). The last line of output is
 * `EXPLAIN_RESULT {json}` for bench/run.mjs; the plans go to stdout above it.
 */
import type { Client as LibsqlClient, InArgs } from '@libsql/client'
import type pg from 'pg'
import { getPayload } from 'payload'

import { WHOLE_SITE } from '../src/domain/pages'
import { dialectOf } from '../src/config/database'
import { findIncident, listIncidents, statusSummary } from '../src/public-api/read-model'

interface Captured {
  sql: string
  params: unknown[]
}

const RUNS = 5

async function main([serviceSlug, shortId]: string[]): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl || !serviceSlug || !shortId)
    throw new Error('usage: DATABASE_URL=… explain.ts <serviceSlug> <shortId>')
  process.env.MAINTENANCE_TICK_MS = '0'
  const dialect = dialectOf(databaseUrl)
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  const db = payload.db as unknown as { client?: LibsqlClient; pool?: pg.Pool; drizzle: { $client?: unknown } }

  let captured: Captured[] = []
  let capturing = false
  // Wrap the driver: drizzle sends every statement through these.
  if (dialect === 'postgres') {
    const pool = db.pool as pg.Pool
    const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
    ;(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      if (capturing) {
        const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
        captured.push(
          typeof first === 'string'
            ? { sql: first, params: second ?? [] }
            : { sql: first.text, params: second ?? first.values ?? [] },
        )
      }
      return original(...args)
    }
  } else {
    const client = db.client as LibsqlClient
    const original = client.execute.bind(client) as (...args: unknown[]) => Promise<unknown>
    ;(client as unknown as { execute: (...args: unknown[]) => Promise<unknown> }).execute = (...args: unknown[]) => {
      if (capturing) {
        const [first, second] = args as [string | { sql: string; args?: unknown[] }, unknown[] | undefined]
        captured.push(
          typeof first === 'string'
            ? { sql: first, params: second ?? [] }
            : { sql: first.sql, params: (first.args as unknown[]) ?? [] },
        )
      }
      return original(...args)
    }
  }

  const run = async (sql: string, params: unknown[]) => {
    if (dialect === 'postgres') return (await (db.pool as pg.Pool).query(sql, params)).rows
    return (await (db.client as LibsqlClient).execute({ sql, args: params as InArgs })).rows
  }

  const links = { base: 'http://127.0.0.1', scope: WHOLE_SITE }
  const base = { page: 1, limit: 25 }
  const cases: { name: string; call: () => Promise<unknown> }[] = [
    { name: 'incidents?page=1', call: () => listIncidents(payload, { ...base } as never, links) },
    { name: 'incidents?page=2000', call: () => listIncidents(payload, { ...base, page: 2000 } as never, links) },
    {
      name: `incidents?status=active&service=${serviceSlug}`,
      call: () => listIncidents(payload, { ...base, status: 'active', service: serviceSlug } as never, links),
    },
    { name: `incidents/${shortId}`, call: () => findIncident(payload, shortId, links) },
    { name: 'status', call: () => statusSummary(payload, links, null) },
  ]

  const report: {
    name: string
    totalMs: number | null
    error?: string
    statements: { sql: string; medianMs: number; rows: number; plan: string }[]
  }[] = []
  for (const c of cases) {
    try {
      await c.call() // warm
    } catch (error) {
      // Recorded, not fatal: the benchmark reports the failing request too.
      report.push({ name: c.name, totalMs: null, error: (error as Error).message, statements: [] })
      console.log(`\n=== ${c.name}: FAILED: ${(error as Error).message}`)
      capturing = false
      continue
    }
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      captured = []
      capturing = true
      const t = performance.now()
      await c.call()
      times.push(performance.now() - t)
      capturing = false
    }
    const statements = []
    for (const statement of captured) {
      const stmtTimes: number[] = []
      let rows = 0
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now()
        rows = (await run(statement.sql, statement.params)).length
        stmtTimes.push(performance.now() - t)
      }
      const planRows =
        dialect === 'postgres'
          ? await run(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params)
          : await run(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.params)
      const plan =
        dialect === 'postgres'
          ? planRows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN'])).join('\n')
          : planRows
              .map(
                (r) =>
                  `${String((r as Record<string, unknown>).id)}/${String((r as Record<string, unknown>).parent)} ${String((r as Record<string, unknown>).detail)}`,
              )
              .join('\n')
      statements.push({ sql: statement.sql, params: statement.params, medianMs: median(stmtTimes), rows, plan })
    }
    report.push({ name: c.name, totalMs: median(times), statements })
    console.log(
      `\n=== ${c.name}: ${median(times).toFixed(1)} ms through the read model (median of ${RUNS}), ${statements.length} statements`,
    )
    for (const s of statements) {
      console.log(
        `\n--- ${s.medianMs.toFixed(2)} ms, ${s.rows} rows\n${s.sql}\n-- params: ${JSON.stringify(s.params).slice(0, 300)}\n${s.plan}`,
      )
    }
  }
  console.log(
    `EXPLAIN_RESULT ${JSON.stringify(report.map((r) => ({ ...r, statements: r.statements.map(({ plan: _plan, ...s }) => ({ ...s, sql: s.sql.slice(0, 4000) })) })))}`,
  )
  await payload.destroy?.()
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('explain failed:', error)
    process.exit(1)
  },
)
