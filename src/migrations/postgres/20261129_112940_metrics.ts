import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_metrics_aggregation" AS ENUM('avg', 'max', 'sum', 'last');
  CREATE TYPE "public"."enum_metrics_source" AS ENUM('push', 'prometheus');
  CREATE TABLE "metrics" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar,
  	"unit" varchar,
  	"decimals" numeric DEFAULT 0,
  	"aggregation" "enum_metrics_aggregation" DEFAULT 'avg' NOT NULL,
  	"service_id" integer,
  	"display_order" numeric DEFAULT 0,
  	"source" "enum_metrics_source" DEFAULT 'push' NOT NULL,
  	"prometheus_url" varchar,
  	"prometheus_query" varchar,
  	"last_error" varchar,
  	"polled_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "metrics_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"pages_id" integer
  );
  
  CREATE TABLE "metric_points" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"metric" numeric NOT NULL,
  	"resolution" numeric NOT NULL,
  	"t" numeric NOT NULL,
  	"v" numeric NOT NULL,
  	"n" numeric DEFAULT 1 NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "metrics_id" integer;
  ALTER TABLE "metrics" ADD CONSTRAINT "metrics_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "metrics_rels" ADD CONSTRAINT "metrics_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "metrics_rels" ADD CONSTRAINT "metrics_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "metrics_slug_idx" ON "metrics" USING btree ("slug");
  CREATE INDEX "metrics_service_idx" ON "metrics" USING btree ("service_id");
  CREATE INDEX "metrics_updated_at_idx" ON "metrics" USING btree ("updated_at");
  CREATE INDEX "metrics_created_at_idx" ON "metrics" USING btree ("created_at");
  CREATE INDEX "metrics_rels_order_idx" ON "metrics_rels" USING btree ("order");
  CREATE INDEX "metrics_rels_parent_idx" ON "metrics_rels" USING btree ("parent_id");
  CREATE INDEX "metrics_rels_path_idx" ON "metrics_rels" USING btree ("path");
  CREATE INDEX "metrics_rels_pages_id_idx" ON "metrics_rels" USING btree ("pages_id");
  CREATE UNIQUE INDEX "metric_resolution_t_idx" ON "metric_points" USING btree ("metric","resolution","t");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_metrics_fk" FOREIGN KEY ("metrics_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_metrics_id_idx" ON "payload_locked_documents_rels" USING btree ("metrics_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "metrics" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "metrics_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "metric_points" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "metrics" CASCADE;
  DROP TABLE "metrics_rels" CASCADE;
  DROP TABLE "metric_points" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_metrics_fk";
  
  DROP INDEX "payload_locked_documents_rels_metrics_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "metrics_id";
  DROP TYPE "public"."enum_metrics_aggregation";
  DROP TYPE "public"."enum_metrics_source";`)
}
