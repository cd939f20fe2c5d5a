/**
 * On SQLite, one update of a document at a time, in this process. Payload's SQLite adapter runs a document's update
 * as several statements without a transaction, and rewrites the document's per-language rows (its `_locales` table:
 * docs/languages.md, "Content") by deleting and inserting them: two updates of the same document at once (two
 * incidents resolving give their service back together) interleaved their deletes and inserts, and the second insert
 * broke the table's unique (language, document) index. PostgreSQL runs each update in a transaction under the
 * service status lock (src/services/service-status/internal.ts); SQLite is one process's, so a queue per document
 * here covers every writer.
 */
import type { Payload } from 'payload'

import { oneAtATime } from '@/integrations/key-lock'

type UpdateOne = Payload['db']['updateOne']

const queued = new WeakSet<object>()

export function queueSqliteUpdates(payload: Payload): void {
  const db = payload.db as Payload['db'] & { drizzle?: { all?: unknown } }
  if (typeof db.drizzle?.all !== 'function' || queued.has(db)) return
  queued.add(db)
  const updateOne: UpdateOne = db.updateOne.bind(db)
  db.updateOne = ((args: Parameters<UpdateOne>[0]) =>
    args.id === undefined || args.id === null
      ? updateOne(args)
      : oneAtATime(`update:${args.collection}:${args.id}`, () => updateOne(args))) as UpdateOne
}
