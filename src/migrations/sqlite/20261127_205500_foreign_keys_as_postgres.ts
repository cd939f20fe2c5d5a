import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-sqlite'

import { editTableDefinition } from '../../db/sqlite-schema-edit'

/**
 * The references SQLite's ALTER TABLE ADD made without an action get PostgreSQL's: maintenances.series_id SET NULL
 * (the first maintenance of a recurring series could not be deleted once its occurrences existed), and the admin's
 * document locks CASCADE (a locked notification, integration or template could not be deleted).
 */
const EDITS: { table: string; column: string; references: string; action: string }[] = [
  { table: 'maintenances', column: 'series_id', references: 'maintenances', action: 'SET NULL' },
  ...[
    'notifications',
    'notification_deliveries',
    'service_status_changes',
    'integrations',
    'integration_events',
    'incident_templates',
    'maintenance_templates',
  ].map((references) => ({
    table: 'payload_locked_documents_rels',
    column: `${references}_id`,
    references,
    action: 'CASCADE',
  })),
]

const without = (e: (typeof EDITS)[number]) => `\`${e.column}\` integer REFERENCES ${e.references}(id)`
const withAction = (e: (typeof EDITS)[number]) => `${without(e)} ON DELETE ${e.action}`

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const edit of EDITS) await editTableDefinition(db, edit.table, without(edit), withAction(edit))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const edit of EDITS) await editTableDefinition(db, edit.table, withAction(edit), without(edit))
}
