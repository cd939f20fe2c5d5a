import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_incidents_integration_alert_state" AS ENUM('firing', 'resolved');
  CREATE TYPE "public"."enum_integrations_severity_statuses_status" AS ENUM('operational', 'maintenance', 'degraded', 'partial', 'major');
  CREATE TYPE "public"."enum_integrations_kind" AS ENUM('alertmanager', 'uptime-kuma', 'gatus', 'generic');
  CREATE TYPE "public"."enum_integrations_default_status" AS ENUM('operational', 'maintenance', 'degraded', 'partial', 'major');
  CREATE TYPE "public"."enum_integration_events_outcome" AS ENUM('opened', 'updated', 'resolved', 'closed', 'duplicate', 'resolved-by-person', 'nothing-open', 'no-service', 'test', 'ignored', 'bad-payload');
  CREATE TABLE "integrations_severity_statuses" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"severity" varchar NOT NULL,
  	"status" "enum_integrations_severity_statuses_status" NOT NULL
  );
  
  CREATE TABLE "integrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"kind" "enum_integrations_kind" NOT NULL,
  	"token_hash" varchar,
  	"service_label" varchar DEFAULT 'service' NOT NULL,
  	"default_status" "enum_integrations_default_status" DEFAULT 'partial' NOT NULL,
  	"notify_subscribers" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "integrations_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"services_id" integer
  );
  
  CREATE TABLE "integration_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"integration_id" integer,
  	"outcome" "enum_integration_events_outcome" NOT NULL,
  	"key" varchar,
  	"summary" varchar NOT NULL,
  	"detail" varchar,
  	"incident_id" integer,
  	"statuses" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "incidents" ADD COLUMN "integration_id" integer;
  ALTER TABLE "incidents" ADD COLUMN "integration_key" varchar;
  ALTER TABLE "incidents" ADD COLUMN "integration_alert_state" "enum_incidents_integration_alert_state";
  ALTER TABLE "incidents" ADD COLUMN "integration_signature" varchar;
  ALTER TABLE "incidents" ADD COLUMN "integration_open_key" varchar;
  ALTER TABLE "incidents" ADD COLUMN "integration_quiet" boolean;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "integrations_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "integration_events_id" integer;
  ALTER TABLE "integrations_severity_statuses" ADD CONSTRAINT "integrations_severity_statuses_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "integrations_rels" ADD CONSTRAINT "integrations_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "integrations_rels" ADD CONSTRAINT "integrations_rels_services_fk" FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "integration_events" ADD CONSTRAINT "integration_events_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "integration_events" ADD CONSTRAINT "integration_events_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "integrations_severity_statuses_order_idx" ON "integrations_severity_statuses" USING btree ("_order");
  CREATE INDEX "integrations_severity_statuses_parent_id_idx" ON "integrations_severity_statuses" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "integrations_token_hash_idx" ON "integrations" USING btree ("token_hash");
  CREATE INDEX "integrations_updated_at_idx" ON "integrations" USING btree ("updated_at");
  CREATE INDEX "integrations_created_at_idx" ON "integrations" USING btree ("created_at");
  CREATE INDEX "integrations_rels_order_idx" ON "integrations_rels" USING btree ("order");
  CREATE INDEX "integrations_rels_parent_idx" ON "integrations_rels" USING btree ("parent_id");
  CREATE INDEX "integrations_rels_path_idx" ON "integrations_rels" USING btree ("path");
  CREATE INDEX "integrations_rels_services_id_idx" ON "integrations_rels" USING btree ("services_id");
  CREATE INDEX "integration_events_integration_idx" ON "integration_events" USING btree ("integration_id");
  CREATE INDEX "integration_events_incident_idx" ON "integration_events" USING btree ("incident_id");
  CREATE INDEX "integration_events_updated_at_idx" ON "integration_events" USING btree ("updated_at");
  CREATE INDEX "integration_events_created_at_idx" ON "integration_events" USING btree ("created_at");
  CREATE INDEX "integration_createdAt_idx" ON "integration_events" USING btree ("integration_id","created_at");
  ALTER TABLE "incidents" ADD CONSTRAINT "incidents_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_integrations_fk" FOREIGN KEY ("integrations_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_integration_events_fk" FOREIGN KEY ("integration_events_id") REFERENCES "public"."integration_events"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "incidents_integration_idx" ON "incidents" USING btree ("integration_id");
  CREATE UNIQUE INDEX "incidents_integration_open_key_idx" ON "incidents" USING btree ("integration_open_key");
  CREATE INDEX "payload_locked_documents_rels_integrations_id_idx" ON "payload_locked_documents_rels" USING btree ("integrations_id");
  CREATE INDEX "payload_locked_documents_rels_integration_events_id_idx" ON "payload_locked_documents_rels" USING btree ("integration_events_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "integrations_severity_statuses" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "integrations" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "integrations_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "integration_events" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "integrations_severity_statuses" CASCADE;
  DROP TABLE "integrations" CASCADE;
  DROP TABLE "integrations_rels" CASCADE;
  DROP TABLE "integration_events" CASCADE;
  ALTER TABLE "incidents" DROP CONSTRAINT "incidents_integration_id_integrations_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_integrations_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_integration_events_fk";
  
  DROP INDEX "incidents_integration_idx";
  DROP INDEX "incidents_integration_open_key_idx";
  DROP INDEX "payload_locked_documents_rels_integrations_id_idx";
  DROP INDEX "payload_locked_documents_rels_integration_events_id_idx";
  ALTER TABLE "incidents" DROP COLUMN "integration_id";
  ALTER TABLE "incidents" DROP COLUMN "integration_key";
  ALTER TABLE "incidents" DROP COLUMN "integration_alert_state";
  ALTER TABLE "incidents" DROP COLUMN "integration_signature";
  ALTER TABLE "incidents" DROP COLUMN "integration_open_key";
  ALTER TABLE "incidents" DROP COLUMN "integration_quiet";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "integrations_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "integration_events_id";
  DROP TYPE "public"."enum_incidents_integration_alert_state";
  DROP TYPE "public"."enum_integrations_severity_statuses_status";
  DROP TYPE "public"."enum_integrations_kind";
  DROP TYPE "public"."enum_integrations_default_status";
  DROP TYPE "public"."enum_integration_events_outcome";`)
}
