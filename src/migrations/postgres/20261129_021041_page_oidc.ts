import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "pages_access_oidc_allowed_domains" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"domain" varchar
  );
  
  CREATE TABLE "pages_access_oidc_allowed_emails" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"email" varchar
  );
  
  CREATE TABLE "pages_access_oidc_allowed_groups" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"group" varchar
  );
  
  ALTER TABLE "pages" ADD COLUMN "access_oidc_issuer" varchar;
  ALTER TABLE "pages" ADD COLUMN "access_oidc_client_id" varchar;
  ALTER TABLE "pages" ADD COLUMN "access_oidc_client_secret" varchar;
  ALTER TABLE "pages" ADD COLUMN "access_oidc_label" varchar;
  ALTER TABLE "pages" ADD COLUMN "access_oidc_scopes" varchar DEFAULT 'openid email profile';
  ALTER TABLE "pages" ADD COLUMN "access_oidc_groups_claim" varchar;
  ALTER TABLE "pages_access_oidc_allowed_domains" ADD CONSTRAINT "pages_access_oidc_allowed_domains_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_access_oidc_allowed_emails" ADD CONSTRAINT "pages_access_oidc_allowed_emails_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_access_oidc_allowed_groups" ADD CONSTRAINT "pages_access_oidc_allowed_groups_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "pages_access_oidc_allowed_domains_order_idx" ON "pages_access_oidc_allowed_domains" USING btree ("_order");
  CREATE INDEX "pages_access_oidc_allowed_domains_parent_id_idx" ON "pages_access_oidc_allowed_domains" USING btree ("_parent_id");
  CREATE INDEX "pages_access_oidc_allowed_emails_order_idx" ON "pages_access_oidc_allowed_emails" USING btree ("_order");
  CREATE INDEX "pages_access_oidc_allowed_emails_parent_id_idx" ON "pages_access_oidc_allowed_emails" USING btree ("_parent_id");
  CREATE INDEX "pages_access_oidc_allowed_groups_order_idx" ON "pages_access_oidc_allowed_groups" USING btree ("_order");
  CREATE INDEX "pages_access_oidc_allowed_groups_parent_id_idx" ON "pages_access_oidc_allowed_groups" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "pages_access_oidc_allowed_domains" CASCADE;
  DROP TABLE "pages_access_oidc_allowed_emails" CASCADE;
  DROP TABLE "pages_access_oidc_allowed_groups" CASCADE;
  ALTER TABLE "pages" DROP COLUMN "access_oidc_issuer";
  ALTER TABLE "pages" DROP COLUMN "access_oidc_client_id";
  ALTER TABLE "pages" DROP COLUMN "access_oidc_client_secret";
  ALTER TABLE "pages" DROP COLUMN "access_oidc_label";
  ALTER TABLE "pages" DROP COLUMN "access_oidc_scopes";
  ALTER TABLE "pages" DROP COLUMN "access_oidc_groups_claim";`)
}
