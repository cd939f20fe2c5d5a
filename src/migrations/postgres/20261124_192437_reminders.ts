import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_maintenances_remind_before" AS ENUM('default', 'none', '1h', '24h');
  CREATE TYPE "public"."enum_settings_maintenance_reminder" AS ENUM('none', '1h', '24h');
  ALTER TYPE "public"."enum_notifications_kind" ADD VALUE 'maintenance_reminder' BEFORE 'maintenance_started';
  ALTER TABLE "incidents" ADD COLUMN "reminder_sent_at" timestamp(3) with time zone;
  ALTER TABLE "maintenances" ADD COLUMN "remind_before" "enum_maintenances_remind_before" DEFAULT 'default';
  ALTER TABLE "maintenances" ADD COLUMN "reminded_for" timestamp(3) with time zone;
  ALTER TABLE "settings" ADD COLUMN "maintenance_reminder" "enum_settings_maintenance_reminder" DEFAULT '1h';
  ALTER TABLE "settings" ADD COLUMN "incident_reminder_hours" numeric DEFAULT 4;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "notifications" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_notifications_kind";
  CREATE TYPE "public"."enum_notifications_kind" AS ENUM('incident_created', 'incident_updated', 'incident_resolved', 'incident_postmortem', 'maintenance_scheduled', 'maintenance_started', 'maintenance_completed', 'maintenance_cancelled');
  ALTER TABLE "notifications" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_notifications_kind" USING "kind"::"public"."enum_notifications_kind";
  ALTER TABLE "incidents" DROP COLUMN "reminder_sent_at";
  ALTER TABLE "maintenances" DROP COLUMN "remind_before";
  ALTER TABLE "maintenances" DROP COLUMN "reminded_for";
  ALTER TABLE "settings" DROP COLUMN "maintenance_reminder";
  ALTER TABLE "settings" DROP COLUMN "incident_reminder_hours";
  DROP TYPE "public"."enum_maintenances_remind_before";
  DROP TYPE "public"."enum_settings_maintenance_reminder";`)
}
