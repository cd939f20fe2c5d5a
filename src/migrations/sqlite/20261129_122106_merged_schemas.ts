import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-sqlite'

/**
 * Nothing to change: the migrations of incident following, metrics, per-page uptime, the importer's ids, the second
 * factor and the audit log were made side by side, each from the snapshot before the others. This one carries the
 * snapshot of the schema they make together (its JSON file), so that the next migration is generated against all.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
