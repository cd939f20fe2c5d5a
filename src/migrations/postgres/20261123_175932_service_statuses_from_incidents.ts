import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_incidents_updates_service_statuses_status" AS ENUM('operational', 'maintenance', 'degraded', 'partial', 'major');
  CREATE TABLE "incidents_updates_service_statuses" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"service_id" integer,
  	"status" "enum_incidents_updates_service_statuses_status" NOT NULL
  );
  
  ALTER TABLE "maintenances" ADD COLUMN "set_services_under_maintenance" boolean DEFAULT false;
  ALTER TABLE "incidents_updates_service_statuses" ADD CONSTRAINT "incidents_updates_service_statuses_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "incidents_updates_service_statuses" ADD CONSTRAINT "incidents_updates_service_statuses_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."incidents_updates"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "incidents_updates_service_statuses_order_idx" ON "incidents_updates_service_statuses" USING btree ("_order");
  CREATE INDEX "incidents_updates_service_statuses_parent_id_idx" ON "incidents_updates_service_statuses" USING btree ("_parent_id");
  CREATE INDEX "incidents_updates_service_statuses_service_idx" ON "incidents_updates_service_statuses" USING btree ("service_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "incidents_updates_service_statuses" CASCADE;
  ALTER TABLE "maintenances" DROP COLUMN "set_services_under_maintenance";
  DROP TYPE "public"."enum_incidents_updates_service_statuses_status";`)
}
