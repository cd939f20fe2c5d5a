import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'


/**
 * Subscribers belong to a page (docs/pages.md): `page` (empty: the default page) and `page_key`, its id or 0, which
 * the unique indexes of an address pair with, so one address may follow two pages. Every existing subscriber
 * follows the default page.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "subscribers_email_idx";
  DROP INDEX "subscribers_phone_idx";
  DROP INDEX "subscribers_url_idx";
  ALTER TABLE "subscribers" ADD COLUMN "page_id" integer;
  ALTER TABLE "subscribers" ADD COLUMN "page_key" numeric DEFAULT 0;
  ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "subscribers_page_idx" ON "subscribers" USING btree ("page_id");
  CREATE UNIQUE INDEX "email_pageKey_idx" ON "subscribers" USING btree ("email","page_key");
  CREATE UNIQUE INDEX "phone_pageKey_idx" ON "subscribers" USING btree ("phone","page_key");
  CREATE UNIQUE INDEX "url_pageKey_idx" ON "subscribers" USING btree ("url","page_key");
  CREATE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");
  CREATE INDEX "subscribers_phone_idx" ON "subscribers" USING btree ("phone");
  CREATE INDEX "subscribers_url_idx" ON "subscribers" USING btree ("url");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_page_id_pages_id_fk";
  
  DROP INDEX "subscribers_page_idx";
  DROP INDEX "email_pageKey_idx";
  DROP INDEX "phone_pageKey_idx";
  DROP INDEX "url_pageKey_idx";
  DROP INDEX "subscribers_email_idx";
  DROP INDEX "subscribers_phone_idx";
  DROP INDEX "subscribers_url_idx";
  CREATE UNIQUE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");
  CREATE UNIQUE INDEX "subscribers_phone_idx" ON "subscribers" USING btree ("phone");
  CREATE UNIQUE INDEX "subscribers_url_idx" ON "subscribers" USING btree ("url");
  ALTER TABLE "subscribers" DROP COLUMN "page_id";
  ALTER TABLE "subscribers" DROP COLUMN "page_key";`)
}
