import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_pages_uptime_display_days" AS ENUM('30', '60', '90', '180', '365');
  CREATE TYPE "public"."enum_settings_uptime_display_days" AS ENUM('30', '60', '90', '180', '365');
  ALTER TABLE "pages" ADD COLUMN "uptime_display_days" "enum_pages_uptime_display_days" DEFAULT '90';
  ALTER TABLE "pages" ADD COLUMN "uptime_display_min_incident_minutes" numeric DEFAULT 0;
  ALTER TABLE "pages_rels" ADD COLUMN "service_groups_id" integer;
  ALTER TABLE "settings" ADD COLUMN "uptime_display_days" "enum_settings_uptime_display_days" DEFAULT '90';
  ALTER TABLE "settings" ADD COLUMN "uptime_display_min_incident_minutes" numeric DEFAULT 0;
  ALTER TABLE "settings_rels" ADD COLUMN "service_groups_id" integer;
  ALTER TABLE "pages_rels" ADD CONSTRAINT "pages_rels_service_groups_fk" FOREIGN KEY ("service_groups_id") REFERENCES "public"."service_groups"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_rels" ADD CONSTRAINT "settings_rels_service_groups_fk" FOREIGN KEY ("service_groups_id") REFERENCES "public"."service_groups"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "pages_rels_service_groups_id_idx" ON "pages_rels" USING btree ("service_groups_id");
  CREATE INDEX "settings_rels_service_groups_id_idx" ON "settings_rels" USING btree ("service_groups_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "pages_rels" DROP CONSTRAINT "pages_rels_service_groups_fk";
  
  ALTER TABLE "settings_rels" DROP CONSTRAINT "settings_rels_service_groups_fk";
  
  DROP INDEX "pages_rels_service_groups_id_idx";
  DROP INDEX "settings_rels_service_groups_id_idx";
  ALTER TABLE "pages" DROP COLUMN "uptime_display_days";
  ALTER TABLE "pages" DROP COLUMN "uptime_display_min_incident_minutes";
  ALTER TABLE "pages_rels" DROP COLUMN "service_groups_id";
  ALTER TABLE "settings" DROP COLUMN "uptime_display_days";
  ALTER TABLE "settings" DROP COLUMN "uptime_display_min_incident_minutes";
  ALTER TABLE "settings_rels" DROP COLUMN "service_groups_id";
  DROP TYPE "public"."enum_pages_uptime_display_days";
  DROP TYPE "public"."enum_settings_uptime_display_days";`)
}
