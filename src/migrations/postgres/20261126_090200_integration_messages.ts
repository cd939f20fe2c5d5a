import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "integrations" ADD COLUMN "opening_message" varchar DEFAULT 'We are investigating elevated errors on {services}.';
  ALTER TABLE "integrations" ADD COLUMN "update_message" varchar DEFAULT 'We are continuing to investigate elevated errors on {services}.';
  ALTER TABLE "integrations" ADD COLUMN "resolved_message" varchar DEFAULT 'This incident has been resolved.';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "integrations" DROP COLUMN "opening_message";
  ALTER TABLE "integrations" DROP COLUMN "update_message";
  ALTER TABLE "integrations" DROP COLUMN "resolved_message";`)
}
