import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_settings_access_mode" AS ENUM('public', 'private');
  CREATE TABLE "settings_access_passwords" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar,
  	"password" varchar
  );
  
  CREATE TABLE "settings_access_networks" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"network" varchar,
  	"label" varchar
  );
  
  CREATE TABLE "settings_access_oidc_allowed_domains" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"domain" varchar
  );
  
  CREATE TABLE "settings_access_oidc_allowed_emails" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"email" varchar
  );
  
  CREATE TABLE "settings_access_oidc_allowed_groups" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"group" varchar
  );
  
  ALTER TABLE "access_links" ALTER COLUMN "page_id" DROP NOT NULL;
  -- An empty page now means the default page's link: a deleted page's links go with it, never left empty.
  ALTER TABLE "access_links" DROP CONSTRAINT "access_links_page_id_pages_id_fk";
  ALTER TABLE "access_links" ADD CONSTRAINT "access_links_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings" ADD COLUMN "access_mode" "enum_settings_access_mode" DEFAULT 'public';
  ALTER TABLE "settings" ADD COLUMN "access_oidc_issuer" varchar;
  ALTER TABLE "settings" ADD COLUMN "access_oidc_client_id" varchar;
  ALTER TABLE "settings" ADD COLUMN "access_oidc_client_secret" varchar;
  ALTER TABLE "settings" ADD COLUMN "access_oidc_label" varchar;
  ALTER TABLE "settings" ADD COLUMN "access_oidc_scopes" varchar DEFAULT 'openid email profile';
  ALTER TABLE "settings" ADD COLUMN "access_oidc_groups_claim" varchar;
  ALTER TABLE "settings_access_passwords" ADD CONSTRAINT "settings_access_passwords_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_access_networks" ADD CONSTRAINT "settings_access_networks_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_access_oidc_allowed_domains" ADD CONSTRAINT "settings_access_oidc_allowed_domains_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_access_oidc_allowed_emails" ADD CONSTRAINT "settings_access_oidc_allowed_emails_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_access_oidc_allowed_groups" ADD CONSTRAINT "settings_access_oidc_allowed_groups_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "settings_access_passwords_order_idx" ON "settings_access_passwords" USING btree ("_order");
  CREATE INDEX "settings_access_passwords_parent_id_idx" ON "settings_access_passwords" USING btree ("_parent_id");
  CREATE INDEX "settings_access_networks_order_idx" ON "settings_access_networks" USING btree ("_order");
  CREATE INDEX "settings_access_networks_parent_id_idx" ON "settings_access_networks" USING btree ("_parent_id");
  CREATE INDEX "settings_access_oidc_allowed_domains_order_idx" ON "settings_access_oidc_allowed_domains" USING btree ("_order");
  CREATE INDEX "settings_access_oidc_allowed_domains_parent_id_idx" ON "settings_access_oidc_allowed_domains" USING btree ("_parent_id");
  CREATE INDEX "settings_access_oidc_allowed_emails_order_idx" ON "settings_access_oidc_allowed_emails" USING btree ("_order");
  CREATE INDEX "settings_access_oidc_allowed_emails_parent_id_idx" ON "settings_access_oidc_allowed_emails" USING btree ("_parent_id");
  CREATE INDEX "settings_access_oidc_allowed_groups_order_idx" ON "settings_access_oidc_allowed_groups" USING btree ("_order");
  CREATE INDEX "settings_access_oidc_allowed_groups_parent_id_idx" ON "settings_access_oidc_allowed_groups" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "settings_access_passwords" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "settings_access_networks" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "settings_access_oidc_allowed_domains" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "settings_access_oidc_allowed_emails" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "settings_access_oidc_allowed_groups" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "settings_access_passwords" CASCADE;
  DROP TABLE "settings_access_networks" CASCADE;
  DROP TABLE "settings_access_oidc_allowed_domains" CASCADE;
  DROP TABLE "settings_access_oidc_allowed_emails" CASCADE;
  DROP TABLE "settings_access_oidc_allowed_groups" CASCADE;
  ALTER TABLE "access_links" DROP CONSTRAINT "access_links_page_id_pages_id_fk";
  ALTER TABLE "access_links" ADD CONSTRAINT "access_links_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "access_links" ALTER COLUMN "page_id" SET NOT NULL;
  ALTER TABLE "settings" DROP COLUMN "access_mode";
  ALTER TABLE "settings" DROP COLUMN "access_oidc_issuer";
  ALTER TABLE "settings" DROP COLUMN "access_oidc_client_id";
  ALTER TABLE "settings" DROP COLUMN "access_oidc_client_secret";
  ALTER TABLE "settings" DROP COLUMN "access_oidc_label";
  ALTER TABLE "settings" DROP COLUMN "access_oidc_scopes";
  ALTER TABLE "settings" DROP COLUMN "access_oidc_groups_claim";
  DROP TYPE "public"."enum_settings_access_mode";`)
}
