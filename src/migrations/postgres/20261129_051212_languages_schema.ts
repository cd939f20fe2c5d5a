import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * Changes nothing: the subscribers' language (20261129_04…_subscriber_language) and the content's languages
 * (…_content_locales) were made side by side, each snapshot without the other's change. This one's snapshot (the
 * .json beside it) holds both, so that the next `migrate:create` compares with the schema as it is.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
