import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'


/**
 * Several status pages (docs/pages.md): the pages collection with its host names and sections; the settings'
 * sections (the default page's); the pages an incident or maintenance names; the page a subscriber follows, and
 * `page_key` (its id, 0 for the default page), which the unique indexes of an address pair with, so one address may
 * follow two pages; the pages an editor is limited to. An existing site gets no page, no section and no limit: the
 * default page shows what the site showed, and every subscriber follows it.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "users_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"pages_id" integer
  );
  
  CREATE TABLE "pages_hosts" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"host" varchar NOT NULL
  );
  
  CREATE TABLE "pages_sections" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"group_id" integer
  );
  
  CREATE TABLE "pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar,
  	"public_url" varchar,
  	"description" varchar,
  	"status_message" varchar,
  	"time_zone" varchar,
  	"logo_id" integer,
  	"favicon_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "pages_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"services_id" integer
  );
  
  CREATE TABLE "settings_sections" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"group_id" integer
  );
  
  CREATE TABLE "settings_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"services_id" integer
  );
  
  DROP INDEX "subscribers_email_idx";
  DROP INDEX "subscribers_phone_idx";
  DROP INDEX "subscribers_url_idx";
  ALTER TABLE "incidents_rels" ADD COLUMN "pages_id" integer;
  ALTER TABLE "maintenances_rels" ADD COLUMN "pages_id" integer;
  ALTER TABLE "subscribers" ADD COLUMN "page_id" integer;
  ALTER TABLE "subscribers" ADD COLUMN "page_key" numeric DEFAULT 0;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "pages_id" integer;
  ALTER TABLE "users_rels" ADD CONSTRAINT "users_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "users_rels" ADD CONSTRAINT "users_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_hosts" ADD CONSTRAINT "pages_hosts_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_sections" ADD CONSTRAINT "pages_sections_group_id_service_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages_sections" ADD CONSTRAINT "pages_sections_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages" ADD CONSTRAINT "pages_logo_id_media_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages" ADD CONSTRAINT "pages_favicon_id_media_id_fk" FOREIGN KEY ("favicon_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages_rels" ADD CONSTRAINT "pages_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_rels" ADD CONSTRAINT "pages_rels_services_fk" FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_sections" ADD CONSTRAINT "settings_sections_group_id_service_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "settings_sections" ADD CONSTRAINT "settings_sections_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_rels" ADD CONSTRAINT "settings_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_rels" ADD CONSTRAINT "settings_rels_services_fk" FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_rels_order_idx" ON "users_rels" USING btree ("order");
  CREATE INDEX "users_rels_parent_idx" ON "users_rels" USING btree ("parent_id");
  CREATE INDEX "users_rels_path_idx" ON "users_rels" USING btree ("path");
  CREATE INDEX "users_rels_pages_id_idx" ON "users_rels" USING btree ("pages_id");
  CREATE INDEX "pages_hosts_order_idx" ON "pages_hosts" USING btree ("_order");
  CREATE INDEX "pages_hosts_parent_id_idx" ON "pages_hosts" USING btree ("_parent_id");
  CREATE INDEX "pages_sections_order_idx" ON "pages_sections" USING btree ("_order");
  CREATE INDEX "pages_sections_parent_id_idx" ON "pages_sections" USING btree ("_parent_id");
  CREATE INDEX "pages_sections_group_idx" ON "pages_sections" USING btree ("group_id");
  CREATE UNIQUE INDEX "pages_slug_idx" ON "pages" USING btree ("slug");
  CREATE INDEX "pages_logo_idx" ON "pages" USING btree ("logo_id");
  CREATE INDEX "pages_favicon_idx" ON "pages" USING btree ("favicon_id");
  CREATE INDEX "pages_updated_at_idx" ON "pages" USING btree ("updated_at");
  CREATE INDEX "pages_created_at_idx" ON "pages" USING btree ("created_at");
  CREATE INDEX "pages_rels_order_idx" ON "pages_rels" USING btree ("order");
  CREATE INDEX "pages_rels_parent_idx" ON "pages_rels" USING btree ("parent_id");
  CREATE INDEX "pages_rels_path_idx" ON "pages_rels" USING btree ("path");
  CREATE INDEX "pages_rels_services_id_idx" ON "pages_rels" USING btree ("services_id");
  CREATE INDEX "settings_sections_order_idx" ON "settings_sections" USING btree ("_order");
  CREATE INDEX "settings_sections_parent_id_idx" ON "settings_sections" USING btree ("_parent_id");
  CREATE INDEX "settings_sections_group_idx" ON "settings_sections" USING btree ("group_id");
  CREATE INDEX "settings_rels_order_idx" ON "settings_rels" USING btree ("order");
  CREATE INDEX "settings_rels_parent_idx" ON "settings_rels" USING btree ("parent_id");
  CREATE INDEX "settings_rels_path_idx" ON "settings_rels" USING btree ("path");
  CREATE INDEX "settings_rels_services_id_idx" ON "settings_rels" USING btree ("services_id");
  ALTER TABLE "incidents_rels" ADD CONSTRAINT "incidents_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "maintenances_rels" ADD CONSTRAINT "maintenances_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "incidents_rels_pages_id_idx" ON "incidents_rels" USING btree ("pages_id");
  CREATE INDEX "maintenances_rels_pages_id_idx" ON "maintenances_rels" USING btree ("pages_id");
  CREATE INDEX "subscribers_page_idx" ON "subscribers" USING btree ("page_id");
  CREATE UNIQUE INDEX "email_pageKey_idx" ON "subscribers" USING btree ("email","page_key");
  CREATE UNIQUE INDEX "phone_pageKey_idx" ON "subscribers" USING btree ("phone","page_key");
  CREATE UNIQUE INDEX "url_pageKey_idx" ON "subscribers" USING btree ("url","page_key");
  CREATE INDEX "payload_locked_documents_rels_pages_id_idx" ON "payload_locked_documents_rels" USING btree ("pages_id");
  CREATE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");
  CREATE INDEX "subscribers_phone_idx" ON "subscribers" USING btree ("phone");
  CREATE INDEX "subscribers_url_idx" ON "subscribers" USING btree ("url");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pages_hosts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pages_sections" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pages_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "settings_sections" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "settings_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "users_rels" CASCADE;
  DROP TABLE "pages_hosts" CASCADE;
  DROP TABLE "pages_sections" CASCADE;
  DROP TABLE "pages" CASCADE;
  DROP TABLE "pages_rels" CASCADE;
  DROP TABLE "settings_sections" CASCADE;
  DROP TABLE "settings_rels" CASCADE;
  ALTER TABLE "incidents_rels" DROP CONSTRAINT "incidents_rels_pages_fk";
  
  ALTER TABLE "maintenances_rels" DROP CONSTRAINT "maintenances_rels_pages_fk";
  
  ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_page_id_pages_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_pages_fk";
  
  DROP INDEX "incidents_rels_pages_id_idx";
  DROP INDEX "maintenances_rels_pages_id_idx";
  DROP INDEX "subscribers_page_idx";
  DROP INDEX "email_pageKey_idx";
  DROP INDEX "phone_pageKey_idx";
  DROP INDEX "url_pageKey_idx";
  DROP INDEX "payload_locked_documents_rels_pages_id_idx";
  DROP INDEX "subscribers_email_idx";
  DROP INDEX "subscribers_phone_idx";
  DROP INDEX "subscribers_url_idx";
  CREATE UNIQUE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");
  CREATE UNIQUE INDEX "subscribers_phone_idx" ON "subscribers" USING btree ("phone");
  CREATE UNIQUE INDEX "subscribers_url_idx" ON "subscribers" USING btree ("url");
  ALTER TABLE "incidents_rels" DROP COLUMN "pages_id";
  ALTER TABLE "maintenances_rels" DROP COLUMN "pages_id";
  ALTER TABLE "subscribers" DROP COLUMN "page_id";
  ALTER TABLE "subscribers" DROP COLUMN "page_key";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "pages_id";`)
}
