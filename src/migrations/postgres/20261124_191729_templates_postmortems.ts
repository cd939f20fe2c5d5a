import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_incident_templates_services_status" AS ENUM('operational', 'maintenance', 'degraded', 'partial', 'major');
  CREATE TYPE "public"."enum_incident_templates_status" AS ENUM('investigating', 'identified', 'monitoring', 'resolved');
  ALTER TYPE "public"."enum_notifications_kind" ADD VALUE 'incident_postmortem' BEFORE 'maintenance_scheduled';
  CREATE TABLE "incident_templates_services" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"service_id" integer,
  	"status" "enum_incident_templates_services_status" DEFAULT 'degraded' NOT NULL
  );
  
  CREATE TABLE "incident_templates" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"title" varchar NOT NULL,
  	"status" "enum_incident_templates_status" DEFAULT 'investigating' NOT NULL,
  	"message" varchar NOT NULL,
  	"notify" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "maintenance_templates" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"title" varchar NOT NULL,
  	"description" jsonb,
  	"duration_minutes" numeric,
  	"set_services_under_maintenance" boolean DEFAULT false,
  	"notify_subscribers" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "maintenance_templates_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"services_id" integer
  );
  
  ALTER TABLE "incidents" ADD COLUMN "postmortem" jsonb;
  ALTER TABLE "incidents" ADD COLUMN "postmortem_published_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "incident_templates_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "maintenance_templates_id" integer;
  ALTER TABLE "incident_templates_services" ADD CONSTRAINT "incident_templates_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "incident_templates_services" ADD CONSTRAINT "incident_templates_services_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."incident_templates"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "maintenance_templates_rels" ADD CONSTRAINT "maintenance_templates_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."maintenance_templates"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "maintenance_templates_rels" ADD CONSTRAINT "maintenance_templates_rels_services_fk" FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "incident_templates_services_order_idx" ON "incident_templates_services" USING btree ("_order");
  CREATE INDEX "incident_templates_services_parent_id_idx" ON "incident_templates_services" USING btree ("_parent_id");
  CREATE INDEX "incident_templates_services_service_idx" ON "incident_templates_services" USING btree ("service_id");
  CREATE INDEX "incident_templates_updated_at_idx" ON "incident_templates" USING btree ("updated_at");
  CREATE INDEX "incident_templates_created_at_idx" ON "incident_templates" USING btree ("created_at");
  CREATE INDEX "maintenance_templates_updated_at_idx" ON "maintenance_templates" USING btree ("updated_at");
  CREATE INDEX "maintenance_templates_created_at_idx" ON "maintenance_templates" USING btree ("created_at");
  CREATE INDEX "maintenance_templates_rels_order_idx" ON "maintenance_templates_rels" USING btree ("order");
  CREATE INDEX "maintenance_templates_rels_parent_idx" ON "maintenance_templates_rels" USING btree ("parent_id");
  CREATE INDEX "maintenance_templates_rels_path_idx" ON "maintenance_templates_rels" USING btree ("path");
  CREATE INDEX "maintenance_templates_rels_services_id_idx" ON "maintenance_templates_rels" USING btree ("services_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_incident_templates_fk" FOREIGN KEY ("incident_templates_id") REFERENCES "public"."incident_templates"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_maintenance_templates_fk" FOREIGN KEY ("maintenance_templates_id") REFERENCES "public"."maintenance_templates"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_incident_templates_id_idx" ON "payload_locked_documents_rels" USING btree ("incident_templates_id");
  CREATE INDEX "payload_locked_documents_rels_maintenance_templates_id_idx" ON "payload_locked_documents_rels" USING btree ("maintenance_templates_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "incident_templates_services" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "incident_templates" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "maintenance_templates" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "maintenance_templates_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "incident_templates_services" CASCADE;
  DROP TABLE "incident_templates" CASCADE;
  DROP TABLE "maintenance_templates" CASCADE;
  DROP TABLE "maintenance_templates_rels" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_incident_templates_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_maintenance_templates_fk";
  
  ALTER TABLE "notifications" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_notifications_kind";
  CREATE TYPE "public"."enum_notifications_kind" AS ENUM('incident_created', 'incident_updated', 'incident_resolved', 'maintenance_scheduled', 'maintenance_started', 'maintenance_completed', 'maintenance_cancelled');
  ALTER TABLE "notifications" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_notifications_kind" USING "kind"::"public"."enum_notifications_kind";
  DROP INDEX "payload_locked_documents_rels_incident_templates_id_idx";
  DROP INDEX "payload_locked_documents_rels_maintenance_templates_id_idx";
  ALTER TABLE "incidents" DROP COLUMN "postmortem";
  ALTER TABLE "incidents" DROP COLUMN "postmortem_published_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "incident_templates_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "maintenance_templates_id";
  DROP TYPE "public"."enum_incident_templates_services_status";
  DROP TYPE "public"."enum_incident_templates_status";`)
}
