import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_subscribers_type" ADD VALUE 'webhook';
  ALTER TYPE "public"."enum_subscribers_type" ADD VALUE 'slack';
  ALTER TYPE "public"."enum_subscribers_type" ADD VALUE 'discord';
  ALTER TYPE "public"."enum_subscribers_type" ADD VALUE 'teams';
  ALTER TYPE "public"."enum_notifications_kind" ADD VALUE 'service_status_changed';
  ALTER TYPE "public"."enum_notification_deliveries_channel" ADD VALUE 'webhook';
  ALTER TYPE "public"."enum_notification_deliveries_channel" ADD VALUE 'slack';
  ALTER TYPE "public"."enum_notification_deliveries_channel" ADD VALUE 'discord';
  ALTER TYPE "public"."enum_notification_deliveries_channel" ADD VALUE 'teams';
  ALTER TABLE "subscribers" ADD COLUMN "url" varchar;
  ALTER TABLE "subscribers" ADD COLUMN "contact_email" varchar;
  ALTER TABLE "subscribers" ADD COLUMN "signing_secret" varchar;
  ALTER TABLE "subscribers" ADD COLUMN "failing_since" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "quarantined_at" timestamp(3) with time zone;
  CREATE UNIQUE INDEX "subscribers_url_idx" ON "subscribers" USING btree ("url");
  CREATE INDEX "subscribers_quarantined_at_idx" ON "subscribers" USING btree ("quarantined_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscribers" ALTER COLUMN "type" SET DATA TYPE text;
  ALTER TABLE "subscribers" ALTER COLUMN "type" SET DEFAULT 'email'::text;
  DROP TYPE "public"."enum_subscribers_type";
  CREATE TYPE "public"."enum_subscribers_type" AS ENUM('email', 'sms');
  ALTER TABLE "subscribers" ALTER COLUMN "type" SET DEFAULT 'email'::"public"."enum_subscribers_type";
  ALTER TABLE "subscribers" ALTER COLUMN "type" SET DATA TYPE "public"."enum_subscribers_type" USING "type"::"public"."enum_subscribers_type";
  ALTER TABLE "notifications" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_notifications_kind";
  CREATE TYPE "public"."enum_notifications_kind" AS ENUM('incident_created', 'incident_updated', 'incident_resolved', 'incident_postmortem', 'maintenance_scheduled', 'maintenance_reminder', 'maintenance_started', 'maintenance_completed', 'maintenance_cancelled');
  ALTER TABLE "notifications" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_notifications_kind" USING "kind"::"public"."enum_notifications_kind";
  ALTER TABLE "notification_deliveries" ALTER COLUMN "channel" SET DATA TYPE text;
  DROP TYPE "public"."enum_notification_deliveries_channel";
  CREATE TYPE "public"."enum_notification_deliveries_channel" AS ENUM('email', 'sms');
  ALTER TABLE "notification_deliveries" ALTER COLUMN "channel" SET DATA TYPE "public"."enum_notification_deliveries_channel" USING "channel"::"public"."enum_notification_deliveries_channel";
  DROP INDEX "subscribers_url_idx";
  DROP INDEX "subscribers_quarantined_at_idx";
  ALTER TABLE "subscribers" DROP COLUMN "url";
  ALTER TABLE "subscribers" DROP COLUMN "contact_email";
  ALTER TABLE "subscribers" DROP COLUMN "signing_secret";
  ALTER TABLE "subscribers" DROP COLUMN "failing_since";
  ALTER TABLE "subscribers" DROP COLUMN "quarantined_at";`)
}
