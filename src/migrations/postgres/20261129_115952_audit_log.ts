import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_audit_log_actor_type" AS ENUM('user', 'api-key', 'integration', 'job', 'system', 'anonymous');
  CREATE TYPE "public"."enum_audit_log_action" AS ENUM('create', 'update', 'delete', 'publish', 'role-change', 'api-key', 'login', 'login-failed', 'logout');
  CREATE TABLE "audit_log" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"actor_type" "enum_audit_log_actor_type" NOT NULL,
  	"actor" varchar NOT NULL,
  	"user_id" numeric,
  	"address" varchar,
  	"action" "enum_audit_log_action" NOT NULL,
  	"collection" varchar NOT NULL,
  	"document_id" numeric,
  	"changes" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE INDEX "audit_log_actor_type_idx" ON "audit_log" USING btree ("actor_type");
  CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor");
  CREATE INDEX "audit_log_user_id_idx" ON "audit_log" USING btree ("user_id");
  CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");
  CREATE INDEX "audit_log_collection_idx" ON "audit_log" USING btree ("collection");
  CREATE INDEX "audit_log_document_id_idx" ON "audit_log" USING btree ("document_id");
  CREATE INDEX "audit_log_updated_at_idx" ON "audit_log" USING btree ("updated_at");
  CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "audit_log" CASCADE;
  DROP TYPE "public"."enum_audit_log_actor_type";
  DROP TYPE "public"."enum_audit_log_action";`)
}
