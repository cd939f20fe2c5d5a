import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "settings" ADD COLUMN "default_update_messages_investigating" varchar DEFAULT 'We are investigating this issue and will post an update as soon as we know more.';
  ALTER TABLE "settings" ADD COLUMN "default_update_messages_identified" varchar DEFAULT 'The issue has been identified and a fix is being implemented.';
  ALTER TABLE "settings" ADD COLUMN "default_update_messages_monitoring" varchar DEFAULT 'A fix has been implemented and we are monitoring the results.';
  ALTER TABLE "settings" ADD COLUMN "default_update_messages_resolved" varchar DEFAULT 'This incident has been resolved.';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "settings" DROP COLUMN "default_update_messages_investigating";
  ALTER TABLE "settings" DROP COLUMN "default_update_messages_identified";
  ALTER TABLE "settings" DROP COLUMN "default_update_messages_monitoring";
  ALTER TABLE "settings" DROP COLUMN "default_update_messages_resolved";`)
}
