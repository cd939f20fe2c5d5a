import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-postgres'

/**
 * Nothing to change: the metrics, per-page uptime, incident-following and import migrations were made side by side,
 * each from the snapshot before the others. This one carries the snapshot of the schema they make together (its JSON
 * file), so that the next migration is generated against all of them.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
