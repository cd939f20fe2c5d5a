import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."_locales" AS ENUM('en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar');
  CREATE TABLE "service_groups_locales" (
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "services_locales" (
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "incidents_updates_locales" (
  	"message" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" varchar NOT NULL
  );
  
  CREATE TABLE "incidents_locales" (
  	"title" varchar NOT NULL,
  	"postmortem" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "maintenances_updates_locales" (
  	"message" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" varchar NOT NULL
  );
  
  CREATE TABLE "maintenances_locales" (
  	"title" varchar NOT NULL,
  	"description" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "incident_templates_locales" (
  	"title" varchar NOT NULL,
  	"message" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "maintenance_templates_locales" (
  	"title" varchar NOT NULL,
  	"description" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "pages_locales" (
  	"banner_texts_operational" varchar,
  	"banner_texts_maintenance" varchar,
  	"banner_texts_degraded" varchar,
  	"banner_texts_partial" varchar,
  	"banner_texts_major" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "settings_locales" (
  	"banner_texts_operational" varchar,
  	"banner_texts_maintenance" varchar,
  	"banner_texts_degraded" varchar,
  	"banner_texts_partial" varchar,
  	"banner_texts_major" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "service_groups_locales" ADD CONSTRAINT "service_groups_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."service_groups"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "services_locales" ADD CONSTRAINT "services_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "incidents_updates_locales" ADD CONSTRAINT "incidents_updates_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."incidents_updates"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "incidents_locales" ADD CONSTRAINT "incidents_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "maintenances_updates_locales" ADD CONSTRAINT "maintenances_updates_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."maintenances_updates"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "maintenances_locales" ADD CONSTRAINT "maintenances_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."maintenances"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "incident_templates_locales" ADD CONSTRAINT "incident_templates_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."incident_templates"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "maintenance_templates_locales" ADD CONSTRAINT "maintenance_templates_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."maintenance_templates"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_locales" ADD CONSTRAINT "pages_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_locales" ADD CONSTRAINT "settings_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "service_groups_locales_locale_parent_id_unique" ON "service_groups_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "services_locales_locale_parent_id_unique" ON "services_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "incidents_updates_locales_locale_parent_id_unique" ON "incidents_updates_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "incidents_locales_locale_parent_id_unique" ON "incidents_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "maintenances_updates_locales_locale_parent_id_unique" ON "maintenances_updates_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "maintenances_locales_locale_parent_id_unique" ON "maintenances_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "incident_templates_locales_locale_parent_id_unique" ON "incident_templates_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "maintenance_templates_locales_locale_parent_id_unique" ON "maintenance_templates_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "pages_locales_locale_parent_id_unique" ON "pages_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "settings_locales_locale_parent_id_unique" ON "settings_locales" USING btree ("_locale","_parent_id");
`)
  // The text written so far is the default language's (docs/languages.md, "Content"): copied into its locale rows
  // before the old columns go.
  await db.execute(sql`
  INSERT INTO "service_groups_locales" ("name", "description", "_locale", "_parent_id") SELECT "name", "description", 'en', "id" FROM "service_groups";
  INSERT INTO "services_locales" ("name", "description", "_locale", "_parent_id") SELECT "name", "description", 'en', "id" FROM "services";
  INSERT INTO "incidents_updates_locales" ("message", "_locale", "_parent_id") SELECT "message", 'en', "id" FROM "incidents_updates";
  INSERT INTO "incidents_locales" ("title", "postmortem", "_locale", "_parent_id") SELECT "title", "postmortem", 'en', "id" FROM "incidents";
  INSERT INTO "maintenances_updates_locales" ("message", "_locale", "_parent_id") SELECT "message", 'en', "id" FROM "maintenances_updates";
  INSERT INTO "maintenances_locales" ("title", "description", "_locale", "_parent_id") SELECT "title", "description", 'en', "id" FROM "maintenances";
  INSERT INTO "incident_templates_locales" ("title", "message", "_locale", "_parent_id") SELECT "title", "message", 'en', "id" FROM "incident_templates";
  INSERT INTO "maintenance_templates_locales" ("title", "description", "_locale", "_parent_id") SELECT "title", "description", 'en', "id" FROM "maintenance_templates";
  INSERT INTO "pages_locales" ("banner_texts_operational", "banner_texts_maintenance", "banner_texts_degraded", "banner_texts_partial", "banner_texts_major", "_locale", "_parent_id") SELECT "banner_texts_operational", "banner_texts_maintenance", "banner_texts_degraded", "banner_texts_partial", "banner_texts_major", 'en', "id" FROM "pages";
  INSERT INTO "settings_locales" ("banner_texts_operational", "banner_texts_maintenance", "banner_texts_degraded", "banner_texts_partial", "banner_texts_major", "_locale", "_parent_id") SELECT "banner_texts_operational", "banner_texts_maintenance", "banner_texts_degraded", "banner_texts_partial", "banner_texts_major", 'en', "id" FROM "settings";`)
  await db.execute(sql`
  ALTER TABLE "service_groups" DROP COLUMN "name";
  ALTER TABLE "service_groups" DROP COLUMN "description";
  ALTER TABLE "services" DROP COLUMN "name";
  ALTER TABLE "services" DROP COLUMN "description";
  ALTER TABLE "incidents_updates" DROP COLUMN "message";
  ALTER TABLE "incidents" DROP COLUMN "title";
  ALTER TABLE "incidents" DROP COLUMN "postmortem";
  ALTER TABLE "maintenances_updates" DROP COLUMN "message";
  ALTER TABLE "maintenances" DROP COLUMN "title";
  ALTER TABLE "maintenances" DROP COLUMN "description";
  ALTER TABLE "incident_templates" DROP COLUMN "title";
  ALTER TABLE "incident_templates" DROP COLUMN "message";
  ALTER TABLE "maintenance_templates" DROP COLUMN "title";
  ALTER TABLE "maintenance_templates" DROP COLUMN "description";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_operational";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_maintenance";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_degraded";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_partial";
  ALTER TABLE "pages" DROP COLUMN "banner_texts_major";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_operational";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_maintenance";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_degraded";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_partial";
  ALTER TABLE "settings" DROP COLUMN "banner_texts_major";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Back from the default language's rows: the other languages are lost.
  await db.execute(sql`
  ALTER TABLE "service_groups" ADD COLUMN "name" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "service_groups" ADD COLUMN "description" varchar;
  ALTER TABLE "services" ADD COLUMN "name" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "services" ADD COLUMN "description" varchar;
  ALTER TABLE "incidents_updates" ADD COLUMN "message" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "incidents" ADD COLUMN "title" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "incidents" ADD COLUMN "postmortem" jsonb;
  ALTER TABLE "maintenances_updates" ADD COLUMN "message" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "maintenances" ADD COLUMN "title" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "maintenances" ADD COLUMN "description" jsonb;
  ALTER TABLE "incident_templates" ADD COLUMN "title" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "incident_templates" ADD COLUMN "message" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "maintenance_templates" ADD COLUMN "title" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "maintenance_templates" ADD COLUMN "description" jsonb;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_operational" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_maintenance" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_degraded" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_partial" varchar;
  ALTER TABLE "pages" ADD COLUMN "banner_texts_major" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_operational" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_maintenance" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_degraded" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_partial" varchar;
  ALTER TABLE "settings" ADD COLUMN "banner_texts_major" varchar;
  UPDATE "service_groups" SET "name" = coalesce((SELECT l."name" FROM "service_groups_locales" l WHERE l."_parent_id" = "service_groups"."id" AND l."_locale" = 'en'), ''), "description" = (SELECT l."description" FROM "service_groups_locales" l WHERE l."_parent_id" = "service_groups"."id" AND l."_locale" = 'en');
  UPDATE "services" SET "name" = coalesce((SELECT l."name" FROM "services_locales" l WHERE l."_parent_id" = "services"."id" AND l."_locale" = 'en'), ''), "description" = (SELECT l."description" FROM "services_locales" l WHERE l."_parent_id" = "services"."id" AND l."_locale" = 'en');
  UPDATE "incidents_updates" SET "message" = coalesce((SELECT l."message" FROM "incidents_updates_locales" l WHERE l."_parent_id" = "incidents_updates"."id" AND l."_locale" = 'en'), '');
  UPDATE "incidents" SET "title" = coalesce((SELECT l."title" FROM "incidents_locales" l WHERE l."_parent_id" = "incidents"."id" AND l."_locale" = 'en'), ''), "postmortem" = (SELECT l."postmortem" FROM "incidents_locales" l WHERE l."_parent_id" = "incidents"."id" AND l."_locale" = 'en');
  UPDATE "maintenances_updates" SET "message" = coalesce((SELECT l."message" FROM "maintenances_updates_locales" l WHERE l."_parent_id" = "maintenances_updates"."id" AND l."_locale" = 'en'), '');
  UPDATE "maintenances" SET "title" = coalesce((SELECT l."title" FROM "maintenances_locales" l WHERE l."_parent_id" = "maintenances"."id" AND l."_locale" = 'en'), ''), "description" = (SELECT l."description" FROM "maintenances_locales" l WHERE l."_parent_id" = "maintenances"."id" AND l."_locale" = 'en');
  UPDATE "incident_templates" SET "title" = coalesce((SELECT l."title" FROM "incident_templates_locales" l WHERE l."_parent_id" = "incident_templates"."id" AND l."_locale" = 'en'), ''), "message" = coalesce((SELECT l."message" FROM "incident_templates_locales" l WHERE l."_parent_id" = "incident_templates"."id" AND l."_locale" = 'en'), '');
  UPDATE "maintenance_templates" SET "title" = coalesce((SELECT l."title" FROM "maintenance_templates_locales" l WHERE l."_parent_id" = "maintenance_templates"."id" AND l."_locale" = 'en'), ''), "description" = (SELECT l."description" FROM "maintenance_templates_locales" l WHERE l."_parent_id" = "maintenance_templates"."id" AND l."_locale" = 'en');
  UPDATE "pages" SET "banner_texts_operational" = (SELECT l."banner_texts_operational" FROM "pages_locales" l WHERE l."_parent_id" = "pages"."id" AND l."_locale" = 'en'), "banner_texts_maintenance" = (SELECT l."banner_texts_maintenance" FROM "pages_locales" l WHERE l."_parent_id" = "pages"."id" AND l."_locale" = 'en'), "banner_texts_degraded" = (SELECT l."banner_texts_degraded" FROM "pages_locales" l WHERE l."_parent_id" = "pages"."id" AND l."_locale" = 'en'), "banner_texts_partial" = (SELECT l."banner_texts_partial" FROM "pages_locales" l WHERE l."_parent_id" = "pages"."id" AND l."_locale" = 'en'), "banner_texts_major" = (SELECT l."banner_texts_major" FROM "pages_locales" l WHERE l."_parent_id" = "pages"."id" AND l."_locale" = 'en');
  UPDATE "settings" SET "banner_texts_operational" = (SELECT l."banner_texts_operational" FROM "settings_locales" l WHERE l."_parent_id" = "settings"."id" AND l."_locale" = 'en'), "banner_texts_maintenance" = (SELECT l."banner_texts_maintenance" FROM "settings_locales" l WHERE l."_parent_id" = "settings"."id" AND l."_locale" = 'en'), "banner_texts_degraded" = (SELECT l."banner_texts_degraded" FROM "settings_locales" l WHERE l."_parent_id" = "settings"."id" AND l."_locale" = 'en'), "banner_texts_partial" = (SELECT l."banner_texts_partial" FROM "settings_locales" l WHERE l."_parent_id" = "settings"."id" AND l."_locale" = 'en'), "banner_texts_major" = (SELECT l."banner_texts_major" FROM "settings_locales" l WHERE l."_parent_id" = "settings"."id" AND l."_locale" = 'en');
  ALTER TABLE "service_groups" ALTER COLUMN "name" DROP DEFAULT;
  ALTER TABLE "services" ALTER COLUMN "name" DROP DEFAULT;
  ALTER TABLE "incidents_updates" ALTER COLUMN "message" DROP DEFAULT;
  ALTER TABLE "incidents" ALTER COLUMN "title" DROP DEFAULT;
  ALTER TABLE "maintenances_updates" ALTER COLUMN "message" DROP DEFAULT;
  ALTER TABLE "maintenances" ALTER COLUMN "title" DROP DEFAULT;
  ALTER TABLE "incident_templates" ALTER COLUMN "title" DROP DEFAULT;
  ALTER TABLE "incident_templates" ALTER COLUMN "message" DROP DEFAULT;
  ALTER TABLE "maintenance_templates" ALTER COLUMN "title" DROP DEFAULT;
  DROP TABLE "service_groups_locales" CASCADE;
  DROP TABLE "services_locales" CASCADE;
  DROP TABLE "incidents_updates_locales" CASCADE;
  DROP TABLE "incidents_locales" CASCADE;
  DROP TABLE "maintenances_updates_locales" CASCADE;
  DROP TABLE "maintenances_locales" CASCADE;
  DROP TABLE "incident_templates_locales" CASCADE;
  DROP TABLE "maintenance_templates_locales" CASCADE;
  DROP TABLE "pages_locales" CASCADE;
  DROP TABLE "settings_locales" CASCADE;
  DROP TYPE "public"."_locales";`)
}
