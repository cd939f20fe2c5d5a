import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-sqlite'

import { editTableDefinition } from '../../db/sqlite-schema-edit'

/**
 * incidents.integration_id gets ON DELETE SET NULL, as on PostgreSQL: SQLite's ALTER TABLE ADD in
 * 20261123_184236_integrations made the reference without an action, so an integration that had opened an
 * incident could not be deleted (a foreign key failure). SQLite cannot alter a constraint, so the table's stored
 * definition is edited (src/db/sqlite-schema-edit.ts).
 */
const WITHOUT = '`integration_id` integer REFERENCES integrations(id)'
const WITH = '`integration_id` integer REFERENCES integrations(id) ON DELETE SET NULL'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await editTableDefinition(db, 'incidents', WITHOUT, WITH)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await editTableDefinition(db, 'incidents', WITH, WITHOUT)
}
