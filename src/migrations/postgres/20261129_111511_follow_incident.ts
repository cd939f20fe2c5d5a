import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Following one incident (docs/notifications.md): the incident a subscriber follows (ON DELETE SET NULL), and
 * `incident_key` (its id, 0 for a subscriber of the whole page, kept after the incident is deleted), which the unique
 * indexes of an address now pair with its page's key.
 */

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "email_pageKey_idx";
  DROP INDEX "phone_pageKey_idx";
  DROP INDEX "url_pageKey_idx";
  ALTER TABLE "subscribers" ADD COLUMN "incident_id" integer;
  ALTER TABLE "subscribers" ADD COLUMN "incident_key" numeric DEFAULT 0;
  ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "subscribers_incident_idx" ON "subscribers" USING btree ("incident_id");
  CREATE INDEX "subscribers_incident_key_idx" ON "subscribers" USING btree ("incident_key");
  CREATE UNIQUE INDEX "email_pageKey_incidentKey_idx" ON "subscribers" USING btree ("email","page_key","incident_key");
  CREATE UNIQUE INDEX "phone_pageKey_incidentKey_idx" ON "subscribers" USING btree ("phone","page_key","incident_key");
  CREATE UNIQUE INDEX "url_pageKey_incidentKey_idx" ON "subscribers" USING btree ("url","page_key","incident_key");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_incident_id_incidents_id_fk";
  
  DROP INDEX "subscribers_incident_idx";
  DROP INDEX "subscribers_incident_key_idx";
  DROP INDEX "email_pageKey_incidentKey_idx";
  DROP INDEX "phone_pageKey_incidentKey_idx";
  DROP INDEX "url_pageKey_incidentKey_idx";
  CREATE UNIQUE INDEX "email_pageKey_idx" ON "subscribers" USING btree ("email","page_key");
  CREATE UNIQUE INDEX "phone_pageKey_idx" ON "subscribers" USING btree ("phone","page_key");
  CREATE UNIQUE INDEX "url_pageKey_idx" ON "subscribers" USING btree ("url","page_key");
  ALTER TABLE "subscribers" DROP COLUMN "incident_id";
  ALTER TABLE "subscribers" DROP COLUMN "incident_key";`)
}
