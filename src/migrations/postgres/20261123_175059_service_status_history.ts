import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_service_status_changes_from_status" AS ENUM('operational', 'maintenance', 'degraded', 'partial', 'major');
  CREATE TYPE "public"."enum_service_status_changes_to_status" AS ENUM('operational', 'maintenance', 'degraded', 'partial', 'major');
  CREATE TYPE "public"."enum_service_status_changes_source" AS ENUM('initial', 'manual', 'incident', 'maintenance', 'integration');
  CREATE TABLE "service_status_changes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"service_id" integer,
  	"from_status" "enum_service_status_changes_from_status",
  	"to_status" "enum_service_status_changes_to_status" NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"source" "enum_service_status_changes_source" NOT NULL,
  	"source_ref" varchar,
  	"user_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ALTER COLUMN "role" DROP NOT NULL;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "service_status_changes_id" integer;
  ALTER TABLE "service_status_changes" ADD CONSTRAINT "service_status_changes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_status_changes" ADD CONSTRAINT "service_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "service_status_changes_service_idx" ON "service_status_changes" USING btree ("service_id");
  CREATE INDEX "service_status_changes_at_idx" ON "service_status_changes" USING btree ("at");
  CREATE INDEX "service_status_changes_user_idx" ON "service_status_changes" USING btree ("user_id");
  CREATE INDEX "service_status_changes_updated_at_idx" ON "service_status_changes" USING btree ("updated_at");
  CREATE INDEX "service_status_changes_created_at_idx" ON "service_status_changes" USING btree ("created_at");
  CREATE INDEX "service_at_idx" ON "service_status_changes" USING btree ("service_id","at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_service_status_changes_fk" FOREIGN KEY ("service_status_changes_id") REFERENCES "public"."service_status_changes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_service_status_changes_id_idx" ON "payload_locked_documents_rels" USING btree ("service_status_changes_id");
  ALTER TABLE "users" DROP COLUMN "login_attempts";
  ALTER TABLE "users" DROP COLUMN "lock_until";`)
  // A database older than the history starts it here, from each service's current status.
  await db.execute(sql`
  INSERT INTO "service_status_changes" ("service_id", "to_status", "at", "source")
    SELECT "id", "status"::text::"enum_service_status_changes_to_status", now(), 'initial' FROM "services";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "service_status_changes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "service_status_changes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_service_status_changes_fk";
  
  DROP INDEX "payload_locked_documents_rels_service_status_changes_id_idx";
  ALTER TABLE "users" ALTER COLUMN "role" SET NOT NULL;
  ALTER TABLE "users" ADD COLUMN "login_attempts" numeric DEFAULT 0;
  ALTER TABLE "users" ADD COLUMN "lock_until" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "service_status_changes_id";
  DROP TYPE "public"."enum_service_status_changes_from_status";
  DROP TYPE "public"."enum_service_status_changes_to_status";
  DROP TYPE "public"."enum_service_status_changes_source";`)
}
