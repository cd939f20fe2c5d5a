import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-sqlite'

import { endpointSpellingPlan } from '../../domain/endpoint-spellings'

/**
 * Endpoint URLs stored as given are brought to the one spelling the service now stores (normaliseEndpoint), so the
 * unique index holds one row per endpoint and a lookup of any spelling finds it. Rows that were one endpoint under
 * several spellings cannot all take it: the confirmed, active one stays, the others are unsubscribed and keep a
 * spelling of their own (src/domain/endpoint-spellings.ts), so the upgrade never fails on a duplicate.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  const rows = await db.all<{ id: number; url: string; active: unknown; verified: unknown }>(
    sql`SELECT id, url, active, verified FROM subscribers WHERE url IS NOT NULL`,
  )
  const plan = endpointSpellingPlan(
    rows.map((row) => ({ id: Number(row.id), url: row.url, active: Boolean(row.active), verified: Boolean(row.verified) })),
  )
  const now = new Date().toISOString()
  for (const id of plan.unsubscribe)
    await db.run(sql`UPDATE subscribers SET active = 0, unsubscribed_at = ${now} WHERE id = ${id}`)
  for (const write of plan.writes) await db.run(sql`UPDATE subscribers SET url = ${write.url} WHERE id = ${write.id}`)
}

/** The spellings stored are the same endpoints: there is nothing to give back. */
export async function down(_args: MigrateDownArgs): Promise<void> {}
