import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_notifications_kind" AS ENUM('incident_created', 'incident_updated', 'incident_resolved', 'maintenance_scheduled', 'maintenance_started', 'maintenance_completed', 'maintenance_cancelled');
  CREATE TYPE "public"."enum_notifications_status" AS ENUM('queued', 'sending', 'sent', 'partly_failed', 'failed');
  CREATE TYPE "public"."enum_notification_deliveries_channel" AS ENUM('email', 'sms');
  CREATE TYPE "public"."enum_notification_deliveries_status" AS ENUM('pending', 'sending', 'sent', 'failed', 'interrupted', 'skipped');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'deliverNotification';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendConfirmation';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'deliverNotification';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendConfirmation';
  CREATE TABLE "notifications" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum_notifications_kind" NOT NULL,
  	"event_key" varchar NOT NULL,
  	"subject" varchar NOT NULL,
  	"message" varchar,
  	"content" jsonb NOT NULL,
  	"incident_id" integer,
  	"maintenance_id" integer,
  	"status" "enum_notifications_status" DEFAULT 'queued' NOT NULL,
  	"recipients" numeric,
  	"sent" numeric,
  	"failed" numeric,
  	"completed_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "notification_deliveries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"notification_id" integer,
  	"subscriber_id" integer,
  	"channel" "enum_notification_deliveries_channel" NOT NULL,
  	"address" varchar,
  	"status" "enum_notification_deliveries_status" DEFAULT 'pending' NOT NULL,
  	"attempts" numeric DEFAULT 0,
  	"next_attempt_at" timestamp(3) with time zone,
  	"claimed_at" timestamp(3) with time zone,
  	"sent_at" timestamp(3) with time zone,
  	"last_error" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "demo_state" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"last_reset_at" timestamp(3) with time zone,
  	"next_reset_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  DROP INDEX "subscribers_email_idx";
  DROP INDEX "subscribers_phone_idx";
  ALTER TABLE "maintenances" ADD COLUMN "notify_subscribers" boolean DEFAULT true;
  ALTER TABLE "subscribers" ADD COLUMN "verified_at" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "unsubscribed_at" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "confirmation_sent_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "notifications_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "notification_deliveries_id" integer;
  ALTER TABLE "notifications" ADD CONSTRAINT "notifications_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "notifications" ADD CONSTRAINT "notifications_maintenance_id_maintenances_id_fk" FOREIGN KEY ("maintenance_id") REFERENCES "public"."maintenances"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "notifications_event_key_idx" ON "notifications" USING btree ("event_key");
  CREATE INDEX "notifications_incident_idx" ON "notifications" USING btree ("incident_id");
  CREATE INDEX "notifications_maintenance_idx" ON "notifications" USING btree ("maintenance_id");
  CREATE INDEX "notifications_status_idx" ON "notifications" USING btree ("status");
  CREATE INDEX "notifications_updated_at_idx" ON "notifications" USING btree ("updated_at");
  CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");
  CREATE INDEX "notification_deliveries_notification_idx" ON "notification_deliveries" USING btree ("notification_id");
  CREATE INDEX "notification_deliveries_subscriber_idx" ON "notification_deliveries" USING btree ("subscriber_id");
  CREATE INDEX "notification_deliveries_status_idx" ON "notification_deliveries" USING btree ("status");
  CREATE INDEX "notification_deliveries_next_attempt_at_idx" ON "notification_deliveries" USING btree ("next_attempt_at");
  CREATE INDEX "notification_deliveries_updated_at_idx" ON "notification_deliveries" USING btree ("updated_at");
  CREATE INDEX "notification_deliveries_created_at_idx" ON "notification_deliveries" USING btree ("created_at");
  CREATE UNIQUE INDEX "notification_subscriber_idx" ON "notification_deliveries" USING btree ("notification_id","subscriber_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_notifications_fk" FOREIGN KEY ("notifications_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_notification_deliveries_fk" FOREIGN KEY ("notification_deliveries_id") REFERENCES "public"."notification_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "subscribers_verified_idx" ON "subscribers" USING btree ("verified");
  CREATE INDEX "subscribers_active_idx" ON "subscribers" USING btree ("active");
  CREATE INDEX "payload_locked_documents_rels_notifications_id_idx" ON "payload_locked_documents_rels" USING btree ("notifications_id");
  CREATE INDEX "payload_locked_documents_rels_notification_deliveries_id_idx" ON "payload_locked_documents_rels" USING btree ("notification_deliveries_id");
  CREATE UNIQUE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");
  CREATE UNIQUE INDEX "subscribers_phone_idx" ON "subscribers" USING btree ("phone");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "notifications" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "notification_deliveries" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "demo_state" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "notifications" CASCADE;
  DROP TABLE "notification_deliveries" CASCADE;
  DROP TABLE "demo_state" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_notifications_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_notification_deliveries_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'advanceMaintenances');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'advanceMaintenances');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "subscribers_verified_idx";
  DROP INDEX "subscribers_active_idx";
  DROP INDEX "payload_locked_documents_rels_notifications_id_idx";
  DROP INDEX "payload_locked_documents_rels_notification_deliveries_id_idx";
  DROP INDEX "subscribers_email_idx";
  DROP INDEX "subscribers_phone_idx";
  CREATE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");
  CREATE INDEX "subscribers_phone_idx" ON "subscribers" USING btree ("phone");
  ALTER TABLE "maintenances" DROP COLUMN "notify_subscribers";
  ALTER TABLE "subscribers" DROP COLUMN "verified_at";
  ALTER TABLE "subscribers" DROP COLUMN "unsubscribed_at";
  ALTER TABLE "subscribers" DROP COLUMN "confirmation_sent_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "notifications_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "notification_deliveries_id";
  DROP TYPE "public"."enum_notifications_kind";
  DROP TYPE "public"."enum_notifications_status";
  DROP TYPE "public"."enum_notification_deliveries_channel";
  DROP TYPE "public"."enum_notification_deliveries_status";`)
}
