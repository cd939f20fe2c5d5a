import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_pages_date_format" AS ENUM('day-month', 'month-day', 'iso');
  CREATE TYPE "public"."enum_settings_date_format" AS ENUM('day-month', 'month-day', 'iso');
  CREATE TABLE "pages_footer_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "settings_footer_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  ALTER TABLE "pages" ADD COLUMN "accent_color" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_operational" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_maintenance" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_degraded" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_partial" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_major" varchar;
  ALTER TABLE "pages" ADD COLUMN "date_format" "enum_pages_date_format";
  ALTER TABLE "settings" ADD COLUMN "accent_color" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_operational" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_maintenance" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_degraded" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_partial" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_major" varchar;
  ALTER TABLE "settings" ADD COLUMN "date_format" "enum_settings_date_format" DEFAULT 'day-month';
  ALTER TABLE "pages_footer_links" ADD CONSTRAINT "pages_footer_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_footer_links" ADD CONSTRAINT "settings_footer_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "pages_footer_links_order_idx" ON "pages_footer_links" USING btree ("_order");
  CREATE INDEX "pages_footer_links_parent_id_idx" ON "pages_footer_links" USING btree ("_parent_id");
  CREATE INDEX "settings_footer_links_order_idx" ON "settings_footer_links" USING btree ("_order");
  CREATE INDEX "settings_footer_links_parent_id_idx" ON "settings_footer_links" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "pages_footer_links" CASCADE;
  DROP TABLE "settings_footer_links" CASCADE;
  ALTER TABLE "pages" DROP COLUMN "accent_color";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_operational";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_maintenance";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_degraded";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_partial";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_major";
  ALTER TABLE "pages" DROP COLUMN "date_format";
  ALTER TABLE "settings" DROP COLUMN "accent_color";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_operational";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_maintenance";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_degraded";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_partial";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_major";
  ALTER TABLE "settings" DROP COLUMN "date_format";
  DROP TYPE "public"."enum_pages_date_format";
  DROP TYPE "public"."enum_settings_date_format";`)
}
