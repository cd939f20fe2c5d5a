import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_notifications_status" ADD VALUE 'superseded';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "notifications" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "notifications" ALTER COLUMN "status" SET DEFAULT 'queued'::text;
  DROP TYPE "public"."enum_notifications_status";
  CREATE TYPE "public"."enum_notifications_status" AS ENUM('queued', 'sending', 'sent', 'partly_failed', 'failed');
  ALTER TABLE "notifications" ALTER COLUMN "status" SET DEFAULT 'queued'::"public"."enum_notifications_status";
  ALTER TABLE "notifications" ALTER COLUMN "status" SET DATA TYPE "public"."enum_notifications_status" USING "status"::"public"."enum_notifications_status";`)
}
